import { type TApiTokenFindRequest, ZApiTokenPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TTokenPage = z.infer<typeof ZApiTokenPage>;

/** POST /api/token/find with paging, sorting, search and the scope and company filters. */
export function findTokens(query: TApiTokenFindRequest): Promise<TTokenPage> {
  return typedRequest('/token/find', ZApiTokenPage, { body: query, toastErrors: false });
}

/** Every query about API tokens starts with this key, so a create or revoke refreshes them all. */
export const tokensKey = ['api-tokens'] as const;

export function useFindTokens(query: TApiTokenFindRequest) {
  return useQuery({
    queryKey: [...tokensKey, 'find', query],
    queryFn: () => findTokens(query),
    placeholderData: keepPreviousData,
  });
}
