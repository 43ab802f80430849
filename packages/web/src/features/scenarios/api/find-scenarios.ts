import { type TScenarioFindRequest, ZScenarioPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TScenarioPage = z.infer<typeof ZScenarioPage>;

/** POST /api/scenario/find with paging, sorting, search and the code, size and status filters. */
export function findScenarios(query: TScenarioFindRequest): Promise<TScenarioPage> {
  return typedRequest('/scenario/find', ZScenarioPage, { body: query, toastErrors: false });
}

/** Every query about scenarios starts with this key, so a save or delete refreshes them all. */
export const scenariosKey = ['scenarios'] as const;

export function useFindScenarios(query: TScenarioFindRequest) {
  return useQuery({
    queryKey: [...scenariosKey, 'find', query],
    queryFn: () => findScenarios(query),
    placeholderData: keepPreviousData,
  });
}
