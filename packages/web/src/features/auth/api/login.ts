import { type TLoginRequest, ZMfaPending, ZSignIn } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/**
 * The login and login/mfa answer (the contract's ZLoginResponse), with `mfaRequired` readable on
 * both branches so a screen tells them apart by that flag.
 */
export const ZLoginAnswer = z.union([
  ZMfaPending,
  ZSignIn.extend({ mfaRequired: z.literal(false).optional() }),
]);
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;

/** POST /api/user/login; errors are shown by the form (401, 403 and 429 each have their text). */
export function login(body: TLoginRequest): Promise<TLoginAnswer> {
  return typedRequest('/user/login', ZLoginAnswer, { body, toastErrors: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
