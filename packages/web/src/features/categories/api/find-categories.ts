import { type TCategoryFindRequest, ZCategoryPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TCategoryPage = z.infer<typeof ZCategoryPage>;

/** POST /api/category/find with paging, sorting, search and the active filter. */
export function findCategories(query: TCategoryFindRequest): Promise<TCategoryPage> {
  return typedRequest('/category/find', ZCategoryPage, { body: query, toastErrors: false });
}

export const categoriesKey = ['categories'] as const;

export function useFindCategories(query: TCategoryFindRequest) {
  return useQuery({
    queryKey: [...categoriesKey, 'find', query],
    queryFn: () => findCategories(query),
    placeholderData: keepPreviousData,
  });
}
