import { ZApprovalPage } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/**
 * POST /api/approvals/find, the longest waiting first: every pending request for an admin, those of
 * the caller's company tree for a partner; `totalCount` is how many wait.
 */
export function findOldestRequests(pageSize: number) {
  return typedRequest('/approvals/find', ZApprovalPage, {
    body: { page: 1, pageSize, sort: [{ field: 'requestedOn', dir: 'asc' }] },
    toastErrors: false,
  });
}

/** Under the approvals feature's key, so a decision made in the inbox refreshes the home page. */
export function useOldestRequests(pageSize: number) {
  return useQuery({
    queryKey: ['approvals', 'home', pageSize],
    queryFn: () => findOldestRequests(pageSize),
  });
}
