import type { TUser } from '@portal/contract';
import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { formatDateTime } from '../../../shared/list/list-dates.ts';
import { StatusTag } from '../../../shared/list/status-tag.tsx';
import { RoleName } from '../../../shared/ui/role-name.tsx';

/** The users table's columns; keys that are sort fields sort on the server. */
export function useUserColumns(): TListColumn<TUser>[] {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mayReadCompanies = can(useSession(), 'companymanagement.read');
  return [
    {
      key: 'login',
      title: t('user.login'),
      sortable: true,
      ellipsis: true,
      width: 150,
      render: (u) => u.login,
    },
    {
      key: 'lastName',
      title: t('user.name'),
      sortable: true,
      render: (u) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: true }}>
            {`${u.firstName} ${u.lastName}`.trim()}
          </Typography.Text>
          <Typography.Text
            ellipsis={{ tooltip: true }}
            style={{ fontSize: 12, color: token.colorTextSecondary }}
          >
            {u.email}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'companyName',
      title: t('user.company'),
      sortable: true,
      ellipsis: true,
      width: 160,
      showFrom: 'xl',
      render: (u) =>
        u.company?.companyName ? (
          mayReadCompanies ? (
            <Link to={`/companies?q=${encodeURIComponent(u.company.companyName)}`}>
              {u.company.companyName}
            </Link>
          ) : (
            u.company.companyName
          )
        ) : u.companyName ? (
          // A name typed at registration that no listed company carries.
          <Typography.Text type="secondary" italic title={t('auth.companyNotListed')}>
            {u.companyName}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'roles',
      title: t('user.roles'),
      width: 150,
      showFrom: 'xl',
      render: (u) => (
        <Flex wrap gap={4}>
          {u.roles.map((role) => (
            <RoleName key={role.roleId} roleName={role.roleName} />
          ))}
        </Flex>
      ),
    },
    {
      key: 'active',
      title: t('user.status'),
      sortable: true,
      width: 110,
      render: (u) => (
        <StatusTag tone={u.active ? 'success' : 'warning'}>
          {u.active ? t('users.statusActive') : t('users.statusInactive')}
        </StatusTag>
      ),
    },
    {
      key: 'lastLogin',
      title: t('user.lastLogin'),
      sortable: true,
      width: 170,
      showFrom: 'xxl',
      render: (u) => formatDateTime(u.lastLogin, t('common.never')),
    },
  ];
}
