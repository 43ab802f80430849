import { DeleteOutlined, EditOutlined, EyeOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import type { TPermissionArea, TRole } from '@portal/contract';
import { PERMISSION_ACTIONS } from '@portal/contract';
import type { TableProps } from 'antd';
import { Button, Empty, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useDeleteRole } from '../api/delete-role.ts';
import { useFindRoles } from '../api/find-roles.ts';
import { RoleEditor } from './role-editor.tsx';

const ACTION_LETTER = { create: 'C', read: 'R', update: 'U', delete: 'D' } as const;

/** #/roles: roles with what they grant; admins create, edit and delete them. */
export function RoleList() {
  const { t } = useTranslation();
  const session = useSession();
  const roles = useFindRoles();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<TRole | null>(null);
  const [open, setOpen] = useState(false);

  const mayCreate = can(session, 'adminmanagement.create');
  const mayUpdate = can(session, 'adminmanagement.update');
  const mayDelete = can(session, 'adminmanagement.delete');

  const openEditor = (role: TRole | null) => {
    setEditing(role);
    setOpen(true);
  };

  const deleteRole = async (role: TRole) => {
    try {
      await remove.mutateAsync(role);
      toast.success(t('roles.deleted', { name: role.roleName }));
    } catch {
      // Shown by the API client (409 for a built-in role).
    }
  };

  const columns: TableProps<TRole>['columns'] = [
    {
      key: 'roleName',
      title: t('roles.name'),
      dataIndex: 'roleName',
      sorter: (a, b) => a.roleName.localeCompare(b.roleName),
      defaultSortOrder: 'ascend',
      ellipsis: true,
      width: 200,
      render: (_value, role) => (
        <Flex gap={6} align="center" style={{ minWidth: 0 }}>
          <Typography.Text ellipsis>{role.roleName}</Typography.Text>
          {role.builtIn ? (
            <Tag icon={<LockOutlined />} style={{ marginInlineEnd: 0 }}>
              {t('roles.builtIn')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'permissions',
      title: t('roles.permissions'),
      render: (_value, role) => {
        const granted = role.rolePermissionInfos.filter(
          (p) => p.permissionCreate || p.permissionRead || p.permissionUpdate || p.permissionDelete,
        );
        if (granted.length === 0)
          return <Typography.Text type="secondary">{t('roles.none')}</Typography.Text>;
        return (
          <Flex wrap gap={4}>
            {granted.map((p) => {
              const letters = PERMISSION_ACTIONS.filter(
                (a) =>
                  ({
                    create: p.permissionCreate,
                    read: p.permissionRead,
                    update: p.permissionUpdate,
                    delete: p.permissionDelete,
                  })[a],
              )
                .map((a) => ACTION_LETTER[a])
                .join('');
              return (
                <Tag key={p.rolePermissionName} color="blue" style={{ marginInlineEnd: 0 }}>
                  {t(`permissions.areas.${p.rolePermissionName satisfies TPermissionArea}`)} · {letters}
                </Tag>
              );
            })}
          </Flex>
        );
      },
    },
    {
      key: 'userCount',
      title: t('roles.userCount'),
      dataIndex: 'userCount',
      sorter: (a, b) => a.userCount - b.userCount,
      width: 110,
      align: 'end',
    },
    {
      key: 'actions',
      title: <span className="sr-only">{t('common.actions')}</span>,
      width: 100,
      fixed: 'right',
      render: (_value, role) => (
        <Space size={0}>
          <Tooltip title={mayUpdate ? t('common.edit') : t('common.view')}>
            <Button
              type="text"
              icon={mayUpdate ? <EditOutlined /> : <EyeOutlined />}
              aria-label={`${mayUpdate ? t('common.edit') : t('common.view')} ${role.roleName}`}
              onClick={() => openEditor(role)}
            />
          </Tooltip>
          {mayDelete ? (
            <Popconfirm
              title={t('roles.deleteTitle', { name: role.roleName })}
              description={role.userCount > 0 ? t('roles.deleteInUse', { count: role.userCount }) : undefined}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              disabled={role.builtIn}
              onConfirm={() => deleteRole(role)}
            >
              <Tooltip title={role.builtIn ? t('roles.builtInNoDelete') : t('common.delete')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={role.builtIn}
                  aria-label={`${t('common.delete')} ${role.roleName}`}
                />
              </Tooltip>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
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
      {roles.isError ? (
        <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />
      ) : (
        <Table<TRole>
          rowKey="roleId"
          size="middle"
          columns={columns}
          dataSource={roles.data ?? []}
          loading={roles.isLoading}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.empty')}>
                {mayCreate ? (
                  <Button type="primary" onClick={() => openEditor(null)}>
                    {t('roles.create')}
                  </Button>
                ) : null}
              </Empty>
            ),
          }}
        />
      )}
      <RoleEditor
        open={open}
        role={editing}
        editable={editing ? mayUpdate : mayCreate}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
