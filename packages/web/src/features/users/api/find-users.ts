import type { TUser, TUserFindRequest } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

export type TUserPage = { userInfos: TUser[]; totalCount: number };

/** POST /api/user/find with paging, sorting, search and filters. */
export async function findUsers(query: TUserFindRequest): Promise<TUserPage> {
  const answer = await apiRequest<Partial<TUserPage>>('/user/find', { body: query, toastErrors: false });
  const userInfos = answer.userInfos ?? [];
  return { userInfos, totalCount: answer.totalCount ?? userInfos.length };
}

export const usersKey = ['users'] as const;

export function useFindUsers(query: TUserFindRequest) {
  return useQuery({
    queryKey: [...usersKey, 'find', query],
    queryFn: () => findUsers(query),
    placeholderData: keepPreviousData,
  });
}
