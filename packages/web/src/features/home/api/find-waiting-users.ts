import { ZUserPage } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/**
 * POST /api/user/find of the inactive users, the newest first: a sign-up stays inactive until an
 * administrator approves it (spec 4), so these are the accounts waiting for approval.
 */
export function findWaitingUsers(pageSize: number) {
  return typedRequest('/user/find', ZUserPage, {
    body: { page: 1, pageSize, active: false, sort: [{ field: 'joinDate', dir: 'desc' }] },
    toastErrors: false,
  });
}

/** Under the users feature's key, so approving a user refreshes the home page's card. */
export function useWaitingUsers(pageSize: number) {
  return useQuery({ queryKey: ['users', 'home', pageSize], queryFn: () => findWaitingUsers(pageSize) });
}
