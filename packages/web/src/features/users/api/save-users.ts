import type { TUser, TUserInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';
import { usersKey } from './find-users.ts';

/** POST /api/user/save {userInfos}: creates (no id) or updates users. */
export async function saveUsers(userInfos: TUserInput[]): Promise<TUser[]> {
  const answer = await apiRequest<{ userInfos?: TUser[] }>('/user/save', { body: { userInfos } });
  return answer.userInfos ?? [];
}

export function useSaveUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
