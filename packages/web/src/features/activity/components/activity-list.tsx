import { CloseOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import type { TActivityInfo } from '@portal/contract';
import { Alert, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kindLabel, recordTypeLabel } from '../../../shared/activity/activity-kinds.ts';
import { useFindActivity } from '../../../shared/activity/find-activity.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { DataTable, queryStatus } from '../../../shared/list/data-table.tsx';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import type { TRowAction } from '../../../shared/list/row-actions.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { exportActivity } from '../api/export-activity.ts';
import { useActivityColumns } from './activity-columns.tsx';
import { ActivityDetails } from './activity-details.tsx';
import { ActivityFilters } from './activity-filters.tsx';
import {
  activityExportRequest,
  activityFindRequest,
  activityList,
  namesOf,
  type TActivityFilters,
  type TActivitySortField,
} from './activity-list-state.ts';

/** The "Export CSV" button: the whole filtered result, built by the server. */
function ExportActivityButton({ run, disabled }: { run: () => Promise<string>; disabled: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const exportAll = async () => {
    setBusy(true);
    try {
      const name = await run();
      toast.success(t('activity.exported', { name }));
    } catch (error) {
      toast.error(isApiError(error) ? error.displayMessage : t('errors.requestFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={t('activity.exportHint')}>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={busy}
        disabled={disabled}
        onClick={() => void exportAll()}
        data-testid="activity-export"
      >
        {t('activity.export')}
      </Button>
    </Tooltip>
  );
}

/**
 * #/activity: the activity log of the caller's tree (admins: everything): sign-ins, downloads,
 * uploads, approvals, imports and every create, update and delete, filtered by user, company,
 * kind, record and time; each row opens its change as a before/after table; exports to CSV.
 */
export function ActivityList() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useListState<TActivitySortField, TActivityFilters, TActivityInfo>(activityList);
  const allowed = can(session, 'partnermanagement.read');
  const activity = useFindActivity(activityFindRequest(list.query), allowed);
  const status = queryStatus(activity);
  const columns = useActivityColumns();
  const isAdmin = can(session, 'adminmanagement.read');
  const [open, setOpen] = useState<TActivityInfo | null>(null);
  const rows = activity.data?.activityInfos ?? [];
  const { record, type } = list.state.filters;
  const recordType = namesOf(type)[0];
  const recordFilter = t('activity.recordFilter', {
    record: recordType ? `${recordTypeLabel(t, recordType)} #${record}` : `#${record}`,
  });

  const rowActions = (row: TActivityInfo): TRowAction[] => [
    {
      key: 'open',
      label: t('activity.open'),
      icon: <EyeOutlined />,
      testId: 'activity-open',
      onClick: () => setOpen(row),
    },
  ];

  if (!allowed) {
    return (
      <>
        <PageHeader title={t('menu.activity')} />
        <Alert type="warning" showIcon title={t('state.forbiddenHint')} data-testid="activity-forbidden" />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t('menu.activity')}
        subtitle={activity.data ? t('activity.total', { count: activity.data.totalCount }) : undefined}
        extra={
          <ExportActivityButton
            run={() => exportActivity(activityExportRequest(list.query))}
            disabled={!activity.data || activity.data.totalCount === 0}
          />
        }
      />
      <ListToolbar
        list={list}
        status={status}
        search={{
          label: t('activity.search'),
          placeholder: t('activity.searchPlaceholder'),
          testId: 'activity-search',
        }}
      >
        <ActivityFilters state={list.state} onChange={list.update} byCompany={isAdmin} rows={rows} />
        {record ? (
          <Tooltip title={t('activity.clearRecord')}>
            <Button
              onClick={() => list.update({ filters: { record: '' } })}
              aria-label={`${recordFilter} – ${t('activity.clearRecord')}`}
              data-testid="activity-record-filter"
            >
              {recordFilter}
              <CloseOutlined aria-hidden />
            </Button>
          </Tooltip>
        ) : null}
      </ListToolbar>
      <DataTable
        list={list}
        caption={t('menu.activity')}
        testId="activity-table"
        rowKey={(row) => row.activityId}
        rowLabel={(row) => `${kindLabel(t, row.kind)} ${row.userLogin ?? ''}`.trim()}
        columns={columns}
        rows={rows}
        total={activity.data?.totalCount ?? 0}
        status={status}
        actions={rowActions}
        empty={{ text: t('activity.empty'), filteredText: t('activity.emptyFiltered') }}
      />
      <ActivityDetails row={open} onClose={() => setOpen(null)} />
    </>
  );
}
