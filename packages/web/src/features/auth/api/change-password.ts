import { ZEnvelope } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TChangePasswordBody = { oldPasswordHash: string; newPasswordHash: string };

/** POST /api/user/change-password for the signed-in user. */
export function changePassword(body: TChangePasswordBody): Promise<object> {
  return typedRequest('/user/change-password', ZEnvelope, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
