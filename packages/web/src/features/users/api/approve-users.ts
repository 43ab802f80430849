import type { TUser } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';
import { usersKey } from './find-users.ts';

export type TApproval = { id: number; login?: string; active: boolean };

/** POST /api/user/approve: activates (approves) or deactivates users. */
export async function approveUsers(userInfos: TApproval[]): Promise<TUser[]> {
  const answer = await apiRequest<{ userInfos?: TUser[] }>('/user/approve', { body: { userInfos } });
  return answer.userInfos ?? [];
}

export function useApproveUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
