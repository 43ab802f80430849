import type { TNotification } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  queryStatus,
  type TDataTableProps,
  type TListColumn,
  type TTableList,
} from '../../../shared/list/data-table.tsx';
import { ListToolbar, type TListToolbarProps } from '../../../shared/list/list-toolbar.tsx';
import type { useFindNotifications } from '../api/find-notifications.ts';
import type { TNotificationSortField } from './notification-list-state.ts';

type TNotificationTableProps = {
  list: TTableList<TNotificationSortField, TNotification> & TListToolbarProps['list'];
  notifications: ReturnType<typeof useFindNotifications>;
  caption: string;
  columns: TListColumn<TNotification>[];
  testIds: { search: string; table: string };
  empty: TDataTableProps<TNotification, TNotificationSortField>['empty'];
  actions?: TDataTableProps<TNotification, TNotificationSortField>['actions'];
  stackBelow?: TDataTableProps<TNotification, TNotificationSortField>['stackBelow'];
  /** Filters beside the search box. */
  children?: ReactNode;
};

/** The search and the paged table of notifications, as the inbox and the admins' screen show them. */
export function NotificationTable(props: TNotificationTableProps) {
  const { t } = useTranslation();
  const { list, notifications } = props;
  const status = queryStatus(notifications);
  return (
    <>
      <ListToolbar
        list={list}
        status={status}
        search={{
          label: t('notifications.search'),
          placeholder: t('notifications.searchPlaceholder'),
          testId: props.testIds.search,
        }}
      >
        {props.children}
      </ListToolbar>
      <DataTable
        list={list}
        caption={props.caption}
        testId={props.testIds.table}
        rowKey={(n) => n.notificationId}
        rowLabel={(n) => n.notificationTitle}
        columns={props.columns}
        rows={notifications.data?.notificationInfos ?? []}
        total={notifications.data?.totalCount ?? 0}
        status={status}
        actions={props.actions}
        stackBelow={props.stackBelow}
        empty={props.empty}
      />
    </>
  );
}
