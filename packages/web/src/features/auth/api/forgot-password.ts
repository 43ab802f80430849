import type { TBotCheck } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

export type TForgotPasswordBody = { userLogin: string; botCheck?: TBotCheck };

/** POST /api/user/forgot-password: always 200, so nobody learns which accounts exist. */
export function forgotPassword(body: TForgotPasswordBody): Promise<object> {
  return apiRequest('/user/forgot-password', { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
