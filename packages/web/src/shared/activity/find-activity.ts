import { type TActivityFindRequest, ZActivityPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { typedRequest } from '../api/typed-request.ts';

export type TActivityPage = z.infer<typeof ZActivityPage>;

/** POST /api/activity/find: a page of the activity log with its filters (partners: their tree). */
export function findActivity(query: TActivityFindRequest): Promise<TActivityPage> {
  return typedRequest('/activity/find', ZActivityPage, { body: query, toastErrors: false });
}

/** Every query about the activity log starts with this key. */
export const activityKey = ['activity'] as const;

export function useFindActivity(query: TActivityFindRequest, enabled = true) {
  return useQuery({
    queryKey: [...activityKey, 'find', query],
    queryFn: () => findActivity(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
