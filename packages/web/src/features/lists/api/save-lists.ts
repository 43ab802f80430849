import { type TGenericList, type TGenericListInput, ZListInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { listsKey } from './find-lists.ts';

/** POST /api/list/save {listInfos}: creates (no id) or updates lists; the items sent replace the list's, in order. */
export async function saveLists(listInfos: TGenericListInput[]): Promise<TGenericList[]> {
  return (await typedRequest('/list/save', ZListInfos, { body: { listInfos } })).listInfos;
}

export function useSaveLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLists,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listsKey }),
  });
}
