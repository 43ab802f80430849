import { useQuery } from '@tanstack/react-query';
import { findUsers, usersKey } from './find-users.ts';

/** The stored photo of one user (base64 PNG), or null; lists leave photos out to stay small. */
export async function findUserPhoto(id: number): Promise<string | null> {
  const page = await findUsers({ ids: [id], includePhotos: true });
  return page.userInfos[0]?.photoBase64 ?? null;
}

export function useUserPhoto(id: number | undefined) {
  return useQuery({
    queryKey: [...usersKey, 'photo', id],
    queryFn: () => findUserPhoto(id ?? 0),
    enabled: id !== undefined,
  });
}
