import { type TUser, type TUserInputSent, ZUser } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { usersKey } from './find-users.ts';

const ZAnswer = z.object({ userInfos: z.array(ZUser) });

/** POST /api/user/save {userInfos}: creates (no id) or updates users. */
export async function saveUsers(userInfos: TUserInputSent[]): Promise<TUser[]> {
  return (await typedRequest('/user/save', ZAnswer, { body: { userInfos } })).userInfos;
}

export function useSaveUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
