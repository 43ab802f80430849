import { type TApprovalActRequest, ZApprovalActAnswer } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { approvalsKey } from './find-approvals.ts';

/** The library's queries, the menu's pending count among them: a decision changes both. */
const LIBRARY_KEY = ['families'] as const;

/** POST /api/approvals/act: one action on several requests, all or nothing. */
export async function actOnApprovals(body: TApprovalActRequest) {
  return (await typedRequest('/approvals/act', ZApprovalActAnswer, { body, toastErrors: false }))
    .approvalResults;
}

/** Decides requests; afterwards (also after a refusal, which means the list is stale) reloads the inbox and the library. */
export function useActOnApprovals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnApprovals,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalsKey }),
        queryClient.invalidateQueries({ queryKey: LIBRARY_KEY }),
      ]),
  });
}
