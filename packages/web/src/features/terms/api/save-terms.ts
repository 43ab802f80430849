import { type TTerms, type TTermsInput, ZTermsInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { termsKey } from './find-terms.ts';

/** POST /api/terms/save {termsInfos}: creates (no id) or updates terms; companyId null is portal-wide (admins). */
export async function saveTerms(termsInfos: TTermsInput[]): Promise<TTerms[]> {
  return (await typedRequest('/terms/save', ZTermsInfos, { body: { termsInfos } })).termsInfos;
}

export function useSaveTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTerms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: termsKey }),
  });
}
