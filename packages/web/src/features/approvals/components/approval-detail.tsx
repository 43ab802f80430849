import type { TApprovalRequest } from '@portal/contract';
import { Alert, Descriptions, Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/list/list-dates.ts';
import { KindTag } from './approval-columns.tsx';
import { ApprovalCompare } from './approval-compare.tsx';
import { ApprovalDecisionForm } from '../../../shared/approvals/approval-decision-form.tsx';
import type { TDecision } from '../../../shared/approvals/use-decide.ts';
import { useScreens } from '../../../shared/theme/use-min-width.ts';

export type TApprovalDetailProps = {
  /** The request shown; null closes the drawer. */
  request: TApprovalRequest | null;
  onClose: () => void;
  /** Carries out a decision; answers whether it was made (the drawer then closes). */
  onDecide: (request: TApprovalRequest, decision: TDecision) => Promise<boolean>;
  deciding: boolean;
};

/**
 * One request for review: who asked what and when, the proposal beside the published original
 * with the changed fields marked, and a button for each action the workflow allows, named in
 * words. Disapproving needs a reason; a comment is optional for every decision.
 */
export function ApprovalDetail({ request, onClose, onDecide, deciding }: TApprovalDetailProps) {
  const { t } = useTranslation();
  const narrow = useScreens().md === false;
  const note =
    request?.kind === 'new'
      ? t('approvals.newNote')
      : request?.kind === 'removal'
        ? t('approvals.removalNote')
        : request?.kind === 'withdrawal'
          ? t('approvals.withdrawalNote')
          : null;

  return (
    <Drawer
      open={request !== null}
      onClose={onClose}
      width={narrow ? '100%' : 900}
      title={request ? t('approvals.detailTitle', { name: request.name }) : ''}
      destroyOnHidden
      data-testid="approval-detail"
    >
      {request ? (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={narrow ? 1 : 2} bordered>
            <Descriptions.Item label={t('approvals.columns.kind')}>
              <KindTag kind={request.kind} />
            </Descriptions.Item>
            <Descriptions.Item label={t('approvals.columns.company')}>
              {request.companyName ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('approvals.columns.requestedBy')}>
              {request.requestedBy ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('approvals.columns.requestedOn')}>
              {formatDateTime(request.requestedOn, '')} ({t('approvals.ageDays', { count: request.ageDays })})
            </Descriptions.Item>
          </Descriptions>
          {note ? <Alert type="info" showIcon title={note} /> : null}
          {request.original ? (
            <Typography.Text strong data-testid="approval-changed-count">
              {t('approvals.changedCount', { count: request.changedFields.length })}
            </Typography.Text>
          ) : null}
          <ApprovalCompare request={request} />
          {request.actions.length ? (
            <ApprovalDecisionForm
              actions={request.actions}
              deciding={deciding}
              onDecide={async (decision) => {
                const done = await onDecide(request, decision);
                if (done) onClose();
                return done;
              }}
            />
          ) : (
            <Alert type="info" showIcon title={t('approvals.readOnly')} />
          )}
        </Flex>
      ) : null}
    </Drawer>
  );
}
