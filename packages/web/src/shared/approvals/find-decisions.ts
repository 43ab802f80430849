import { type TApprovalDecisionFindRequest, ZApprovalDecisionPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { typedRequest } from '../api/typed-request.ts';
import { approvalsKey } from './act-on-approvals.ts';

/** POST /api/approvals/decisions: admins' decisions with their reasons and comments, newest first. */
export function findDecisions(query: TApprovalDecisionFindRequest) {
  return typedRequest('/approvals/decisions', ZApprovalDecisionPage, { body: query, toastErrors: false });
}

/** A page of decisions; under the approvals key, so a new decision reloads it. */
export function useFindDecisions(query: TApprovalDecisionFindRequest, enabled = true) {
  return useQuery({
    queryKey: [...approvalsKey, 'decisions', query],
    queryFn: () => findDecisions(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
