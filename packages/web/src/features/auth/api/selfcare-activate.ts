import { type TActivation, ZActivation } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/**
 * POST /api/user/selfcare/activate {token}: the signed-in self-care user's typed code; answers the
 * full sign-in that replaces the self-care one.
 */
export function activateSelfcare(token: string): Promise<TActivation> {
  return typedRequest('/user/selfcare/activate', ZActivation, { body: { token } });
}

export function useActivateSelfcare() {
  return useMutation({ mutationFn: activateSelfcare });
}
