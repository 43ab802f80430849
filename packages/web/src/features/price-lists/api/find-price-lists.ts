import {
  type TPriceListFindRequest,
  ZPriceListInfos,
  ZPriceListPage,
  type ZPriceListSummary,
} from '@portal/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error.ts';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TPriceListPage = z.infer<typeof ZPriceListPage>;
export type TPriceListSummary = z.infer<typeof ZPriceListSummary>;

/** POST /api/prices/find/pricelist with paging, sorting, search and the flag filters (no items). */
export function findPriceLists(query: TPriceListFindRequest): Promise<TPriceListPage> {
  return typedRequest('/prices/find/pricelist', ZPriceListPage, { body: query, toastErrors: false });
}

/** Every query about price lists starts with this key, so a save, copy or delete refreshes them all. */
export const priceListsKey = ['price-lists'] as const;

/**
 * After a change: the tables load again; a list's items (up to 100,000) are only marked stale,
 * so the open editor is not refetched under the person's hands but a later visit reads afresh.
 */
export async function afterPriceListChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...priceListsKey, 'find'] }),
    queryClient.invalidateQueries({ queryKey: [...priceListsKey, 'one'], refetchType: 'none' }),
  ]);
}

export function useFindPriceLists(query: TPriceListFindRequest) {
  return useQuery({
    queryKey: [...priceListsKey, 'find', query],
    queryFn: () => findPriceLists(query),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/prices/get/pricelist/{id}: one list with all its items; null when there is none. */
export async function getPriceList(id: number): Promise<TPriceListSummary | null> {
  try {
    const answer = await typedRequest(`/prices/get/pricelist/${id}`, ZPriceListInfos, {
      method: 'POST',
      toastErrors: false,
    });
    return answer.priceListInfos[0] ?? null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function usePriceList(id: number | null) {
  return useQuery({
    queryKey: [...priceListsKey, 'one', id],
    queryFn: () => getPriceList(id ?? 0),
    enabled: id !== null,
    // A list may hold 100,000 items: never refetch it behind an editor's back.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}
