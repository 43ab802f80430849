import {
  type TPriceListFindRequest,
  type TPriceListGetRequest,
  ZPriceListGetAnswer,
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
 * After a change: the tables load again; a list's pages of items are only marked stale, so the
 * open editor is not refetched under the person's hands but a later visit reads afresh.
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

/** One list with one page of its items, and how many items the page's search matches. */
export type TPriceListItems = { list: TPriceListSummary; totalCount: number };

/** Items per page in the editor's grid; the first page is read with the list itself. */
export const ITEM_PAGE_SIZE = 100;
export const FIRST_ITEMS: TPriceListGetRequest = { page: 1, pageSize: ITEM_PAGE_SIZE };

/**
 * POST /api/prices/get/pricelist/{id}: one list with a page of its items (the server pages them
 * as finds: page, pageSize, sort, search); null when there is no such list.
 */
export async function getPriceList(id: number, query: TPriceListGetRequest): Promise<TPriceListItems | null> {
  try {
    const answer = await typedRequest(`/prices/get/pricelist/${id}`, ZPriceListGetAnswer, {
      body: query,
      toastErrors: false,
    });
    const list = answer.priceListInfos[0];
    return list ? { list, totalCount: answer.totalCount } : null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The key of a list's pages: a save or an import refetches them all at once. */
export function priceListPagesKey(id: number | null) {
  return [...priceListsKey, 'one', id] as const;
}

/** One page of a list's items; the page shown stays while the next loads. */
export function usePriceListItems(id: number | null, query: TPriceListGetRequest) {
  return useQuery({
    queryKey: [...priceListPagesKey(id), query],
    queryFn: () => getPriceList(id ?? 0, query),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    // An editor's page is never refetched behind its back; a save or an import refetches it.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** The list itself (read with the first page of its items, which the grid then shows from the cache). */
export function usePriceList(id: number | null) {
  return useQuery({
    queryKey: [...priceListPagesKey(id), FIRST_ITEMS],
    queryFn: () => getPriceList(id ?? 0, FIRST_ITEMS),
    enabled: id !== null,
    select: (found: TPriceListItems | null) => found?.list ?? null,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}
