import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  MessageFilled,
} from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './toast-container.css';
import type { TToastType } from './toast-store.ts';
import { toastStore } from './toast-store.ts';

const ICONS: Record<TToastType, ReactNode> = {
  info: <InfoCircleFilled />,
  success: <CheckCircleFilled />,
  warning: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
  default: <MessageFilled />,
};

/** A stack of toasts at the top centre, newest on top, 320 px wide (spec 2 and 9; placed clear of primary buttons, see the CSS). */
export function ToastContainer() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  const { token } = theme.useToken();
  const { t } = useTranslation();
  const colors: Record<TToastType, string> = {
    info: token.colorInfo,
    success: token.colorSuccess,
    warning: token.colorWarning,
    error: token.colorError,
    default: token.colorTextSecondary,
  };

  return (
    <div className="portal-toast-container" aria-live="polite">
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.type === 'error' || item.type === 'warning' ? 'alert' : 'status'}
          data-testid="toast"
          data-type={item.type}
          className={`portal-toast portal-toast-${item.phase}`}
          style={{ background: token.colorBgElevated, color: colors[item.type] }}
          onMouseEnter={() => toastStore.setHovered(item.id, true)}
          onMouseLeave={() => toastStore.setHovered(item.id, false)}
          onFocus={() => toastStore.setHovered(item.id, true)}
          onBlur={() => toastStore.setHovered(item.id, false)}
        >
          <span aria-hidden>{ICONS[item.type]}</span>
          <div className="portal-toast-body" style={{ color: token.colorText }}>
            {item.message}
          </div>
          <button
            type="button"
            className="portal-toast-close"
            aria-label={t('common.close')}
            onClick={() => toastStore.dismiss(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
