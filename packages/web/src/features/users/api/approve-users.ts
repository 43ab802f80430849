import { type TUser, ZUser } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { usersKey } from './find-users.ts';

export type TApproval = { id: number; login?: string; active: boolean };

const ZAnswer = z.object({ userInfos: z.array(ZUser) });

/** POST /api/user/approve: activates (approves) or deactivates users. */
export async function approveUsers(userInfos: TApproval[]): Promise<TUser[]> {
  return (await typedRequest('/user/approve', ZAnswer, { body: { userInfos } })).userInfos;
}

export function useApproveUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
