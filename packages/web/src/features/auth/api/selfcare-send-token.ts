import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET /api/user/selfcare/send-token: mails a one-time activation code to the self-care user. */
export function sendSelfcareToken(): Promise<object> {
  return apiRequest('/user/selfcare/send-token', { method: 'GET' });
}

export function useSendSelfcareToken() {
  return useMutation({ mutationFn: sendSelfcareToken });
}
