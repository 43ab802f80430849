import type { TRegisterRequest, TUser } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** POST /api/user/register: the new user is stored inactive until an administrator approves it. */
export function register(body: TRegisterRequest): Promise<{ userInfos?: TUser[] }> {
  return apiRequest<{ userInfos?: TUser[] }>('/user/register', { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
