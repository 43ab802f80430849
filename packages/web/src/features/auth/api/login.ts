import { type TLoginRequest, ZUser } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/** The login and login/mfa answer: either the second step is due, or the session's tokens. */
export const ZLoginAnswer = z.union([
  z.object({ mfaRequired: z.literal(true), mfaToken: z.string().min(1) }),
  z.object({
    mfaRequired: z.literal(false).optional(),
    id: z.number().int(),
    authToken: z.string().min(1),
    refreshToken: z.string().min(1),
    userInfos: z.array(ZUser),
  }),
]);
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;

/** POST /api/user/login; errors are shown by the form (401, 403 and 429 each have their text). */
export function login(body: TLoginRequest): Promise<TLoginAnswer> {
  return typedRequest('/user/login', ZLoginAnswer, { body, toastErrors: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
