import type { TLoginRequest, TUser } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

export type TLoginAnswer =
  | { mfaRequired: true; mfaToken: string }
  | { mfaRequired?: false; id: number; authToken: string; refreshToken: string; userInfos: TUser[] };

/** POST /api/user/login; errors are shown by the form (401, 403 and 429 each have their text). */
export function login(body: TLoginRequest): Promise<TLoginAnswer> {
  return apiRequest<TLoginAnswer>('/user/login', { body, toastErrors: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
