import { type TPlacementRuleFindRequest, ZPlacementRulePage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TPlacementRulePage = z.infer<typeof ZPlacementRulePage>;

/** POST /api/placement-rules/find with paging, sorting, search and the code, size and status filters. */
export function findPlacementRules(query: TPlacementRuleFindRequest): Promise<TPlacementRulePage> {
  return typedRequest('/placement-rules/find', ZPlacementRulePage, { body: query, toastErrors: false });
}

/** Every query about placement rules starts with this key, so a save or delete refreshes them all. */
export const placementRulesKey = ['placement-rules'] as const;

export function useFindPlacementRules(query: TPlacementRuleFindRequest) {
  return useQuery({
    queryKey: [...placementRulesKey, 'find', query],
    queryFn: () => findPlacementRules(query),
    placeholderData: keepPreviousData,
  });
}
