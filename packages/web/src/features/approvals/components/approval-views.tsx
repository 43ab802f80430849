import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';

/** The two views of #/approvals: the open requests, and the decisions kept (`?view=decided`). */
export const APPROVAL_VIEWS = ['open', 'decided'] as const;
export type TApprovalView = (typeof APPROVAL_VIEWS)[number];

/** The view a URL asks for; anything else is the open requests. */
export function approvalViewOf(params: URLSearchParams): TApprovalView {
  return params.get('view') === 'decided' ? 'decided' : 'open';
}

/** The screen's title: "Approvals" for those who decide, "Requests" for those who ask. */
export function useApprovalsTitle(): string {
  const { t } = useTranslation();
  return can(useSession(), 'adminmanagement.update') ? t('menu.approvals') : t('menu.requests');
}

/**
 * Switches between the views; each keeps its own filters, so a switch starts the other view
 * afresh. A switch is a step of its own in the history (Back returns to the view before).
 */
export function ApprovalViews() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  return (
    <Segmented<TApprovalView>
      aria-label={t('approvals.view.label')}
      value={approvalViewOf(params)}
      onChange={(view) => setParams(view === 'decided' ? { view } : {})}
      data-testid="approval-views"
      style={{ marginBottom: 12 }}
      options={APPROVAL_VIEWS.map((view) => ({ value: view, label: t(`approvals.view.${view}`) }))}
    />
  );
}
