import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

export type TResetPasswordBody = { token: string; passwordHash: string };

/** POST /api/user/reset-password with the mailed single-use token. */
export function resetPassword(body: TResetPasswordBody): Promise<object> {
  return apiRequest('/user/reset-password', { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
