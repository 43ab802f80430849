import { type TUserFindRequest, ZUser } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export const ZUserPage = z.object({ userInfos: z.array(ZUser), totalCount: z.number().int().nonnegative() });
export type TUserPage = z.infer<typeof ZUserPage>;

/** POST /api/user/find with paging, sorting, search and filters. */
export function findUsers(query: TUserFindRequest): Promise<TUserPage> {
  return typedRequest('/user/find', ZUserPage, { body: query, toastErrors: false });
}

export const usersKey = ['users'] as const;

export function useFindUsers(query: TUserFindRequest) {
  return useQuery({
    queryKey: [...usersKey, 'find', query],
    queryFn: () => findUsers(query),
    placeholderData: keepPreviousData,
  });
}
