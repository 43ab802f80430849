import { type TTerms, ZTerms } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

const ZAnswer = z.object({ termsInfos: z.array(ZTerms) });

/** GET /api/terms/current: the terms the signed-in user must accept; none when the list is empty. */
export async function fetchCurrentTerms(toastErrors = true): Promise<TTerms | null> {
  const answer = await typedRequest('/terms/current', ZAnswer, { method: 'GET', toastErrors });
  return answer.termsInfos[0] ?? null;
}

export function useCurrentTerms() {
  return useQuery({ queryKey: ['terms', 'current'], queryFn: () => fetchCurrentTerms() });
}
