import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';
import type { TLoginAnswer } from './login.ts';

export type TMfaLoginBody = { mfaToken: string; code: string };

/** POST /api/user/login/mfa: the second step of a TOTP sign-in; answers like login. */
export function loginMfa(body: TMfaLoginBody): Promise<TLoginAnswer> {
  return apiRequest<TLoginAnswer>('/user/login/mfa', { body, toastErrors: false });
}

export function useLoginMfa() {
  return useMutation({ mutationFn: loginMfa });
}
