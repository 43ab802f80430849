import { ZEnvelope } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/** GET /api/user/selfcare/send-token: mails a one-time activation code to the self-care user. */
export function sendSelfcareToken(): Promise<object> {
  return typedRequest('/user/selfcare/send-token', ZEnvelope, { method: 'GET' });
}

export function useSendSelfcareToken() {
  return useMutation({ mutationFn: sendSelfcareToken });
}
