import { ExportOutlined } from '@ant-design/icons';
import type { TNotification } from '@portal/contract';
import { Flex, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { notificationTarget } from './notification-link.ts';
import './notification-entry.css';
import { relativeTime } from './relative-time.ts';

export type TNotificationOpenerProps = {
  notification: TNotification;
  /** Called when the person opens the entry (to mark it read and close a pop-up). */
  onOpen: (notification: TNotification) => void;
  children: ReactNode;
  testId?: string;
};

/**
 * The entry as the element its link calls for: a router link for a portal path, a new tab
 * (rel="noopener noreferrer") for a web address, a button that only marks it read without one.
 */
export function NotificationOpener({ notification, onOpen, children, testId }: TNotificationOpenerProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const target = notificationTarget(notification.notificationUrl);
  const style = {
    '--portal-notification-hover': token.controlItemBgHover,
    '--portal-notification-focus': token.colorPrimary,
  } as CSSProperties;
  const common = {
    className: 'portal-notification-open',
    style,
    'data-testid': testId,
    'data-read': notification.read,
    onClick: () => onOpen(notification),
  };
  if (target?.kind === 'internal') {
    return (
      <Link to={target.path} {...common}>
        {children}
      </Link>
    );
  }
  if (target?.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" {...common}>
        {children}
        <span className="sr-only"> ({t('notifications.opensNewTab')})</span>
      </a>
    );
  }
  return (
    <button type="button" {...common}>
      {children}
    </button>
  );
}

/** Title (bold with a dot while unread), when it came, and the description cut to two lines. */
export function NotificationSummary({ notification }: { notification: TNotification }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const external = notificationTarget(notification.notificationUrl)?.kind === 'external';
  return (
    <>
      <Flex align="baseline" gap={8} component="span">
        {notification.read ? null : (
          <span
            data-testid="notification-unread-dot"
            aria-hidden
            style={{
              flex: 'none',
              width: 8,
              height: 8,
              borderRadius: '50%',
              background: token.colorPrimary,
              alignSelf: 'center',
            }}
          />
        )}
        {notification.read ? null : <span className="sr-only">{t('notifications.unread')}: </span>}
        <Typography.Text
          strong={!notification.read}
          style={{
            flex: 1,
            minWidth: 0,
            overflowWrap: 'anywhere',
            color: 'inherit',
            fontWeight: notification.read ? 400 : 600,
          }}
        >
          {notification.notificationTitle}
          {external ? <ExportOutlined aria-hidden style={{ marginInlineStart: 6, fontSize: 12 }} /> : null}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ flex: 'none', fontSize: 12 }}>
          <time dateTime={notification.createdOn} title={dayjs(notification.createdOn).format('L LT')}>
            {relativeTime(notification.createdOn, i18n.language)}
          </time>
        </Typography.Text>
      </Flex>
      {notification.notificationDescription ? (
        <Typography.Text
          type="secondary"
          className="portal-notification-clip"
          style={{ fontSize: 13, marginTop: 2, marginInlineStart: notification.read ? 0 : 16 }}
        >
          {notification.notificationDescription}
        </Typography.Text>
      ) : null}
    </>
  );
}
