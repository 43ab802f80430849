import { ZPendingCount } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { typedRequest } from '../api/typed-request.ts';
import { approvalsKey } from './act-on-approvals.ts';

/** Under approvalsKey, so a decision (which invalidates approvalsKey) refreshes the count too. */
export const pendingCountKey = [...approvalsKey, 'pending-count'] as const;

/** How often the menu asks for the number of requests waiting for an admin. */
export const PENDING_COUNT_INTERVAL_MS = 60_000;

/** GET /api/approvals/pending-count: requests of every kind waiting for an admin. */
export async function fetchPendingCount(signal?: AbortSignal): Promise<number> {
  const answer = await typedRequest('/approvals/pending-count', ZPendingCount, {
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
