import { type TRevitFamily, type TRevitFamilyInput, ZRevitFamilyInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { familiesKey } from './find-families.ts';

/** POST /api/family/save: creates one family (a request for approval when the caller is no admin). */
export async function saveFamily(input: TRevitFamilyInput): Promise<TRevitFamily> {
  const answer = await typedRequest('/family/save', ZRevitFamilyInfos, {
    body: { revitFamilyInfos: [input] },
  });
  const [family] = answer.revitFamilyInfos;
  if (!family) throw new Error('family/save answered no family');
  return family;
}

export function useSaveFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFamily,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familiesKey }),
  });
}
