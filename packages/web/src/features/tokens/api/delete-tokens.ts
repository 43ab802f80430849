import { type TApiToken, ZApiTokenInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { tokensKey } from './find-tokens.ts';

/** POST /api/token/delete {apiTokenInfos: [{apiTokenId}]}: revokes the tokens at once. */
export async function deleteTokens(apiTokenIds: number[]): Promise<TApiToken[]> {
  const answer = await typedRequest('/token/delete', ZApiTokenInfos, {
    body: { apiTokenInfos: apiTokenIds.map((apiTokenId) => ({ apiTokenId })) },
  });
  return answer.apiTokenInfos;
}

export function useDeleteTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTokens,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}
