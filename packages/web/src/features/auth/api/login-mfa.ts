import { useMutation } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { type TLoginAnswer, ZLoginAnswer } from './login.ts';

export type TMfaLoginBody = { mfaToken: string; code: string };

/** POST /api/user/login/mfa: the second step of a TOTP sign-in; answers like login. */
export function loginMfa(body: TMfaLoginBody): Promise<TLoginAnswer> {
  return typedRequest('/user/login/mfa', ZLoginAnswer, { body, toastErrors: false });
}

export function useLoginMfa() {
  return useMutation({ mutationFn: loginMfa });
}
