import type { TApprovalAction } from '@portal/contract';
import { Button, Flex, Form, Input, theme, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../theme/theme-store.ts';
import type { TDecision } from './use-decide.ts';

export type TApprovalDecisionFormProps = {
  /** The actions the workflow allows on the request (approvalActionsFor), in that order. */
  actions: readonly TApprovalAction[];
  deciding: boolean;
  /** Carries out a decision; answers whether it was made (the form is then emptied). */
  onDecide: (decision: TDecision) => Promise<boolean>;
};

/**
 * An admin's decision on one request: a button per allowed action, named in words, a reason that
 * disapproving needs and an optional comment, both kept for the requester. The inbox's review
 * drawer and a family's page both decide with it.
 */
export function ApprovalDecisionForm({ actions, deciding, onDecide }: TApprovalDecisionFormProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // antd's dark red text on a dark card is about 4:1; its lighter hover red reads at 4.7:1 or more.
  const dangerText = useThemeMode() === 'dark' ? { color: token.colorErrorTextHover } : undefined;
  const ids = useId();
  const headingId = `${ids}-decision`;
  const reasonId = `${ids}-reason`;
  const commentId = `${ids}-comment`;
  const reasonHintId = `${ids}-reason-hint`;
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);

  const run = async (action: TApprovalAction) => {
    if (action === 'd' && !reason.trim()) {
      setReasonMissing(true);
      document.getElementById(reasonId)?.focus();
      return;
    }
    if (await onDecide({ action, reason, comment })) {
      setReason('');
      setComment('');
      setReasonMissing(false);
    }
  };

  return (
    <section aria-labelledby={headingId} data-testid="approval-decision">
      <Typography.Title level={2} id={headingId} style={{ fontSize: 16 }}>
        {t('approvals.decision')}
      </Typography.Title>
      <Form layout="vertical" component="div">
        {actions.includes('d') ? (
          // The hint is a plain line under the field, not the item's `extra`: antd measures an
          // extra's height in a layout effect, which forces the page's layout during its first
          // render (issue 27).
          <Form.Item
            label={t('approvals.reason')}
            htmlFor={reasonId}
            validateStatus={reasonMissing ? 'error' : undefined}
            help={reasonMissing ? t('approvals.reasonRequired') : undefined}
          >
            <Input.TextArea
              id={reasonId}
              data-testid="approval-reason"
              value={reason}
              maxLength={2000}
              autoSize={{ minRows: 2, maxRows: 6 }}
              aria-invalid={reasonMissing || undefined}
              aria-describedby={reasonHintId}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setReasonMissing(false);
              }}
            />
            <div id={reasonHintId} className="portal-field-hint">
              {t('approvals.reasonHint')}
            </div>
          </Form.Item>
        ) : null}
        <Form.Item label={t('approvals.comment')} htmlFor={commentId}>
          <Input.TextArea
            id={commentId}
            data-testid="approval-comment"
            value={comment}
            maxLength={2000}
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(event) => setComment(event.target.value)}
          />
        </Form.Item>
      </Form>
      <Flex wrap gap={8}>
        {actions.map((action) => (
          <Button
            key={action}
            type={action === 'a' ? 'primary' : 'default'}
            danger={action === 'd' || action === 'r'}
            style={action === 'd' || action === 'r' ? dangerText : undefined}
            loading={deciding}
            data-testid={`approval-action-${action}`}
            onClick={() => void run(action)}
          >
            {t(`approvals.action.${action}`)}
          </Button>
        ))}
      </Flex>
    </section>
  );
}
