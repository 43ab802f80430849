import type { TTifStatus } from '@portal/contract';
import { Alert, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FilterSelect } from '../list/filter-select.tsx';
import { StatusTag, type TStatusTone } from '../list/status-tag.tsx';

const TONES: Record<TTifStatus, TStatusTone> = {
  A: 'success',
  D: 'error',
  P: 'warning',
  RfA: 'warning',
  RfC: 'warning',
  RfR: 'warning',
  RfD: 'warning',
};

/** The statuses of a request still waiting for an admin (CONTRACT 4). */
export const PENDING_STATUSES = ['P', 'RfA', 'RfC', 'RfR', 'RfD'] as const satisfies readonly TTifStatus[];

/** The status filter of a list whose records go through the approval workflow. */
export const WORKFLOW_FILTERS = ['approved', 'pending', 'disapproved'] as const;
export type TWorkflowFilter = (typeof WORKFLOW_FILTERS)[number];

const STATUSES_OF: Record<TWorkflowFilter, TTifStatus[]> = {
  approved: ['A'],
  pending: [...PENDING_STATUSES],
  disapproved: ['D'],
};

/** The statuses a status filter asks for; undefined (every status) for anything else. */
export function statusesOf(filter: string | undefined): TTifStatus[] | undefined {
  const known = WORKFLOW_FILTERS.find((entry) => entry === filter);
  return known ? [...STATUSES_OF[known]] : undefined;
}

export function isPendingStatus(status: TTifStatus | null): boolean {
  return status !== null && status !== 'A' && status !== 'D';
}

/** A scenario's or rule's workflow status (Awaiting approval, Change requested, ...), coloured by tone. */
export function WorkflowStatusTag({ status }: { status: TTifStatus }) {
  const { t } = useTranslation();
  return (
    <span data-testid="workflow-status" data-status={status}>
      <StatusTag tone={TONES[status]}>{t(`scenarios.status.${status}`)}</StatusTag>
    </span>
  );
}

/**
 * A record waiting for an admin, above its form: amber, the state in words, and for those who read
 * requests a link to the approvals inbox.
 */
export function PendingNotice({
  status,
  name,
  readsRequests,
}: {
  status: TTifStatus;
  name: string;
  readsRequests: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="workflow-pending"
      data-status={status}
      title={
        <Flex gap={8} align="center" wrap>
          <WorkflowStatusTag status={status} />
          {t('scenarios.pendingHint')}
        </Flex>
      }
      description={
        readsRequests ? (
          <Link
            to={`/approvals?q=${encodeURIComponent(name)}`}
            style={{ color: token.colorText, textDecoration: 'underline' }}
          >
            {t('scenarios.inInbox')}
          </Link>
        ) : undefined
      }
    />
  );
}

/** The status filter of a contributor's list (`WORKFLOW_FILTERS`): every status, or one of them. */
export function WorkflowFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <FilterSelect<string>
      label={t('common.filterStatus')}
      value={value || 'all'}
      onChange={(next) => onChange(next === 'all' ? '' : next)}
      options={[
        { value: 'all', label: t('common.statusAll') },
        ...WORKFLOW_FILTERS.map((filter) => ({
          value: filter,
          label: t(`scenarios.filterStatus.${filter}`),
        })),
      ]}
      minWidth={150}
    />
  );
}
