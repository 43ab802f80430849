import type { MenuProps } from 'antd';
import { Menu, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { can } from '../../shared/auth/session-store.ts';
import { useSession } from '../../shared/auth/use-session.ts';
import { MENU_ENTRIES, menuKeyForPath, visibleMenuEntries } from './menu-entries.tsx';

export type TSideMenuProps = { onNavigate?: () => void };

/** Every screen the user may read; those of later issues are disabled with a tooltip. */
export function SideMenu({ onNavigate }: TSideMenuProps) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const entries = useMemo(() => visibleMenuEntries(MENU_ENTRIES, (p) => can(session, p)), [session]);

  const items: MenuProps['items'] = entries.map((entry) => ({
    key: entry.key,
    icon: entry.icon,
    disabled: !entry.available,
    title: entry.available ? t(entry.label) : `${t(entry.label)} – ${t('menu.notAvailable')}`,
    'data-testid': `menu-${entry.key}`,
    label: entry.available ? (
      t(entry.label)
    ) : (
      <Tooltip title={t('menu.notAvailable')} placement="right">
        <span>{t(entry.label)}</span>
      </Tooltip>
    ),
  }));

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
