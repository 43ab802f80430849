import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  BlockOutlined,
  ContactsOutlined,
  DollarOutlined,
  FileTextOutlined,
  HistoryOutlined,
  HomeOutlined,
  KeyOutlined,
  NodeIndexOutlined,
  OrderedListOutlined,
  SafetyCertificateOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { TPermission } from '@portal/contract';
import type { ReactNode } from 'react';

export type TMenuEntry = {
  key: string;
  path: string;
  /** i18n key of the label. */
  label: string;
  icon: ReactNode;
  /** Read permission of the area; null for screens everyone signed in may open. */
  permission: TPermission | null;
  /** False for screens of later issues: shown disabled with "Not available yet". */
  available: boolean;
  /** A count beside the label: `pendingFamilies` = family requests waiting for an admin (admins only). */
  badge?: 'pendingFamilies';
  /** Hidden from a token holding this permission: it has another entry for the same screen. */
  hiddenWith?: TPermission;
};

/** Every screen of the portal (spec 2), in menu order. */
export const MENU_ENTRIES: readonly TMenuEntry[] = [
  { key: 'home', path: '/', label: 'menu.home', icon: <HomeOutlined />, permission: null, available: true },
  {
    key: 'families',
    path: '/families',
    label: 'menu.families',
    icon: <AppstoreOutlined />,
    permission: 'contentmanagement.read',
    available: true,
  },
  {
    key: 'approvals',
    path: '/approvals',
    label: 'menu.approvals',
    icon: <AuditOutlined />,
    permission: 'adminmanagement.update',
    available: true,
    badge: 'pendingFamilies',
  },
  {
    // The same screen for partners: their requests, read-only, and the decisions on them.
    key: 'requests',
    path: '/approvals',
    label: 'menu.requests',
    icon: <AuditOutlined />,
    permission: 'contentmanagement.update',
    available: true,
    hiddenWith: 'adminmanagement.update',
  },
  {
    key: 'scenarios',
    path: '/scenarios',
    label: 'menu.scenarios',
    icon: <NodeIndexOutlined />,
    permission: 'contentmanagement.read',
    available: true,
  },
  {
    key: 'placementRules',
    path: '/placement-rules',
    label: 'menu.placementRules',
    icon: <BlockOutlined />,
    permission: 'contentmanagement.read',
    available: true,
  },
  {
    key: 'priceLists',
    path: '/price-lists',
    label: 'menu.priceLists',
    icon: <DollarOutlined />,
    permission: 'contentmanagement.read',
    available: true,
  },
  {
    key: 'parameterLists',
    path: '/parameter-lists',
    label: 'menu.parameterLists',
    icon: <OrderedListOutlined />,
    permission: 'contentmanagement.read',
    available: true,
  },
  {
    key: 'lists',
    path: '/lists',
    label: 'menu.lists',
    icon: <UnorderedListOutlined />,
    permission: 'contentmanagement.read',
    available: true,
  },
  {
    key: 'categories',
    path: '/categories',
    label: 'menu.categories',
    icon: <TagsOutlined />,
    permission: 'contentmanagement.read',
    available: true,
  },
  {
    key: 'notifications',
    path: '/notifications',
    label: 'menu.notifications',
    icon: <BellOutlined />,
    permission: 'adminmanagement.update',
    available: true,
  },
  {
    key: 'companies',
    path: '/companies',
    label: 'menu.companies',
    icon: <BankOutlined />,
    permission: 'companymanagement.read',
    available: true,
  },
  {
    key: 'customers',
    path: '/customers',
    label: 'menu.customers',
    icon: <ContactsOutlined />,
    permission: 'companymanagement.read',
    available: true,
  },
  {
    key: 'terms',
    path: '/terms',
    label: 'menu.terms',
    icon: <FileTextOutlined />,
    permission: 'companymanagement.read',
    available: true,
  },
  {
    key: 'licences',
    path: '/licences',
    label: 'menu.licences',
    icon: <SafetyCertificateOutlined />,
    permission: 'partnermanagement.read',
    available: true,
  },
  {
    key: 'tokens',
    path: '/tokens',
    label: 'menu.tokens',
    icon: <ApiOutlined />,
    permission: 'partnermanagement.read',
    available: true,
  },
  {
    key: 'users',
    path: '/users',
    label: 'menu.users',
    icon: <TeamOutlined />,
    permission: 'usermanagement.read',
    available: true,
  },
  {
    key: 'roles',
    path: '/roles',
    label: 'menu.roles',
    icon: <KeyOutlined />,
    permission: 'usermanagement.read',
    available: true,
  },
  {
    key: 'statistics',
    path: '/statistics',
    label: 'menu.statistics',
    icon: <BarChartOutlined />,
    permission: 'partnermanagement.read',
    available: true,
  },
  {
    key: 'activity',
    path: '/activity',
    label: 'menu.activity',
    icon: <HistoryOutlined />,
    permission: 'partnermanagement.read',
    available: true,
  },
];

/**
 * The entries a token may see: those without a permission or whose read permission it holds, less
 * those it has another entry for.
 */
export function visibleMenuEntries(
  entries: readonly TMenuEntry[],
  can: (permission: TPermission) => boolean,
): TMenuEntry[] {
  return entries.filter(
    (entry) =>
      (entry.permission === null || can(entry.permission)) &&
      !(entry.hiddenWith !== undefined && can(entry.hiddenWith)),
  );
}

/** The menu key of a path ("/users/12" selects "users"). */
export function menuKeyForPath(entries: readonly TMenuEntry[], pathname: string): string {
  const match = entries
    .filter(
      (entry) => entry.path !== '/' && (pathname === entry.path || pathname.startsWith(`${entry.path}/`)),
    )
    .sort((a, b) => b.path.length - a.path.length)[0];
  return match?.key ?? 'home';
}
