import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import type { TSearchOption } from '../../../shared/firestop/search-select.tsx';

const ZUserNames = z.object({
  userInfos: z.array(z.object({ id: z.number().int(), login: z.string() })),
});

/** Options of the user filter: the first 20 users of the caller's tree whose names match the text. */
export async function findActivityUsers(text: string, signal: AbortSignal): Promise<TSearchOption[]> {
  const answer = await typedRequest('/user/find', ZUserNames, {
    body: {
      page: 1,
      pageSize: 20,
      sort: [{ field: 'login', dir: 'asc' }],
      ...(text ? { search: text } : {}),
    },
    toastErrors: false,
    signal,
  });
  return answer.userInfos.map((user) => ({ value: user.id, label: user.login }));
}
