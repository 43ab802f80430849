import { type TParameterList, type TParameterListInput, ZParameterListInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { parameterListsKey } from './find-parameter-lists.ts';

/**
 * POST /api/parameters/save/parameterlist for a new list, /update/parameterlist for a saved one:
 * parameters with an id change, those without one are added, the list's others are kept.
 */
export async function saveParameterList(input: TParameterListInput): Promise<TParameterList | null> {
  const path =
    input.parameterListId === undefined
      ? '/parameters/save/parameterlist'
      : '/parameters/update/parameterlist';
  const answer = await typedRequest(path, ZParameterListInfos, { body: { parameterListInfos: [input] } });
  return answer.parameterListInfos[0] ?? null;
}

/** POST /api/parameters/delete/parameterlist {parameterInfos}: removes parameters from their lists. */
export async function deleteParameters(parameterIds: number[]): Promise<void> {
  await typedRequest('/parameters/delete/parameterlist', ZParameterListInfos, {
    body: { parameterInfos: parameterIds.map((parameterId) => ({ parameterId })) },
  });
}

export function useSaveParameterList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveParameterList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parameterListsKey }),
  });
}

export function useDeleteParameters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParameters,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parameterListsKey }),
  });
}
