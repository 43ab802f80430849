import type { MenuProps } from 'antd';
import { Badge, Flex, Menu, theme, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { can } from '../../shared/auth/session-store.ts';
import { useSession } from '../../shared/auth/use-session.ts';
import { usePendingCount } from '../../shared/approvals/pending-count.ts';
import { MENU_ENTRIES, menuKeyForPath, type TMenuEntry, visibleMenuEntries } from './menu-entries.tsx';

export type TSideMenuProps = { onNavigate?: () => void };

/** Every screen the user may read; those of later issues are disabled with a tooltip. */
export function SideMenu({ onNavigate }: TSideMenuProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const entries = useMemo(() => visibleMenuEntries(MENU_ENTRIES, (p) => can(session, p)), [session]);
  const pending = usePendingCount(can(session, 'adminmanagement.read')).data ?? 0;

  // The count is read out in words ("3 waiting for approval"); the badge itself is for the eye.
  const labelOf = (entry: TMenuEntry) =>
    entry.badge === 'pendingFamilies' && pending > 0 ? (
      <Flex align="center" justify="space-between" gap={8}>
        <span>{t(entry.label)}</span>
        <span data-testid="menu-pending-count">
          <Badge count={pending} overflowCount={999} size="small" color="#cf1322" aria-hidden />
          <span className="sr-only">{t('menu.pendingCount', { count: pending })}</span>
        </span>
      </Flex>
    ) : (
      t(entry.label)
    );

  // Screens of later issues stay focusable (so the tooltip is reachable by mouse and keyboard)
  // but look and act disabled; antd's own `disabled` swallows the hover that shows the tooltip.
  const items: MenuProps['items'] = entries.map((entry) =>
    entry.available
      ? { key: entry.key, icon: entry.icon, label: labelOf(entry), 'data-testid': `menu-${entry.key}` }
      : {
          key: entry.key,
          icon: <span style={{ color: token.colorTextTertiary }}>{entry.icon}</span>,
          title: `${t(entry.label)} – ${t('menu.notAvailable')}`,
          'aria-disabled': true,
          'data-testid': `menu-${entry.key}`,
          style: { cursor: 'not-allowed' },
          label: (
            <Tooltip title={t('menu.notAvailable')} placement="right">
              <span style={{ color: token.colorTextTertiary, display: 'block' }}>{t(entry.label)}</span>
            </Tooltip>
          ),
        },
  );

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[menuKeyForPath(entries, pathname)]}
      aria-label={t('menu.label')}
      style={{ borderInlineEnd: 0 }}
      onClick={({ key }) => {
        const entry = entries.find((e) => e.key === key);
        if (!entry?.available) return;
        void navigate(entry.path);
        onNavigate?.();
      }}
    />
  );
}
