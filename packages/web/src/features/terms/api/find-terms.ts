import { type TTermsFindRequest, ZTermsPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TTermsPage = z.infer<typeof ZTermsPage>;

/** POST /api/terms/find with paging, sorting, search and the active filter. */
export function findTerms(query: TTermsFindRequest): Promise<TTermsPage> {
  return typedRequest('/terms/find', ZTermsPage, { body: query, toastErrors: false });
}

/** Every query about terms starts with this key, so a save or delete refreshes them all. */
export const termsKey = ['terms-admin'] as const;

export function useFindTerms(query: TTermsFindRequest) {
  return useQuery({
    queryKey: [...termsKey, 'find', query],
    queryFn: () => findTerms(query),
    placeholderData: keepPreviousData,
  });
}
