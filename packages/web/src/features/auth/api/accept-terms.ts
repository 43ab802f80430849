import type { TUser } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET /api/user/acceptterms/{termsId}: records the acceptance and answers the updated user. */
export async function acceptTerms(termsId: number): Promise<TUser | null> {
  const answer = await apiRequest<{ userInfos?: TUser[] }>(`/user/acceptterms/${termsId}`, { method: 'GET' });
  return answer.userInfos?.[0] ?? null;
}

export function useAcceptTerms() {
  return useMutation({ mutationFn: acceptTerms });
}
