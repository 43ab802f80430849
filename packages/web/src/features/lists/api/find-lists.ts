import { type TGenericList, type TListFindRequest, ZListPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TListPage = z.infer<typeof ZListPage>;

/** POST /api/list/find with paging, sorting, search and the active filter. */
export function findLists(query: TListFindRequest): Promise<TListPage> {
  return typedRequest('/list/find', ZListPage, { body: query, toastErrors: false });
}

/** Every query about generic lists starts with this key, so a save refreshes them all. */
export const listsKey = ['generic-lists'] as const;

export function useFindLists(query: TListFindRequest) {
  return useQuery({
    queryKey: [...listsKey, 'find', query],
    queryFn: () => findLists(query),
    placeholderData: keepPreviousData,
  });
}

/** One list by id (POST /api/list/find {ids}), inactive ones included; null when there is none. */
export async function findList(listId: number): Promise<TGenericList | null> {
  const page = await findLists({ page: 1, pageSize: 1, ids: [listId] });
  return page.listInfos[0] ?? null;
}

export function useList(listId: number | null) {
  return useQuery({
    queryKey: [...listsKey, 'one', listId],
    queryFn: () => findList(listId ?? 0),
    enabled: listId !== null,
  });
}
