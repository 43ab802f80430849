import { InboxOutlined, PlusOutlined } from '@ant-design/icons';
import type { TNotification } from '@portal/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useFindNotifications } from '../api/find-notifications.ts';
import { INBOX_PATH } from './notification-bell.tsx';
import { useNotificationColumns } from './notification-columns.tsx';
import { NotificationForm } from './notification-form.tsx';
import { notificationManageList, type TNotificationSortField } from './notification-list-state.ts';
import { NotificationTable } from './notification-table.tsx';
import { useNotificationActions } from './use-notification-actions.tsx';

/** #/notifications for admins: every notification, written for everyone or one company tree. */
export function NotificationList() {
  const session = useSession();
  // Others would only see their own notifications here: the inbox is the screen for them.
  if (!can(session, 'adminmanagement.update')) return <Navigate to={INBOX_PATH} replace />;
  return <ManagedNotifications />;
}

function ManagedNotifications() {
  const { t } = useTranslation();
  const list = useListState<TNotificationSortField, Record<string, never>, TNotification>(
    notificationManageList,
  );
  const notifications = useFindNotifications({ ...list.query, manage: true });
  const columns = useNotificationColumns();
  const [form, setForm] = useState<{ open: boolean; notification: TNotification | null }>({
    open: false,
    notification: null,
  });
  const openForm = (notification: TNotification | null) => setForm({ open: true, notification });
  const shown = notifications.data?.notificationInfos ?? [];
  const actions = useNotificationActions({
    onEdit: openForm,
    onDeleted: () => list.pageBackIfEmptied(1, shown.length),
  });

  return (
    <>
      <PageHeader
        title={t('menu.notifications')}
        subtitle={
          notifications.data ? t('notifications.total', { count: notifications.data.totalCount }) : undefined
        }
        extra={
          <>
            <Button icon={<InboxOutlined />} href={`#${INBOX_PATH}`} data-testid="notification-inbox-link">
              {t('notifications.inbox')}
            </Button>
            {actions.mayCreate ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="notification-create"
                onClick={() => openForm(null)}
              >
                {t('notifications.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <NotificationTable
        list={list}
        notifications={notifications}
        caption={t('menu.notifications')}
        columns={columns}
        testIds={{ search: 'notification-search', table: 'notification-table' }}
        actions={actions.rowActions}
        empty={{
          text: t('notifications.manageEmpty'),
          filteredText: t('notifications.emptyFiltered'),
          create: actions.mayCreate
            ? { label: t('notifications.create'), onClick: () => openForm(null) }
            : undefined,
        }}
      />
      <NotificationForm
        open={form.open}
        notification={form.notification}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
