import {
  type TParameterList,
  type TParameterListFindRequest,
  ZParameterListInfos,
  ZParameterListPage,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error.ts';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TParameterListPage = z.infer<typeof ZParameterListPage>;

/** POST /api/parameters/find/parameterlist with paging, sorting, search and the active filter. */
export function findParameterLists(query: TParameterListFindRequest): Promise<TParameterListPage> {
  return typedRequest('/parameters/find/parameterlist', ZParameterListPage, {
    body: query,
    toastErrors: false,
  });
}

/** Every query about parameter lists starts with this key, so a save or delete refreshes them all. */
export const parameterListsKey = ['parameter-lists'] as const;

export function useFindParameterLists(query: TParameterListFindRequest) {
  return useQuery({
    queryKey: [...parameterListsKey, 'find', query],
    queryFn: () => findParameterLists(query),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/parameters/get/parameterlist/{id}; null when there is none (or it is another tree's). */
export async function getParameterList(id: number): Promise<TParameterList | null> {
  try {
    const answer = await typedRequest(`/parameters/get/parameterlist/${id}`, ZParameterListInfos, {
      method: 'GET',
      toastErrors: false,
    });
    return answer.parameterListInfos[0] ?? null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useParameterList(id: number | null) {
  return useQuery({
    queryKey: [...parameterListsKey, 'one', id],
    queryFn: () => getParameterList(id ?? 0),
    enabled: id !== null,
  });
}
