import { PlusOutlined } from '@ant-design/icons';
import type { TUser } from '@portal/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { BulkBar } from '../../../shared/list/bulk-bar.tsx';
import { DataTable, queryStatus } from '../../../shared/list/data-table.tsx';
import { ExportButton } from '../../../shared/list/export-button.tsx';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useCompanyScopeOptions } from '../../../shared/api/company-options.ts';
import { useRoleOptions } from '../api/find-role-options.ts';
import { findUsers, useFindUsers } from '../api/find-users.ts';
import { useUserColumns } from './user-columns.tsx';
import { UserFilters } from './user-filters.tsx';
import { UserForm } from './user-form.tsx';
import { type TUserFilters, type TUserSortField, userList } from './user-list-state.ts';
import { userCsvColumns } from './users-csv.ts';
import { useUserActions } from './use-user-actions.tsx';

/** #/users: server-side paged, sorted and filtered users with bulk and row actions. */
export function UserList() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useListState<TUserSortField, TUserFilters, TUser>(userList);
  const users = useFindUsers(list.query);
  const status = queryStatus(users);
  const columns = useUserColumns();
  const roles = useRoleOptions();
  const companiesAllowed = can(session, 'companymanagement.read');
  const companies = useCompanyScopeOptions(companiesAllowed);
  const [form, setForm] = useState<{ open: boolean; user: TUser | null }>({ open: false, user: null });
  const openForm = (user: TUser | null) => setForm({ open: true, user });
  const mayCreate = can(session, 'usermanagement.create');
  const shown = users.data?.userInfos ?? [];
  const actions = useUserActions({
    roles: roles.data ?? [],
    selected: list.selected,
    clearSelection: () => list.setSelected([]),
    onDeleted: (count) => list.pageBackIfEmptied(count, shown.length),
    onEdit: openForm,
  });

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
      <ListToolbar list={list} status={status} marginBottom={12}>
        <UserFilters
          state={list.state}
          roles={actions.assignableRoles}
          companies={companies.data ?? []}
          showCompanies={companiesAllowed && !companies.isError}
          onChange={list.update}
        />
      </ListToolbar>
      <BulkBar
        count={list.selected.length}
        label={t('users.bulkActions')}
        actions={actions.bulkActions}
        onClear={() => list.setSelected([])}
      />
      <DataTable
        list={list}
        caption={t('menu.users')}
        testId="user-list"
        rowKey={(u) => u.id}
        rowLabel={(u) => u.login}
        columns={columns}
        rows={shown}
        total={users.data?.totalCount ?? 0}
        status={status}
        actions={actions.rowActions}
        selection={actions.selectable ? { disabled: actions.locked } : undefined}
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
