import { type TUser, ZUser } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { usersKey } from './find-users.ts';

const ZAnswer = z.object({ userInfos: z.array(ZUser) });

/** POST /api/user/delete {userInfos: [{login}]}; answers the deleted users. */
export async function deleteUsers(logins: string[]): Promise<TUser[]> {
  const answer = await typedRequest('/user/delete', ZAnswer, {
    body: { userInfos: logins.map((login) => ({ login })) },
  });
  return answer.userInfos;
}

export function useDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
