import type { TTerms } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET /api/terms/current: the terms the signed-in user must accept; none when the list is empty. */
export async function fetchCurrentTerms(toastErrors = true): Promise<TTerms | null> {
  const answer = await apiRequest<{ termsInfos?: TTerms[] }>('/terms/current', {
    method: 'GET',
    toastErrors,
  });
  return answer.termsInfos?.[0] ?? null;
}

export function useCurrentTerms() {
  return useQuery({ queryKey: ['terms', 'current'], queryFn: () => fetchCurrentTerms() });
}
