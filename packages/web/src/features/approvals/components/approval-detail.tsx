import type { TApprovalAction, TApprovalRequest } from '@portal/contract';
import { Alert, Button, Descriptions, Drawer, Flex, Form, Grid, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/list/list-dates.ts';
import { KindTag } from './approval-columns.tsx';
import { ApprovalCompare } from './approval-compare.tsx';
import type { TDecision } from './use-decide.ts';

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
  const narrow = Grid.useBreakpoint().md === false;
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const close = () => {
    setReason('');
    setComment('');
    setReasonMissing(false);
    onClose();
  };
  const run = async (action: TApprovalAction) => {
    if (!request) return;
    if (action === 'd' && !reason.trim()) {
      setReasonMissing(true);
      document.getElementById('approval-reason')?.focus();
      return;
    }
    if (await onDecide(request, { action, reason, comment })) close();
  };
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
      onClose={close}
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
            <section aria-labelledby="approval-decision">
              <Typography.Title level={2} id="approval-decision" style={{ fontSize: 16 }}>
                {t('approvals.decision')}
              </Typography.Title>
              <Form layout="vertical" component="div">
                {request.actions.includes('d') ? (
                  <Form.Item
                    label={t('approvals.reason')}
                    htmlFor="approval-reason"
                    extra={t('approvals.reasonHint')}
                    validateStatus={reasonMissing ? 'error' : undefined}
                    help={reasonMissing ? t('approvals.reasonRequired') : undefined}
                  >
                    <Input.TextArea
                      id="approval-reason"
                      data-testid="approval-reason"
                      value={reason}
                      maxLength={2000}
                      autoSize={{ minRows: 2, maxRows: 6 }}
                      aria-invalid={reasonMissing || undefined}
                      onChange={(event) => {
                        setReason(event.target.value);
                        if (event.target.value.trim()) setReasonMissing(false);
                      }}
                    />
                  </Form.Item>
                ) : null}
                <Form.Item label={t('approvals.comment')} htmlFor="approval-comment">
                  <Input.TextArea
                    id="approval-comment"
                    data-testid="approval-comment"
                    value={comment}
                    maxLength={2000}
                    autoSize={{ minRows: 2, maxRows: 6 }}
                    onChange={(event) => setComment(event.target.value)}
                  />
                </Form.Item>
              </Form>
              <Flex wrap gap={8}>
                {request.actions.map((action) => (
                  <Button
                    key={action}
                    type={action === 'a' ? 'primary' : 'default'}
                    danger={action === 'd' || action === 'r'}
                    loading={deciding}
                    data-testid={`approval-action-${action}`}
                    onClick={() => void run(action)}
                  >
                    {t(`approvals.action.${action}`)}
                  </Button>
                ))}
              </Flex>
            </section>
          ) : (
            <Alert type="info" showIcon title={t('approvals.readOnly')} />
          )}
        </Flex>
      ) : null}
    </Drawer>
  );
}
