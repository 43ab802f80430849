import { ZEnvelope } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TResetPasswordBody = { token: string; passwordHash: string };

/** POST /api/user/reset-password with the mailed single-use token. */
export function resetPassword(body: TResetPasswordBody): Promise<object> {
  return typedRequest('/user/reset-password', ZEnvelope, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
