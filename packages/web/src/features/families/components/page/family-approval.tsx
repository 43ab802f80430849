import { approvalActionsFor, type TApprovalDecision, type TRevitFamily } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { TApprovalResults } from '../../../../shared/approvals/act-on-approvals.ts';
import { ApprovalDecisionForm } from '../../../../shared/approvals/approval-decision-form.tsx';
import { useFindDecisions } from '../../../../shared/approvals/find-decisions.ts';
import { useDecide } from '../../../../shared/approvals/use-decide.ts';
import { can } from '../../../../shared/auth/session-store.ts';
import { useSession } from '../../../../shared/auth/use-session.ts';
import { formatDateTime } from '../../../../shared/list/list-dates.ts';
import { StatusTag } from '../../../../shared/list/status-tag.tsx';
import { useThemeMode } from '../../../../shared/theme/theme-store.ts';
import { familyKey } from '../../api/get-family.ts';
import { tifTone } from './family-format.ts';

/**
 * The banner's fills: antd derives its warning fill from the darkened warning colour the theme sets
 * for text contrast, a grey khaki that does not read as a warning; these are amber and red in
 * both themes, with the text at 7:1 or more.
 */
const BANNER = {
  light: {
    warning: { background: '#fff7e6', borderColor: '#fa8c16' },
    error: { background: '#fff1f0', borderColor: '#ff4d4f' },
  },
  dark: {
    warning: { background: '#2b1d11', borderColor: '#d87a16' },
    error: { background: '#2a1215', borderColor: '#d32029' },
  },
} as const;

/**
 * Where a family stands in the approval workflow, above its page: a pending request in a warning
 * colour with the state in words (and, for an admin, the actions the workflow allows from it, the
 * same as the approvals inbox's); a disapproved or removed one in an error colour with the reason
 * and comment of its last decision; a published one with a change waiting, for those who may see
 * the request, with a link to it. End users never see any of it.
 */
export function FamilyApproval({ family }: { family: TRevitFamily }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mode = useThemeMode();
  const session = useSession();
  const status = family.tifStatus;
  // The link colour is too faint on the warning and error fills (about 4.3:1): the text's colour, underlined.
  const link = { color: token.colorText, textDecoration: 'underline' };
  // The approvals routes' permissions: contributors read requests and decisions, admins act.
  const readsRequests = can(session, 'contentmanagement.update');
  const acts = can(session, 'adminmanagement.update');

  if (status === null || status === 'A') {
    if (family.tifTempId === null || !readsRequests) return null;
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="family-change-pending"
        title={t('families.page.changePending')}
        description={
          <Link to={`/families/${family.tifTempId}`} style={link} data-testid="family-open-request">
            {t('families.approval.openRequest')}
          </Link>
        }
      />
    );
  }
  const decided = status === 'D';
  const tone = decided ? 'error' : 'warning';
  const actions = acts ? approvalActionsFor({ status, isCopy: family.tifOriginalId !== null }) : [];
  return (
    <>
      <Alert
        type={tone}
        showIcon
        style={{ marginBottom: 16, ...BANNER[mode][tone] }}
        data-testid="family-pending"
        data-status={status}
        title={
          <Flex gap={8} align="center" wrap>
            <StatusTag tone={tifTone(status)}>{t(`families.page.tifStatus.${status}`)}</StatusTag>
            {decided
              ? family.tifAction === 'r'
                ? t('families.approval.removedHint')
                : t('families.approval.disapprovedHint')
              : acts
                ? t('families.approval.decideHint')
                : t('families.page.pendingHint')}
          </Flex>
        }
        description={
          <Flex vertical gap={8}>
            {decided && readsRequests ? <LastDecision familyId={family.revitFamilyId} /> : null}
            <Flex gap={16} wrap>
              {family.tifOriginalId !== null ? (
                <Link
                  to={`/families/${family.tifOriginalId}`}
                  style={link}
                  data-testid="family-open-original"
                >
                  {t('families.approval.openOriginal')}
                </Link>
              ) : null}
              {readsRequests ? (
                <Link
                  style={link}
                  to={
                    decided
                      ? '/approvals?view=decided'
                      : `/approvals?q=${encodeURIComponent(family.revitFamilyName)}`
                  }
                >
                  {decided ? t('families.approval.allDecisions') : t('families.approval.inInbox')}
                </Link>
              ) : null}
            </Flex>
          </Flex>
        }
      />
      {actions.length ? <FamilyDecision family={family} actions={actions} /> : null}
    </>
  );
}

/** The reason and comment of the last decision on a family, who made it and when. */
function LastDecision({ familyId }: { familyId: number }) {
  const { t } = useTranslation();
  const decisions = useFindDecisions({ recordIds: [familyId], recordKinds: ['family'], pageSize: 1 });
  const last: TApprovalDecision | undefined = decisions.data?.approvalDecisionInfos[0];
  if (!last) return null;
  return (
    <Descriptions
      size="small"
      column={1}
      data-testid="family-last-decision"
      items={[
        {
          key: 'decision',
          label: t('families.approval.decision'),
          children: t('families.approval.decidedBy', {
            decision: t(`approvals.decided.${last.action}`),
            who: last.decidedBy ?? t('families.approval.someone'),
            when: formatDateTime(last.decidedOn, ''),
          }),
        },
        ...(last.reason
          ? [
              {
                key: 'reason',
                label: t('approvals.reason'),
                children: (
                  <Typography.Text style={{ whiteSpace: 'pre-line' }} data-testid="family-decision-reason">
                    {last.reason}
                  </Typography.Text>
                ),
              },
            ]
          : []),
        ...(last.comment
          ? [
              {
                key: 'comment',
                label: t('approvals.commentLabel'),
                children: (
                  <Typography.Text style={{ whiteSpace: 'pre-line' }} data-testid="family-decision-comment">
                    {last.comment}
                  </Typography.Text>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * An admin's decision on the request this family is, with the inbox's form; afterwards the page
 * shows the record that now stands for it: the original a change was applied to, the family
 * itself, or the library when the request was dropped without one.
 */
function FamilyDecision({
  family,
  actions,
}: {
  family: TRevitFamily;
  actions: ReturnType<typeof approvalActionsFor>;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = family.revitFamilyId;

  const showResult = async ([result]: TApprovalResults) => {
    if (!result || result.tifStatus !== null) return;
    // The request is gone: leave its page before the reload would answer "not found".
    queryClient.removeQueries({ queryKey: familyKey(id), exact: true });
    await navigate(result.resultId !== id ? `/families/${result.resultId}` : '/families', { replace: true });
  };
  const { decide, pending, announcement } = useDecide(showResult);

  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="family-decision">
      <ApprovalDecisionForm
        actions={actions}
        deciding={pending}
        onDecide={(decision) => decide([{ recordKind: 'family', id }], decision)}
      />
      <div className="sr-only" role="status" aria-live="polite" data-testid="approval-announcement">
        {announcement}
      </div>
    </Card>
  );
}
