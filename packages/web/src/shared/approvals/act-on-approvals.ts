import { type TApprovalActAnswer, type TApprovalActRequest, ZApprovalActAnswer } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../api/typed-request.ts';

/** The query key of everything the approvals screen reads (open requests and decisions). */
export const approvalsKey = ['approvals'] as const;

/** The library's queries, a family's page and the menu's pending count among them: a decision changes them all. */
const LIBRARY_KEY = ['families'] as const;

export type TApprovalResults = TApprovalActAnswer['approvalResults'];

/** POST /api/approvals/act: one action on several requests, all or nothing. */
export async function actOnApprovals(body: TApprovalActRequest): Promise<TApprovalResults> {
  return (await typedRequest('/approvals/act', ZApprovalActAnswer, { body, toastErrors: false }))
    .approvalResults;
}

/**
 * Decides requests; afterwards (also after a refusal, which means the list is stale) reloads the
 * approvals and the library. `onActed` runs first, with the results: a screen showing a record the
 * decision deleted leaves it there, before the reload would answer "not found".
 */
export function useActOnApprovals(onActed?: (results: TApprovalResults) => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnApprovals,
    onSuccess: async (results) => {
      await onActed?.(results);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalsKey }),
        queryClient.invalidateQueries({ queryKey: LIBRARY_KEY }),
      ]),
  });
}
