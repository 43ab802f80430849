import { type TBotCheck, ZEnvelope } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TForgotPasswordBody = { userLogin: string; botCheck?: TBotCheck };

/** POST /api/user/forgot-password: always 200, so nobody learns which accounts exist. */
export function forgotPassword(body: TForgotPasswordBody): Promise<object> {
  return typedRequest('/user/forgot-password', ZEnvelope, { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
