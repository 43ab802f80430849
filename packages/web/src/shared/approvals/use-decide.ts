import type { TApprovalAction, TApprovalRecordKind } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error.ts';
import { toast } from '../toast/toast-store.ts';
import { type TApprovalResults, useActOnApprovals } from './act-on-approvals.ts';

export type TDecision = { action: TApprovalAction; reason?: string; comment?: string };

/** A request as a decision names it: its kind of record and the request item's id. */
export type TDecidable = { recordKind: TApprovalRecordKind; id: number };

/**
 * Carries out an admin's decision on requests: a toast and a screen-reader announcement on success;
 * a request decided by someone else meanwhile (409 changedAtOnce) says so, and the lists reload.
 * `onActed` gets the results before the reload (see useActOnApprovals). Answers whether the
 * decision was made.
 */
export function useDecide(onActed?: (results: TApprovalResults) => Promise<void> | void) {
  const { t } = useTranslation();
  const act = useActOnApprovals(onActed);
  const [announcement, setAnnouncement] = useState('');
  const decide = async (requests: readonly TDecidable[], decision: TDecision): Promise<boolean> => {
    try {
      await act.mutateAsync({
        requests: requests.map((request) => ({ kind: request.recordKind, id: request.id })),
        action: decision.action,
        ...(decision.reason?.trim() ? { reason: decision.reason.trim() } : {}),
        ...(decision.comment?.trim() ? { comment: decision.comment.trim() } : {}),
      });
      const text = t(`approvals.done.${decision.action}`, { count: requests.length });
      toast.success(text);
      setAnnouncement(text);
      return true;
    } catch (error) {
      const stale =
        error instanceof ApiError &&
        error.status === 409 &&
        error.errorDetails.some((detail) => detail?.key === 'changedAtOnce');
      const text = stale
        ? t('approvals.changedElsewhere')
        : error instanceof ApiError
          ? error.displayMessage
          : String(error);
      if (stale) toast.warning(text);
      else toast.error(text);
      setAnnouncement(text);
      return false;
    }
  };
  return { decide, pending: act.isPending, announcement };
}
