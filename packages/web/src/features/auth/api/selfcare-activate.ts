import type { TUser } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** POST /api/user/selfcare/activate {token}: completes the registration. */
export function activateSelfcare(token: string): Promise<{ userInfos?: TUser[] }> {
  return apiRequest<{ userInfos?: TUser[] }>('/user/selfcare/activate', { body: { token } });
}

export function useActivateSelfcare() {
  return useMutation({ mutationFn: activateSelfcare });
}
