import type { TApprovalAction, TApprovalRequest } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { useActOnApprovals } from '../api/act-on-approvals.ts';

export type TDecision = { action: TApprovalAction; reason?: string; comment?: string };

/**
 * Carries out an admin's decision on requests: a toast and a screen-reader announcement on success;
 * a request decided by someone else meanwhile (409 changedAtOnce) says so, and the list reloads.
 * Answers whether the decision was made.
 */
export function useDecide() {
  const { t } = useTranslation();
  const act = useActOnApprovals();
  const [announcement, setAnnouncement] = useState('');
  const decide = async (requests: readonly TApprovalRequest[], decision: TDecision): Promise<boolean> => {
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
