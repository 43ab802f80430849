import { type TActivation, ZActivation } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/** POST /api/user/activate {token}: the mailed link's token, no sign-in needed; answers a full sign-in. */
export function activateByLink(token: string): Promise<TActivation> {
  return typedRequest('/user/activate', ZActivation, { body: { token }, auth: false, toastErrors: false });
}

export function useActivateByLink() {
  return useMutation({ mutationFn: activateByLink });
}
