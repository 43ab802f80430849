import { type TApiToken, type TApiTokenInput, ZApiTokenInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { tokensKey } from './find-tokens.ts';

/** POST /api/token/save {apiTokenInfos}: the answer carries each new token's secret, this once. */
export async function saveTokens(apiTokenInfos: TApiTokenInput[]): Promise<TApiToken[]> {
  return (await typedRequest('/token/save', ZApiTokenInfos, { body: { apiTokenInfos } })).apiTokenInfos;
}

export function useSaveTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTokens,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}
