import { type TApprovalFindRequest, ZApprovalPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { approvalsKey } from '../../../shared/approvals/act-on-approvals.ts';

/** POST /api/approvals/find: pending requests with their records, originals and allowed actions. */
export function findApprovals(query: TApprovalFindRequest) {
  return typedRequest('/approvals/find', ZApprovalPage, { body: query, toastErrors: false });
}

export function useFindApprovals(query: TApprovalFindRequest) {
  return useQuery({
    queryKey: [...approvalsKey, 'find', query],
    queryFn: () => findApprovals(query),
    placeholderData: keepPreviousData,
  });
}
