import { CheckOutlined, StopOutlined } from '@ant-design/icons';
import type { TApprovalRequest } from '@portal/contract';
import { Form, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyScopeOptions } from '../../../shared/api/company-options.ts';
import { useDecide } from '../../../shared/approvals/use-decide.ts';
import { BulkBar, type TBulkAction } from '../../../shared/list/bulk-bar.tsx';
import { DataTable, queryStatus } from '../../../shared/list/data-table.tsx';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useFindApprovals } from '../api/find-approvals.ts';
import { useApprovalColumns } from './approval-columns.tsx';
import { ApprovalDetail } from './approval-detail.tsx';
import { ApprovalFilters } from './approval-filters.tsx';
import { ApprovalViews, useApprovalsTitle } from './approval-views.tsx';
import {
  approvalList,
  approvalQueryOf,
  type TApprovalFilters,
  type TApprovalSortField,
} from './approval-list-state.ts';

/** A request's key in the list: ids repeat across kinds of record. */
const requestKey = (request: TApprovalRequest) => `${request.recordKind}:${request.id}`;

/**
 * #/approvals: the requests waiting for an admin (families, scenarios, placement rules), filtered by kind of record, kind of request, company and waiting time (in
 * the URL), with bulk approve and disapprove and a review drawer for one request. Contributors
 * read their tree's requests here without acting.
 */
export function ApprovalList() {
  const { t } = useTranslation();
  const title = useApprovalsTitle();
  const list = useListState<TApprovalSortField, TApprovalFilters, TApprovalRequest>(approvalList);
  const query = useMemo(() => approvalQueryOf(list.query), [list.query]);
  const approvals = useFindApprovals(query);
  const status = queryStatus(approvals);
  const companies = useCompanyScopeOptions(true);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [bulkReason, setBulkReason] = useState<{
    open: boolean;
    reason: string;
    comment: string;
    missing: boolean;
  }>({ open: false, reason: '', comment: '', missing: false });
  const { decide, pending, announcement } = useDecide();
  const columns = useApprovalColumns((request) => setOpenKey(requestKey(request)));
  const rows = approvals.data?.approvalInfos ?? [];
  const open = rows.find((request) => requestKey(request) === openKey) ?? null;
  const selected = list.selected;
  const allow = (action: 'a' | 'd') =>
    selected.length > 0 && selected.every((r) => r.actions.includes(action));

  const decideSelected = async (decision: Parameters<typeof decide>[1]) => {
    const count = selected.length;
    const done = await decide(selected, decision);
    list.setSelected([]);
    if (done) list.pageBackIfEmptied(count, rows.length);
    return done;
  };

  const bulkActions: TBulkAction[] = [
    ...(allow('a')
      ? [
          {
            key: 'approve',
            label: t('approvals.action.a'),
            icon: <CheckOutlined />,
            loading: pending,
            onClick: () => void decideSelected({ action: 'a' }),
          },
        ]
      : []),
    ...(allow('d')
      ? [
          {
            key: 'disapprove',
            label: t('approvals.action.d'),
            icon: <StopOutlined />,
            danger: true,
            loading: pending,
            onClick: () => setBulkReason({ open: true, reason: '', comment: '', missing: false }),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={title}
        subtitle={approvals.data ? t('approvals.subtitle', { count: approvals.data.totalCount }) : undefined}
      />
      <ApprovalViews />
      <ListToolbar
        list={list}
        status={status}
        marginBottom={12}
        search={{
          label: t('approvals.search'),
          placeholder: t('approvals.searchPlaceholder'),
          testId: 'approval-search',
        }}
      >
        <ApprovalFilters state={list.state} companies={companies.data ?? []} onChange={list.update} />
      </ListToolbar>
      <BulkBar
        count={selected.length}
        label={t('approvals.bulkLabel')}
        actions={bulkActions}
        onClear={() => list.setSelected([])}
      />
      <DataTable
        list={list}
        caption={title}
        testId="approval-list"
        rowKey={requestKey}
        rowLabel={(r) => r.name}
        columns={columns}
        rows={rows}
        total={approvals.data?.totalCount ?? 0}
        status={status}
        selection={{ disabled: (r) => r.actions.length === 0 }}
        empty={{ text: t('approvals.empty'), filteredText: t('approvals.emptyFiltered') }}
      />
      <ApprovalDetail
        request={open}
        onClose={() => setOpenKey(null)}
        deciding={pending}
        onDecide={async (request, decision) => {
          const done = await decide([request], decision);
          if (done) list.pageBackIfEmptied(1, rows.length);
          // Decided elsewhere: the drawer closes over the reloaded list.
          else setOpenKey(null);
          return done;
        }}
      />
      <Modal
        open={bulkReason.open}
        title={t('approvals.disapproveTitle', { count: selected.length })}
        okText={t('approvals.action.d')}
        okButtonProps={{ danger: true, loading: pending }}
        cancelText={t('common.cancel')}
        onCancel={() => setBulkReason((current) => ({ ...current, open: false }))}
        onOk={async () => {
          if (!bulkReason.reason.trim()) return setBulkReason((current) => ({ ...current, missing: true }));
          const { reason, comment } = bulkReason;
          setBulkReason((current) => ({ ...current, open: false }));
          await decideSelected({ action: 'd', reason, comment });
        }}
        destroyOnHidden
      >
        <Form layout="vertical" component="div">
          <Form.Item
            label={t('approvals.reason')}
            htmlFor="bulk-reason"
            extra={t('approvals.reasonHint')}
            validateStatus={bulkReason.missing ? 'error' : undefined}
            help={bulkReason.missing ? t('approvals.reasonRequired') : undefined}
          >
            <Input.TextArea
              id="bulk-reason"
              data-testid="bulk-reason"
              maxLength={2000}
              value={bulkReason.reason}
              onChange={(event) => {
                const reason = event.target.value;
                setBulkReason((current) => ({
                  ...current,
                  reason,
                  missing: current.missing && !reason.trim(),
                }));
              }}
            />
          </Form.Item>
          <Form.Item label={t('approvals.comment')} htmlFor="bulk-comment">
            <Input.TextArea
              id="bulk-comment"
              maxLength={2000}
              value={bulkReason.comment}
              onChange={(event) => {
                const comment = event.target.value;
                setBulkReason((current) => ({ ...current, comment }));
              }}
            />
          </Form.Item>
        </Form>
      </Modal>
      <div className="sr-only" role="status" aria-live="polite" data-testid="approval-announcement">
        {announcement}
      </div>
    </>
  );
}
