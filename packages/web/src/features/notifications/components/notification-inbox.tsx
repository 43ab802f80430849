import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import type { TNotification } from '@portal/contract';
import { Button, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useFindNotifications } from '../api/find-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { audienceColumn } from './notification-columns.tsx';
import { NotificationOpener, NotificationSummary } from './notification-entry.tsx';
import { notificationInboxList, type TNotificationSortField } from './notification-list-state.ts';
import { NotificationTable } from './notification-table.tsx';

type TShown = 'all' | 'unread';

/** #/notifications/inbox: every notification addressed to the signed-in person, paged, unread ones on demand. */
export function NotificationInbox() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useListState<TNotificationSortField, typeof notificationInboxList.spec.filters, TNotification>(
    notificationInboxList,
  );
  const notifications = useFindNotifications(list.query);
  const markRead = useMarkNotificationsRead();
  const unread = notifications.data?.unreadCount ?? 0;
  const open = (notification: TNotification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.notificationId] });
  };

  const columns: TListColumn<TNotification>[] = [
    {
      key: 'notificationTitle',
      title: t('notifications.fieldTitle'),
      render: (n) => (
        <NotificationOpener notification={n} onOpen={open} testId="notification-inbox-item">
          <NotificationSummary notification={n} />
        </NotificationOpener>
      ),
    },
    audienceColumn(t('notifications.audience')),
  ];

  return (
    <>
      <PageHeader
        title={t('notifications.inbox')}
        subtitle={notifications.data ? t('notifications.unreadTotal', { count: unread }) : undefined}
        extra={
          <>
            {can(session, 'adminmanagement.update') ? (
              <Button
                icon={<SettingOutlined />}
                href="#/notifications"
                data-testid="notification-manage-link"
              >
                {t('notifications.manage')}
              </Button>
            ) : null}
            <Button
              icon={<CheckOutlined />}
              disabled={unread === 0}
              loading={markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
              data-testid="notification-inbox-mark-all"
            >
              {t('notifications.markAllRead')}
            </Button>
          </>
        }
      />
      <NotificationTable
        list={list}
        notifications={notifications}
        caption={t('notifications.inbox')}
        columns={columns}
        testIds={{ search: 'notification-inbox-search', table: 'notification-inbox' }}
        stackBelow="md"
        empty={{ text: t('notifications.empty'), filteredText: t('notifications.emptyFiltered') }}
      >
        <Segmented<TShown>
          aria-label={t('notifications.show')}
          value={list.state.filters.unreadOnly ? 'unread' : 'all'}
          onChange={(value) => list.update({ filters: { unreadOnly: value === 'unread' ? true : null } })}
          options={[
            { value: 'all', label: t('notifications.showAll') },
            { value: 'unread', label: t('notifications.showUnread') },
          ]}
          data-testid="notification-inbox-filter"
        />
      </NotificationTable>
    </>
  );
}
