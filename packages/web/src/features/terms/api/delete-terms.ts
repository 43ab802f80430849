import { type TTerms, ZTermsInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { termsKey } from './find-terms.ts';

/** POST /api/terms/delete {termsInfos: [{termsId}]}. */
export async function deleteTerms(termsIds: number[]): Promise<TTerms[]> {
  const answer = await typedRequest('/terms/delete', ZTermsInfos, {
    body: { termsInfos: termsIds.map((termsId) => ({ termsId })) },
  });
  return answer.termsInfos;
}

export function useDeleteTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTerms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: termsKey }),
  });
}
