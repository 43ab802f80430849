import type { TNotification } from '@portal/contract';
import { Flex, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { formatDateTime } from '../../../shared/list/list-dates.ts';

/** "Everyone", the one user, or the company tree a notification is for, as a tag. */
export function AudienceTag({ notification }: { notification: TNotification }) {
  const { t } = useTranslation();
  if (notification.recipientLogin)
    return (
      <Tag color="purple" style={{ maxWidth: '100%', whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        {t('notifications.forUser', { login: notification.recipientLogin })}
      </Tag>
    );
  return notification.companyId === null ? (
    <Tag color="blue">{t('notifications.everyone')}</Tag>
  ) : (
    <Tag style={{ maxWidth: '100%', whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      {notification.companyName ?? `#${notification.companyId}`}
    </Tag>
  );
}

/** The column naming whom a notification is for; both notification tables show it. */
export function audienceColumn(title: string): TListColumn<TNotification> {
  return { key: 'audience', title, width: 200, render: (n) => <AudienceTag notification={n} /> };
}

/** The admins' notifications table: title with description, audience, link and creation date. */
export function useNotificationColumns(): TListColumn<TNotification>[] {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return [
    {
      key: 'notificationTitle',
      title: t('notifications.fieldTitle'),
      sortable: true,
      render: (n) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>{n.notificationTitle}</Typography.Text>
          {n.notificationDescription ? (
            <Typography.Text
              ellipsis={{ tooltip: n.notificationDescription }}
              style={{ fontSize: 12, color: token.colorTextSecondary }}
            >
              {n.notificationDescription}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    audienceColumn(t('notifications.audience')),
    {
      key: 'notificationUrl',
      title: t('notifications.fieldUrl'),
      width: 220,
      showFrom: 'xl',
      render: (n) =>
        n.notificationUrl ? (
          <Typography.Text code ellipsis={{ tooltip: n.notificationUrl }} style={{ maxWidth: 200 }}>
            {n.notificationUrl}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('notifications.noLink')}</Typography.Text>
        ),
    },
    {
      key: 'createdOn',
      title: t('notifications.createdOn'),
      sortable: true,
      width: 170,
      render: (n) => formatDateTime(n.createdOn, t('common.never')),
    },
  ];
}
