import {
  CheckOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { holdsAll, type TUser } from '@portal/contract';
import { App, Button, Flex, Tag, theme, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { BulkBar } from '../../../shared/list/bulk-bar.tsx';
import { DataTable, queryStatus, type TListColumn } from '../../../shared/list/data-table.tsx';
import { ExportButton } from '../../../shared/list/export-button.tsx';
import { formatDateTime } from '../../../shared/list/list-dates.ts';
import type { TRowAction } from '../../../shared/list/row-actions.tsx';
import { StatusTag } from '../../../shared/list/status-tag.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useApproveUsers } from '../api/approve-users.ts';
import { useDeleteUsers } from '../api/delete-users.ts';
import { useCompanyOptions } from '../api/find-company-options.ts';
import { useRoleOptions } from '../api/find-role-options.ts';
import { findUsers, useFindUsers } from '../api/find-users.ts';
import { UserFilters } from './user-filters.tsx';
import { UserForm } from './user-form.tsx';
import { type TUserFilters, type TUserSortField, userList } from './user-list-state.ts';
import { userCsvColumns } from './users-csv.ts';

/** #/users: server-side paged, sorted and filtered users with bulk and row actions. */
export function UserList() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const session = useSession();
  const list = useListState<TUserSortField, TUserFilters, TUser>(userList);
  const users = useFindUsers(list.query);
  const roles = useRoleOptions();
  const companiesAllowed = can(session, 'companymanagement.read');
  const companies = useCompanyOptions(companiesAllowed);
  const approve = useApproveUsers();
  const remove = useDeleteUsers();
  const [form, setForm] = useState<{ open: boolean; user: TUser | null }>({ open: false, user: null });

  const mayCreate = can(session, 'usermanagement.create');
  const mayUpdate = can(session, 'usermanagement.update');
  const mayDelete = can(session, 'usermanagement.delete');
  const selfId = session.user?.id;
  const caller = useMemo(
    () => ({
      isAdmin: can(session, 'adminmanagement.read'),
      permissions: new Set(Array.isArray(session.claims?.permissions) ? session.claims.permissions : []),
    }),
    [session],
  );
  const roleGrants = new Map((roles.data ?? []).map((r) => [r.roleId, r.permissions]));
  /** The server refuses changes to users who hold more than the caller; their actions are off. */
  const manageable = (user: TUser) =>
    user.id === selfId ||
    holdsAll(
      caller,
      user.roles.flatMap((r) => roleGrants.get(r.roleId) ?? []),
    );
  /** Nobody deactivates or deletes themselves either. */
  const locked = (user: TUser) => user.id === selfId || !manageable(user);
  const openForm = (user: TUser | null) => setForm({ open: true, user });

  const setActive = async (targets: TUser[], active: boolean) => {
    const changing = targets.filter((u) => u.active !== active && !locked(u));
    if (changing.length === 0) return;
    try {
      await approve.mutateAsync(changing.map((u) => ({ id: u.id, login: u.login, active })));
      const count = changing.length;
      toast.success(active ? t('users.approved', { count }) : t('users.deactivated', { count }));
      list.setSelected([]);
    } catch {
      // Shown by the API client.
    }
  };

  const deleteUsers = async (targets: TUser[]) => {
    const deleting = targets.filter((u) => !locked(u));
    if (deleting.length === 0) return;
    try {
      await remove.mutateAsync(deleting.map((u) => u.login));
      toast.success(t('users.deleted', { count: deleting.length }));
      list.setSelected([]);
      const page = list.state.page;
      if (page > 1 && deleting.length >= (users.data?.userInfos.length ?? 0)) list.update({ page: page - 1 });
    } catch {
      // Shown by the API client.
    }
  };

  const confirmBulkDelete = () =>
    modal.confirm({
      title: t('users.bulkDeleteTitle', { count: list.selected.length }),
      content: t('users.deleteWarning'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => deleteUsers(list.selected),
    });

  const columns: TListColumn<TUser>[] = [
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
      render: (u) => u.companyName ?? u.company?.companyName ?? '—',
    },
    {
      key: 'roles',
      title: t('user.roles'),
      width: 150,
      showFrom: 'xl',
      render: (u) => (
        <Flex wrap gap={4}>
          {u.roles.map((role) => (
            <Tag key={role.roleId} style={{ marginInlineEnd: 0 }}>
              {role.roleName}
            </Tag>
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

  const rowActions = (user: TUser): TRowAction[] => [
    ...(mayUpdate
      ? [
          {
            key: 'edit',
            label: t('common.edit'),
            icon: <EditOutlined />,
            disabled: !manageable(user),
            onClick: () => openForm(user),
          },
          {
            key: 'active',
            label: user.active ? t('users.deactivate') : t('users.approve'),
            icon: user.active ? <StopOutlined /> : <CheckOutlined />,
            disabled: locked(user),
            testId: user.active ? 'row-deactivate' : 'row-approve',
            onClick: () => void setActive([user], !user.active),
          },
        ]
      : []),
    ...(mayDelete
      ? [
          {
            key: 'delete',
            label: t('common.delete'),
            icon: <DeleteOutlined />,
            danger: true,
            disabled: locked(user),
            testId: 'row-delete',
            confirm: {
              title: t('users.deleteTitle', { login: user.login }),
              description: t('users.deleteWarning'),
              okText: t('common.delete'),
              cancelText: t('common.cancel'),
              okTestId: 'confirm-delete',
              onConfirm: () => deleteUsers([user]),
            },
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('menu.users')}
        subtitle={users.data ? t('users.total', { count: users.data.totalCount }) : undefined}
        extra={
          <>
            <ExportButton
              name="users"
              label={t('users.export')}
              hint={t('users.exportHint')}
              disabled={!users.data?.totalCount}
              columns={() => userCsvColumns(t)}
              fetchPage={async (page, pageSize) => {
                const answer = await findUsers({ ...list.query, page, pageSize });
                return { rows: answer.userInfos, total: answer.totalCount };
              }}
            />
            {mayCreate ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="user-create"
                onClick={() => openForm(null)}
              >
                {t('users.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }} align="center">
        <UserFilters
          state={list.state}
          roles={(roles.data ?? []).filter((r) => holdsAll(caller, r.permissions))}
          companies={companies.data ?? []}
          showCompanies={companiesAllowed && !companies.isError}
          onChange={list.update}
        />
        <Tooltip title={t('common.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('common.refresh')}
            loading={users.isFetching && !users.isLoading}
            onClick={() => void users.refetch()}
          />
        </Tooltip>
      </Flex>
      <BulkBar
        count={list.selected.length}
        label={t('users.bulkActions')}
        onClear={() => list.setSelected([])}
        actions={[
          ...(mayUpdate
            ? [
                {
                  key: 'approve',
                  label: t('users.approve'),
                  icon: <CheckOutlined />,
                  loading: approve.isPending,
                  onClick: () => void setActive(list.selected, true),
                },
                {
                  key: 'deactivate',
                  label: t('users.deactivate'),
                  icon: <StopOutlined />,
                  loading: approve.isPending,
                  onClick: () => void setActive(list.selected, false),
                },
              ]
            : []),
          ...(mayDelete
            ? [
                {
                  key: 'delete',
                  label: t('common.delete'),
                  icon: <DeleteOutlined />,
                  danger: true,
                  onClick: confirmBulkDelete,
                },
              ]
            : []),
        ]}
      />
      <DataTable
        list={list}
        caption={t('menu.users')}
        testId="user-list"
        rowKey={(u) => u.id}
        rowLabel={(u) => u.login}
        columns={columns}
        rows={users.data?.userInfos ?? []}
        total={users.data?.totalCount ?? 0}
        status={queryStatus(users)}
        actions={mayUpdate || mayDelete ? rowActions : undefined}
        selection={mayUpdate || mayDelete ? { disabled: locked } : undefined}
        empty={{
          text: t('users.empty'),
          filteredText: t('users.emptyFiltered'),
          create: mayCreate ? { label: t('users.create'), onClick: () => openForm(null) } : undefined,
        }}
      />
      <UserForm
        open={form.open}
        user={form.user}
        roles={roles.data ?? []}
        companies={companies.data ?? []}
        companiesAvailable={companiesAllowed && !companies.isError}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
