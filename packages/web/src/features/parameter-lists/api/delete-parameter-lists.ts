import { ZParameterListInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { parameterListsKey } from './find-parameter-lists.ts';

/** POST /api/parameters/delete/parameterlist {parameterListInfos}; 409 parameterListInUse while families use one. */
export async function deleteParameterLists(ids: number[]): Promise<void> {
  await typedRequest('/parameters/delete/parameterlist', ZParameterListInfos, {
    body: { parameterListInfos: ids.map((parameterListId) => ({ parameterListId })) },
  });
}

export function useDeleteParameterLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParameterLists,
    // The table is not on screen while a list's page deletes it: refetch it too, so going back
    // never shows the deleted list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parameterListsKey, refetchType: 'all' }),
  });
}
