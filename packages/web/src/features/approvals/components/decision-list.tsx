import { APPROVAL_KINDS, type TApprovalAction, type TApprovalDecision } from '@portal/contract';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFindDecisions } from '../../../shared/approvals/find-decisions.ts';
import { DataTable, queryStatus, type TListColumn } from '../../../shared/list/data-table.tsx';
import { FilterSelect } from '../../../shared/list/filter-select.tsx';
import { formatDateTime } from '../../../shared/list/list-dates.ts';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import { StatusTag, type TStatusTone } from '../../../shared/list/status-tag.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { recordPath } from '../../../shared/approvals/record-path.ts';
import { KindTag, RecordKindLabel } from './approval-columns.tsx';
import { ApprovalViews, useApprovalsTitle } from './approval-views.tsx';
import {
  decisionList,
  decisionQueryOf,
  type TDecisionFilters,
  type TDecisionSortField,
} from './decision-list-state.ts';

const DECISION_TONES: Record<TApprovalAction, TStatusTone> = {
  a: 'success',
  DUP: 'success',
  RES: 'success',
  d: 'error',
  r: 'error',
  i: 'neutral',
};

/**
 * The record a decision left, when there is one to open: the original a change was applied to,
 * the request itself when it was kept (approved, disapproved, removed), the original of a dropped
 * copy; a dropped new record is gone.
 */
function recordOf(decision: TApprovalDecision): number | null {
  if (decision.effect === 'drop') return decision.originalId;
  return decision.resultId ?? decision.recordId;
}

/** A text a person wrote, kept as written (lines), or a dash. */
function Written({ text, testId }: { text: string | null; testId: string }) {
  const { t } = useTranslation();
  if (!text) return <Typography.Text type="secondary">{t('approvals.noText')}</Typography.Text>;
  return (
    <span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid={testId}>
      {text}
    </span>
  );
}

function useDecisionColumns(): TListColumn<TApprovalDecision>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'name',
      title: t('approvals.columns.name'),
      render: (d) => {
        const id = recordOf(d);
        return (
          <>
            {id === null ? (
              d.name
            ) : (
              <Link to={recordPath(d.recordKind, id)} style={{ overflowWrap: 'anywhere' }}>
                {d.name}
              </Link>
            )}
            <RecordKindLabel kind={d.recordKind} />
          </>
        );
      },
    },
    { key: 'kind', title: t('approvals.columns.kind'), width: 140, render: (d) => <KindTag kind={d.kind} /> },
    {
      key: 'decision',
      title: t('approvals.columns.decision'),
      width: 150,
      render: (d) => (
        <span data-testid="decision-action">
          <StatusTag tone={DECISION_TONES[d.action]}>{t(`approvals.decided.${d.action}`)}</StatusTag>
        </span>
      ),
    },
    {
      key: 'reason',
      title: t('approvals.reason'),
      render: (d) => <Written text={d.reason} testId="decision-reason" />,
    },
    {
      key: 'comment',
      title: t('approvals.commentLabel'),
      showFrom: 'md',
      render: (d) => <Written text={d.comment} testId="decision-comment" />,
    },
    {
      key: 'decidedBy',
      title: t('approvals.columns.decidedBy'),
      width: 140,
      ellipsis: true,
      showFrom: 'xl',
      render: (d) => d.decidedBy ?? '',
    },
    {
      key: 'decidedOn',
      title: t('approvals.columns.decidedOn'),
      sortable: true,
      width: 170,
      showFrom: 'lg',
      render: (d) => formatDateTime(d.decidedOn, ''),
    },
  ];
}

/**
 * #/approvals?view=decided: every decision on a request, newest first, with the reason and comment
 * the requester reads; a partner's own tree's, every one for admins. Filtered by kind and name.
 */
export function DecisionList() {
  const { t } = useTranslation();
  const title = useApprovalsTitle();
  const list = useListState<TDecisionSortField, TDecisionFilters, TApprovalDecision>(decisionList);
  const query = useMemo(() => decisionQueryOf(list.query), [list.query]);
  const decisions = useFindDecisions(query);
  const status = queryStatus(decisions);
  const columns = useDecisionColumns();
  const { kind } = list.state.filters;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          decisions.data ? t('approvals.decidedSubtitle', { count: decisions.data.totalCount }) : undefined
        }
      />
      <ApprovalViews />
      <ListToolbar
        list={list}
        status={status}
        search={{
          label: t('approvals.searchDecisions'),
          placeholder: t('approvals.searchPlaceholder'),
          testId: 'decision-search',
        }}
      >
        <FilterSelect<string>
          label={t('approvals.filterKind')}
          value={kind || 'all'}
          onChange={(value) => list.update({ filters: { kind: value === 'all' ? '' : value } })}
          options={[
            { value: 'all', label: t('approvals.kindAll') },
            ...APPROVAL_KINDS.map((k) => ({ value: k, label: t(`approvals.kind.${k}`) })),
          ]}
          minWidth={150}
        />
      </ListToolbar>
      <DataTable
        list={list}
        caption={t('approvals.view.decided')}
        testId="decision-list"
        rowKey={(d) => d.decisionId}
        rowLabel={(d) => d.name}
        columns={columns}
        rows={decisions.data?.approvalDecisionInfos ?? []}
        total={decisions.data?.totalCount ?? 0}
        status={status}
        empty={{ text: t('approvals.decidedEmpty'), filteredText: t('approvals.emptyFiltered') }}
      />
    </>
  );
}
