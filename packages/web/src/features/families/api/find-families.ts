import { type TFamilyFindRequest, ZRevitFamilyPage } from '@portal/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TFamilyPage = z.infer<typeof ZRevitFamilyPage>;

/**
 * Every cached family query (lists, gallery pages, one family, the pending count) lives under this
 * key: invalidate it after a family is saved, updated or deleted so every screen reads it again.
 */
export const familiesKey = ['families'] as const;

/** POST /api/family/find with paging, sorting, search, filters and (when asked) facets. */
export function findFamilies(query: TFamilyFindRequest, signal?: AbortSignal): Promise<TFamilyPage> {
  return typedRequest('/family/find', ZRevitFamilyPage, { body: query, toastErrors: false, signal });
}

/** One page of families for the table view, the previous page shown while the next one loads. */
export function useFindFamilies(query: TFamilyFindRequest, enabled = true) {
  return useQuery({
    queryKey: [...familiesKey, 'find', query],
    queryFn: ({ signal }) => findFamilies(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Families per gallery page: a few screens of cards, small enough to answer quickly. */
export const GALLERY_PAGE_SIZE = 60;

/**
 * The gallery's pages, loaded one after another as the person scrolls. Only the first page asks
 * for facets: they describe the whole result, not a page of it.
 */
export function useFamilyPages(query: Omit<TFamilyFindRequest, 'page' | 'pageSize'>, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...familiesKey, 'pages', query],
    queryFn: ({ pageParam, signal }) =>
      findFamilies(
        { ...query, page: pageParam, pageSize: GALLERY_PAGE_SIZE, includeFacets: pageParam === 1 },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * GALLERY_PAGE_SIZE < last.totalCount && last.revitFamilyInfos.length > 0
        ? pages.length + 1
        : undefined,
    placeholderData: keepPreviousData,
    enabled,
  });
}
