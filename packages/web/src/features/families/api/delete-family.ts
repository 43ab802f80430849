import { type TRevitFamily, ZRevitFamilyInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { familiesKey } from './find-families.ts';

/** POST /api/family/delete for one family; a non-admin's delete comes back as a request (RfR). */
export async function deleteFamily(revitFamilyId: number): Promise<TRevitFamily | null> {
  const answer = await typedRequest('/family/delete', ZRevitFamilyInfos, {
    body: { revitFamilyInfos: [{ revitFamilyId }] },
  });
  return answer.revitFamilyInfos[0] ?? null;
}

export function useDeleteFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFamily,
    // The deleted family's own query must not refetch into a 404 while the page leaves.
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...familiesKey, 'get', id] });
      return queryClient.invalidateQueries({ queryKey: familiesKey });
    },
  });
}
