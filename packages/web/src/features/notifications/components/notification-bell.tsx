import { BellOutlined } from '@ant-design/icons';
import type { TNotification } from '@portal/contract';
import { Badge, Button, Flex, Popover, Spin, theme, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLatestNotifications } from '../api/find-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { NotificationOpener, NotificationSummary } from './notification-entry.tsx';

/** The inbox every signed-in person may open ("See all"). */
export const INBOX_PATH = '/notifications/inbox';

/** The bell's accessible name with the unread count ("3 unread notifications"). */
export function useBellLabel(unread: number): string {
  const { t } = useTranslation();
  if (unread === 0) return t('notifications.bellNone');
  if (unread === 1) return t('notifications.bellOne');
  return t('notifications.bellMany', { count: unread });
}

/**
 * The header's bell: the unread count on a badge (asked every minute and on return to the
 * window), and on click the ten newest notifications. Opening one marks it read and follows its
 * link (a portal screen in place, a web page in a new tab); "Mark all as read" and "See all".
 * The pop-up takes the focus when it opens, Escape closes it and gives the focus back.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const latest = useLatestNotifications();
  const markRead = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const unread = latest.data?.unreadCount ?? 0;
  const label = useBellLabel(unread);
  const rows = latest.data?.notificationInfos ?? [];

  useEffect(() => {
    if (!open) return;
    // The pop-up mounts in a portal at the end of the page: move the focus into it.
    const handle = setTimeout(() => panel.current?.focus(), 0);
    return () => clearTimeout(handle);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) bell.current?.focus();
  };

  const onOpen = (notification: TNotification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.notificationId] });
    // A new tab leaves this page as it is; a portal link or a plain entry closes the list.
    if (notification.notificationUrl && /^https?:/i.test(notification.notificationUrl.trim())) return;
    close(false);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    }
  };

  const body = latest.isLoading ? (
    <Flex justify="center" style={{ padding: 24 }} role="status">
      <Spin />
      <span className="sr-only">{t('list.loading')}</span>
    </Flex>
  ) : latest.isError && rows.length === 0 ? (
    <Flex vertical align="center" gap={8} style={{ padding: 16 }} role="alert">
      <Typography.Text type="secondary">{t('notifications.loadFailed')}</Typography.Text>
      <Button size="small" onClick={() => void latest.refetch()}>
        {t('common.retry')}
      </Button>
    </Flex>
  ) : rows.length === 0 ? (
    <Typography.Paragraph
      type="secondary"
      style={{ padding: 24, margin: 0, textAlign: 'center' }}
      data-testid="notification-bell-empty"
    >
      {t('notifications.empty')}
    </Typography.Paragraph>
  ) : (
    <ul
      aria-label={t('notifications.latest')}
      style={{ listStyle: 'none', margin: 0, padding: 4, maxHeight: 'min(60vh, 480px)', overflowY: 'auto' }}
      data-testid="notification-bell-list"
    >
      {rows.map((notification) => (
        <li key={notification.notificationId}>
          <NotificationOpener notification={notification} onOpen={onOpen} testId="notification-bell-item">
            <NotificationSummary notification={notification} />
          </NotificationOpener>
        </li>
      ))}
    </ul>
  );

  const content = (
    <div
      ref={panel}
      role="dialog"
      aria-label={t('notifications.title')}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="notification-bell-panel"
      style={{ width: 'min(360px, calc(100vw - 24px))', outline: 'none' }}
    >
      <Flex
        align="center"
        justify="space-between"
        gap={8}
        style={{ padding: '8px 12px', borderBottom: `1px solid ${token.colorSplit}` }}
      >
        <Typography.Text strong>{t('notifications.title')}</Typography.Text>
        <Button
          type="link"
          size="small"
          disabled={unread === 0}
          loading={markRead.isPending && markRead.variables && 'all' in markRead.variables}
          onClick={() => markRead.mutate({ all: true })}
          data-testid="notification-mark-all"
          style={{ paddingInline: 0 }}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Flex>
      {body}
      <div style={{ padding: '8px 12px', borderTop: `1px solid ${token.colorSplit}`, textAlign: 'center' }}>
        <Link to={INBOX_PATH} onClick={() => close(false)} data-testid="notification-see-all">
          {t('notifications.seeAll')}
        </Link>
      </div>
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      // Slide along the window's edge instead of running off it (a 390 px phone's header).
      align={{ overflow: { shiftX: true, adjustY: true } }}
      arrow={false}
      content={content}
      styles={{ container: { padding: 0 } }}
    >
      <Button
        ref={bell}
        type="text"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notification-bell"
        data-unread={unread}
        icon={
          <Badge count={unread} size="small" overflowCount={99} offset={[4, -2]}>
            <BellOutlined aria-hidden style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
