import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

export type TChangePasswordBody = { oldPasswordHash: string; newPasswordHash: string };

/** POST /api/user/change-password for the signed-in user. */
export function changePassword(body: TChangePasswordBody): Promise<object> {
  return apiRequest('/user/change-password', { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
