import { EditOutlined, EyeOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import type { TRole } from '@portal/contract';
import { PERMISSION_ACTIONS } from '@portal/contract';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { DataTable, queryStatus, type TListColumn } from '../../../shared/list/data-table.tsx';
import { defineList, pageLocally } from '../../../shared/list/list-state.ts';
import { deleteRowAction, type TRowAction } from '../../../shared/list/row-actions.tsx';
import { SearchBox } from '../../../shared/list/search-box.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { roleDescription, roleLabel } from '../../../shared/ui/role-name.tsx';
import { useDeleteRole } from '../api/delete-role.ts';
import { useFindRoles } from '../api/find-roles.ts';
import { toMatrix } from './permission-matrix-model.ts';
import { RoleEditor } from './role-editor.tsx';

const ACTION_LETTER = { create: 'C', read: 'R', update: 'U', delete: 'D' } as const;

type TRoleSortField = 'roleName' | 'userCount';

/** Roles are few and answered whole: sorted and searched in memory, the state still in the URL. */
const roleList = defineList({
  sortFields: ['roleName', 'userCount'] satisfies TRoleSortField[],
  defaultSort: { field: 'roleName', dir: 'asc' },
  filters: {},
});

const compare = {
  roleName: (a: TRole, b: TRole) => a.roleName.localeCompare(b.roleName),
  userCount: (a: TRole, b: TRole) => a.userCount - b.userCount,
};

/** #/roles: roles with what they grant; admins create, edit and delete them. */
export function RoleList() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useListState<TRoleSortField, typeof roleList.spec.filters, TRole>(roleList);
  const roles = useFindRoles();
  const remove = useDeleteRole();
  const [editor, setEditor] = useState<{ open: boolean; role: TRole | null }>({ open: false, role: null });

  const mayCreate = can(session, 'adminmanagement.create');
  const mayUpdate = can(session, 'adminmanagement.update');
  const mayDelete = can(session, 'adminmanagement.delete');
  const openEditor = (role: TRole | null) => setEditor({ open: true, role });

  const deleteRole = async (role: TRole) => {
    try {
      await remove.mutateAsync(role);
      toast.success(t('roles.deleted', { name: role.roleName }));
    } catch {
      // Shown by the API client (409 for a built-in role).
    }
  };

  const shown = pageLocally(roles.data ?? [], list.state, {
    compare,
    defaultSort: roleList.spec.defaultSort,
    matches: (role, search) =>
      [role.roleName, roleLabel(t, role.roleName)].some((name) => name.toLocaleLowerCase().includes(search)),
    paged: false,
  });

  const columns: TListColumn<TRole>[] = [
    {
      key: 'roleName',
      title: t('roles.name'),
      sortable: true,
      width: 220,
      render: (role) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Flex gap={6} align="center" wrap style={{ minWidth: 0 }}>
            <Typography.Text ellipsis={{ tooltip: true }} data-testid="role-name" data-role={role.roleName}>
              {roleLabel(t, role.roleName)}
            </Typography.Text>
            {role.builtIn ? (
              <Tag icon={<LockOutlined />} style={{ marginInlineEnd: 0 }}>
                {t('roles.builtIn')}
              </Tag>
            ) : null}
          </Flex>
          {roleDescription(t, role.roleName) ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {roleDescription(t, role.roleName)}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'permissions',
      title: t('roles.permissions'),
      render: (role) => {
        const matrix = toMatrix(role.rolePermissionInfos);
        const granted = role.rolePermissionInfos
          .map((p) => ({
            area: p.rolePermissionName,
            letters: PERMISSION_ACTIONS.filter((a) => matrix[p.rolePermissionName][a])
              .map((a) => ACTION_LETTER[a])
              .join(''),
          }))
          .filter((p) => p.letters);
        if (granted.length === 0) return <Typography.Text>{t('roles.none')}</Typography.Text>;
        return (
          <Flex wrap gap={4}>
            {granted.map((p) => (
              <Tag key={p.area} color="blue" style={{ marginInlineEnd: 0 }}>
                {t(`permissions.areas.${p.area}`)} · {p.letters}
              </Tag>
            ))}
          </Flex>
        );
      },
    },
    {
      key: 'userCount',
      title: t('roles.userCount'),
      sortable: true,
      width: 110,
      render: (role) => role.userCount,
    },
  ];

  const rowActions = (role: TRole): TRowAction[] => [
    {
      key: 'open',
      label: mayUpdate ? t('common.edit') : t('common.view'),
      icon: mayUpdate ? <EditOutlined /> : <EyeOutlined />,
      onClick: () => openEditor(role),
    },
    ...(mayDelete
      ? [
          deleteRowAction(t, {
            disabled: role.builtIn,
            disabledHint: t('roles.builtInNoDelete'),
            title: t('roles.deleteTitle', { name: role.roleName }),
            description: role.userCount > 0 ? t('roles.deleteInUse', { count: role.userCount }) : undefined,
            onConfirm: () => deleteRole(role),
          }),
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('menu.roles')}
        subtitle={t('roles.subtitle')}
        extra={
          mayCreate ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => openEditor(null)}
              data-testid="role-create"
            >
              {t('roles.create')}
            </Button>
          ) : null
        }
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <SearchBox
          value={list.state.search}
          onSearch={(search) => list.update({ search })}
          label={t('roles.search')}
          placeholder={t('roles.searchPlaceholder')}
          testId="role-search"
        />
      </Flex>
      <DataTable
        list={list}
        caption={t('menu.roles')}
        testId="role-list"
        rowKey={(role) => role.roleId}
        rowLabel={(role) => roleLabel(t, role.roleName)}
        columns={columns}
        rows={shown.rows}
        total={shown.total}
        status={queryStatus(roles)}
        actions={rowActions}
        paged={false}
        empty={{
          text: t('roles.empty'),
          filteredText: t('roles.emptyFiltered'),
          create: mayCreate ? { label: t('roles.create'), onClick: () => openEditor(null) } : undefined,
        }}
      />
      <RoleEditor
        open={editor.open}
        role={editor.role}
        editable={editor.role ? mayUpdate : mayCreate}
        onClose={() => setEditor((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
