import { ZPendingCount } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { familiesKey } from './find-families.ts';

/** Under familiesKey, so saving a family (which invalidates familiesKey) refreshes the count too. */
export const pendingCountKey = [...familiesKey, 'pending-count'] as const;

/** How often the menu asks for the number of requests waiting for an admin. */
export const PENDING_COUNT_INTERVAL_MS = 60_000;

/** GET /api/family/pending-count: requests waiting for an admin. */
export async function fetchPendingCount(signal?: AbortSignal): Promise<number> {
  const answer = await typedRequest('/family/pending-count', ZPendingCount, {
    method: 'GET',
    toastErrors: false,
    signal,
  });
  return answer.pendingCount;
}

/** The pending count for the menu badge, refreshed every minute while `enabled` (admins). */
export function usePendingCount(enabled: boolean) {
  return useQuery({
    queryKey: pendingCountKey,
    queryFn: ({ signal }) => fetchPendingCount(signal),
    enabled,
    refetchInterval: PENDING_COUNT_INTERVAL_MS,
    staleTime: PENDING_COUNT_INTERVAL_MS,
  });
}
