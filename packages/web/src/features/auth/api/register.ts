import { type TRegisterRequest, type TUser, ZUser } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

const ZAnswer = z.object({ userInfos: z.array(ZUser) });

/** POST /api/user/register: the new user is stored inactive until an administrator approves it. */
export function register(body: TRegisterRequest): Promise<{ userInfos: TUser[] }> {
  return typedRequest('/user/register', ZAnswer, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
