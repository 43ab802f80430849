import {
  CheckOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { holdsAll, type TUser } from '@portal/contract';
import type { TableProps } from 'antd';
import { App, Button, Empty, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { defaultMinDate } from '../../../shared/api/environment.ts';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useApproveUsers } from '../api/approve-users.ts';
import { useDeleteUsers } from '../api/delete-users.ts';
import { useCompanyOptions } from '../api/find-company-options.ts';
import { useRoleOptions } from '../api/find-role-options.ts';
import { useFindUsers } from '../api/find-users.ts';
import { UserFilters } from './user-filters.tsx';
import { UserForm } from './user-form.tsx';
import type { TUserListState, TUserSortField } from './user-list-state.ts';
import {
  isFiltered,
  PAGE_SIZES,
  parseUserListState,
  serializeUserListState,
  toFindRequest,
} from './user-list-state.ts';
import { downloadText, toCsv, userCsvColumns } from './users-csv.ts';

/** #/users: server-side paged, sorted and filtered users with bulk and row actions. */
export function UserList() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseUserListState(params), [params]);
  const request = useMemo(() => toFindRequest(state), [state]);
  const users = useFindUsers(request);
  const roles = useRoleOptions();
  const companiesAllowed = can(session, 'companymanagement.read');
  const companies = useCompanyOptions(companiesAllowed);
  const approve = useApproveUsers();
  const remove = useDeleteUsers();
  const [selected, setSelected] = useState<TUser[]>([]);
  const [editing, setEditing] = useState<TUser | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  const mayCreate = can(session, 'usermanagement.create');
  const mayUpdate = can(session, 'usermanagement.update');
  const mayDelete = can(session, 'usermanagement.delete');
  const selfId = session.user?.id;
  const roleGrants = useMemo(
    () => new Map((roles.data ?? []).map((r) => [r.roleId, r.permissions])),
    [roles.data],
  );
  const caller = useMemo(
    () => ({
      isAdmin: can(session, 'adminmanagement.read'),
      permissions: new Set(Array.isArray(session.claims?.permissions) ? session.claims.permissions : []),
    }),
    [session],
  );
  /** The server refuses changes to users who hold more than the caller; their actions are off. */
  const manageable = (user: TUser) =>
    user.id === selfId ||
    holdsAll(
      caller,
      user.roles.flatMap((r) => roleGrants.get(r.roleId) ?? []),
    );
  /** Nobody deactivates or deletes themselves either. */
  const locked = (user: TUser) => user.id === selfId || !manageable(user);
  const assignableRoles = (roles.data ?? []).filter((r) => holdsAll(caller, r.permissions));

  const update = useCallback(
    (patch: Partial<TUserListState>) => {
      setParams(serializeUserListState({ ...parseUserListState(params), ...patch }), { replace: true });
      setSelected([]);
    },
    [params, setParams],
  );

  const formatDate = (iso: string) =>
    !iso || Date.parse(iso) === Date.parse(defaultMinDate()) ? t('common.never') : dayjs(iso).format('L LT');

  const setActive = async (targets: TUser[], active: boolean) => {
    const changing = targets.filter((u) => u.active !== active && !locked(u));
    if (changing.length === 0) return;
    try {
      await approve.mutateAsync(changing.map((u) => ({ id: u.id, login: u.login, active })));
      toast.success(
        active
          ? t('users.approved', { count: changing.length })
          : t('users.deactivated', { count: changing.length }),
      );
      setSelected([]);
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
      setSelected([]);
      const rows = users.data?.userInfos.length ?? 0;
      if (state.page > 1 && deleting.length >= rows) update({ page: state.page - 1 });
    } catch {
      // Shown by the API client.
    }
  };

  const confirmBulkDelete = () => {
    modal.confirm({
      title: t('users.bulkDeleteTitle', { count: selected.length }),
      content: t('users.deleteWarning'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => deleteUsers(selected),
    });
  };

  const exportCsv = () => {
    const rows = users.data?.userInfos ?? [];
    const csv = toCsv(
      rows,
      userCsvColumns({
        login: t('user.login'),
        firstName: t('user.firstName'),
        lastName: t('user.lastName'),
        email: t('user.email'),
        phone: t('user.phone'),
        company: t('user.company'),
        roles: t('user.roles'),
        active: t('user.active'),
        lastLogin: t('user.lastLogin'),
        joinDate: t('user.joinDate'),
      }),
    );
    downloadText(`users-page-${state.page}.csv`, csv);
  };

  const sortOrder = (field: TUserSortField) =>
    state.sort?.field === field ? (state.sort.dir === 'asc' ? 'ascend' : 'descend') : null;

  const columns: TableProps<TUser>['columns'] = [
    {
      key: 'login',
      title: t('user.login'),
      dataIndex: 'login',
      sorter: true,
      sortOrder: sortOrder('login'),
      ellipsis: true,
      width: 140,
    },
    {
      key: 'lastName',
      title: t('user.name'),
      sorter: true,
      sortOrder: sortOrder('lastName'),
      width: 240,
      render: (_value, user) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: true }}>
            {`${user.firstName} ${user.lastName}`.trim()}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: true }} style={{ fontSize: 12 }}>
            {user.email}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'companyName',
      title: t('user.company'),
      sorter: true,
      sortOrder: sortOrder('companyName'),
      ellipsis: true,
      width: 160,
      render: (_value, user) => user.companyName ?? user.company?.companyName ?? '—',
    },
    {
      key: 'roles',
      title: t('user.roles'),
      width: 150,
      render: (_value, user) => (
        <Flex wrap gap={4}>
          {user.roles.map((role) => (
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
      sorter: true,
      sortOrder: sortOrder('active'),
      width: 110,
      render: (_value, user) =>
        user.active ? (
          <Tag color="success">{t('users.statusActive')}</Tag>
        ) : (
          <Tag color="warning">{t('users.statusInactive')}</Tag>
        ),
    },
    {
      key: 'lastLogin',
      title: t('user.lastLogin'),
      sorter: true,
      sortOrder: sortOrder('lastLogin'),
      responsive: ['xxl'],
      width: 170,
      render: (_value, user) => formatDate(user.lastLogin),
    },
    {
      key: 'actions',
      title: <span className="sr-only">{t('common.actions')}</span>,
      fixed: 'right',
      width: 128,
      render: (_value, user) => (
        <Space size={0}>
          {mayUpdate ? (
            <Tooltip title={t('common.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${t('common.edit')} ${user.login}`}
                disabled={!manageable(user)}
                onClick={() => {
                  setEditing(user);
                  setFormOpen(true);
                }}
              />
            </Tooltip>
          ) : null}
          {mayUpdate ? (
            <Tooltip title={user.active ? t('users.deactivate') : t('users.approve')}>
              <Button
                type="text"
                icon={user.active ? <StopOutlined /> : <CheckOutlined />}
                disabled={locked(user)}
                aria-label={`${user.active ? t('users.deactivate') : t('users.approve')} ${user.login}`}
                data-testid={user.active ? 'row-deactivate' : 'row-approve'}
                onClick={() => void setActive([user], !user.active)}
              />
            </Tooltip>
          ) : null}
          {mayDelete ? (
            <Popconfirm
              title={t('users.deleteTitle', { login: user.login })}
              description={t('users.deleteWarning')}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'confirm-delete' }}
              onConfirm={() => deleteUsers([user])}
              disabled={locked(user)}
            >
              <Tooltip title={t('common.delete')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={locked(user)}
                  aria-label={`${t('common.delete')} ${user.login}`}
                  data-testid="row-delete"
                />
              </Tooltip>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  const onTableChange: TableProps<TUser>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof single?.columnKey === 'string' ? (single.columnKey as TUserSortField) : null;
    const sort = field && single?.order ? { field, dir: single.order === 'descend' ? 'desc' : 'asc' } : null;
    const pageSize = pagination.pageSize ?? state.pageSize;
    update({
      page: pageSize !== state.pageSize ? 1 : (pagination.current ?? 1),
      pageSize,
      sort: sort as TUserListState['sort'],
    });
  };

  const filtered = isFiltered(state);
  const emptyText = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? t('users.emptyFiltered') : t('users.empty')}
    >
      {filtered ? (
        <Button onClick={() => update({ search: '', active: null, roleIds: [], companyIds: [], page: 1 })}>
          {t('users.clearFilters')}
        </Button>
      ) : mayCreate ? (
        <Button
          type="primary"
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          {t('users.create')}
        </Button>
      ) : null}
    </Empty>
  );

  return (
    <>
      <PageHeader
        title={t('menu.users')}
        subtitle={users.data ? t('users.total', { count: users.data.totalCount }) : undefined}
        extra={
          <>
            <Tooltip title={t('users.exportHint')}>
              <Button
                icon={<DownloadOutlined />}
                onClick={exportCsv}
                disabled={!users.data?.userInfos.length}
              >
                {t('users.export')}
              </Button>
            </Tooltip>
            {mayCreate ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="user-create"
                onClick={() => {
                  setEditing(null);
                  setFormOpen(true);
                }}
              >
                {t('users.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }} align="center">
        <UserFilters
          state={state}
          roles={assignableRoles}
          companies={companies.data ?? []}
          showCompanies={companiesAllowed && !companies.isError}
          onChange={update}
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
      {selected.length > 0 ? (
        <Flex
          wrap
          gap={8}
          align="center"
          style={{ marginBottom: 12 }}
          role="toolbar"
          aria-label={t('users.bulkActions')}
        >
          <Typography.Text strong>{t('users.selected', { count: selected.length })}</Typography.Text>
          {mayUpdate ? (
            <>
              <Button
                icon={<CheckOutlined />}
                onClick={() => void setActive(selected, true)}
                loading={approve.isPending}
              >
                {t('users.approve')}
              </Button>
              <Button
                icon={<StopOutlined />}
                onClick={() => void setActive(selected, false)}
                loading={approve.isPending}
              >
                {t('users.deactivate')}
              </Button>
            </>
          ) : null}
          {mayDelete ? (
            <Button danger icon={<DeleteOutlined />} onClick={confirmBulkDelete}>
              {t('common.delete')}
            </Button>
          ) : null}
          <Button type="link" onClick={() => setSelected([])}>
            {t('users.clearSelection')}
          </Button>
        </Flex>
      ) : null}
      {users.isError && !users.data ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <Table<TUser>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={users.data?.userInfos ?? []}
          loading={users.isLoading || (users.isFetching && users.isPlaceholderData)}
          onChange={onTableChange}
          scroll={{ x: 940 }}
          locale={{ emptyText }}
          rowSelection={
            mayUpdate || mayDelete
              ? {
                  selectedRowKeys: selected.map((u) => u.id),
                  onChange: (_keys, rows) => setSelected(rows),
                  getCheckboxProps: (user) => ({
                    disabled: locked(user),
                    'aria-label': user.login,
                  }),
                }
              : undefined
          }
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total: users.data?.totalCount ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total, range) => t('users.range', { from: range[0], to: range[1], total }),
          }}
        />
      )}
      <UserForm
        open={formOpen}
        user={editing}
        roles={roles.data ?? []}
        companies={companies.data ?? []}
        companiesAvailable={companiesAllowed && !companies.isError}
        onClose={() => setFormOpen(false)}
      />
    </>
  );
}
