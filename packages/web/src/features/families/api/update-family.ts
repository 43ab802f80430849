import { type TRevitFamily, type TRevitFamilyInput, ZRevitFamilyInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { familiesKey } from './find-families.ts';

export type TRevitFamilyUpdate = TRevitFamilyInput & { revitFamilyId: number };

/** POST /api/family/update: changes one family (a change request when the caller is no admin). */
export async function updateFamily(input: TRevitFamilyUpdate): Promise<TRevitFamily> {
  const answer = await typedRequest('/family/update', ZRevitFamilyInfos, {
    body: { revitFamilyInfos: [input] },
  });
  const [family] = answer.revitFamilyInfos;
  if (!family) throw new Error('family/update answered no family');
  return family;
}

export function useUpdateFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFamily,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familiesKey }),
  });
}
