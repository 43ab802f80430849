import type { TUser } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';
import { usersKey } from './find-users.ts';

/** POST /api/user/delete {userInfos: [{login}]}; answers the deleted users. */
export async function deleteUsers(logins: string[]): Promise<TUser[]> {
  const answer = await apiRequest<{ userInfos?: TUser[] }>('/user/delete', {
    body: { userInfos: logins.map((login) => ({ login })) },
  });
  return answer.userInfos ?? [];
}

export function useDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
