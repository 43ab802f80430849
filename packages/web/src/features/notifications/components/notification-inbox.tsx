import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import type { TNotification } from '@portal/contract';
import { Button, Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { DataTable, queryStatus, type TListColumn } from '../../../shared/list/data-table.tsx';
import { RefreshButton } from '../../../shared/list/refresh-button.tsx';
import { SearchBox } from '../../../shared/list/search-box.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useFindNotifications } from '../api/find-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { AudienceTag } from './notification-columns.tsx';
import { NotificationOpener, NotificationSummary } from './notification-entry.tsx';
import { notificationInboxList, type TNotificationSortField } from './notification-list-state.ts';

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
  const status = queryStatus(notifications);
  const shown = notifications.data?.notificationInfos ?? [];
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
    {
      key: 'audience',
      title: t('notifications.audience'),
      width: 200,
      render: (n) => <AudienceTag notification={n} />,
    },
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
      <Flex wrap gap={8} style={{ marginBottom: 16 }} align="center">
        <SearchBox
          value={list.state.search}
          onSearch={(search) => list.update({ search })}
          label={t('notifications.search')}
          placeholder={t('notifications.searchPlaceholder')}
          testId="notification-inbox-search"
        />
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
        <RefreshButton status={status} />
      </Flex>
      <DataTable
        list={list}
        caption={t('notifications.inbox')}
        testId="notification-inbox"
        rowKey={(n) => n.notificationId}
        rowLabel={(n) => n.notificationTitle}
        columns={columns}
        rows={shown}
        total={notifications.data?.totalCount ?? 0}
        status={status}
        stackBelow="md"
        empty={{ text: t('notifications.empty'), filteredText: t('notifications.emptyFiltered') }}
      />
    </>
  );
}
