import { CheckOutlined, DeleteOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { holdsAll, type TUser } from '@portal/contract';
import { Alert, App, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import type { TBulkAction } from '../../../shared/list/bulk-bar.tsx';
import { deleteRowAction, type TRowAction } from '../../../shared/list/row-actions.tsx';
import { toast } from '../../../shared/toast/toast-store.ts';
import { useApproveUsers } from '../api/approve-users.ts';
import { useDeleteUsers } from '../api/delete-users.ts';
import type { TRoleOption } from '../api/find-role-options.ts';
import { seatsAfterApproval } from './licence-seats.ts';

export type TUserActionsInput = {
  roles: TRoleOption[];
  selected: TUser[];
  clearSelection: () => void;
  /** Called after a delete with how many were removed (to step back from an emptied page). */
  onDeleted: (count: number) => void;
  onEdit: (user: TUser) => void;
};

/**
 * What the caller may do to users: row and bulk actions, which users are locked (themselves, or
 * holding more than the caller: the server refuses those), and the roles the caller may hand out.
 */
export function useUserActions({ roles, selected, clearSelection, onDeleted, onEdit }: TUserActionsInput) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const session = useSession();
  const approve = useApproveUsers();
  const remove = useDeleteUsers();
  const mayUpdate = can(session, 'usermanagement.update');
  const mayDelete = can(session, 'usermanagement.delete');
  const selfId = session.user?.id;
  const caller = {
    permissions: new Set(Array.isArray(session.claims?.permissions) ? session.claims.permissions : []),
  };
  const grants = new Map(roles.map((r) => [r.roleId, r.permissions]));
  const manageable = (user: TUser) =>
    user.id === selfId ||
    holdsAll(
      caller,
      user.roles.flatMap((r) => grants.get(r.roleId) ?? []),
    );
  const locked = (user: TUser) => user.id === selfId || !manageable(user);

  const apply = async (changing: TUser[], active: boolean) => {
    try {
      await approve.mutateAsync(changing.map((u) => ({ id: u.id, login: u.login, active })));
      const count = changing.length;
      toast.success(active ? t('users.approved', { count }) : t('users.deactivated', { count }));
      clearSelection();
    } catch (error) {
      // The message itself is shown by the API client; a full licence also gets what to do about it.
      if (error instanceof ApiError && error.errorDetails.some((d) => d?.key === 'licenceFull'))
        toast.warning(t('users.licenceFullHint'));
    }
  };

  const setActive = async (targets: TUser[], active: boolean) => {
    const changing = targets.filter((u) => u.active !== active && !locked(u));
    if (changing.length === 0) return;
    const seats = active ? seatsAfterApproval(changing) : [];
    if (seats.length === 0) return apply(changing, active);
    // Approving takes licence seats: say how many are in use of how many, before it happens.
    modal.confirm({
      title: t('users.approveSeatsTitle', { count: changing.length }),
      content: (
        <Space direction="vertical" style={{ width: '100%' }}>
          {seats.map((s) => (
            <div key={s.code}>
              <Typography.Text strong>{s.code}</Typography.Text>{' '}
              <Typography.Text data-testid="licence-seats">
                {t('users.licenceSeats', { used: s.used, max: s.max, adding: s.adding })}
              </Typography.Text>
              {s.over && (
                <Alert type="warning" showIcon title={t('users.licenceSeatsOver', { max: s.max })} />
              )}
            </div>
          ))}
        </Space>
      ),
      okText: t('users.approve'),
      onOk: () => apply(changing, active),
    });
  };

  const deleteUsers = async (targets: TUser[]) => {
    const deleting = targets.filter((u) => !locked(u));
    if (deleting.length === 0) return;
    try {
      await remove.mutateAsync(deleting.map((u) => u.login));
      toast.success(t('users.deleted', { count: deleting.length }));
      clearSelection();
      onDeleted(deleting.length);
    } catch {
      // Shown by the API client.
    }
  };

  const rowActions = (user: TUser): TRowAction[] => [
    ...(mayUpdate
      ? [
          {
            key: 'edit',
            label: t('common.edit'),
            icon: <EditOutlined />,
            disabled: !manageable(user),
            onClick: () => onEdit(user),
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
          deleteRowAction(t, {
            disabled: locked(user),
            testId: 'row-delete',
            title: t('users.deleteTitle', { login: user.login }),
            description: t('users.deleteWarning'),
            okTestId: 'confirm-delete',
            onConfirm: () => deleteUsers([user]),
          }),
        ]
      : []),
  ];

  const bulkActions: TBulkAction[] = [
    ...(mayUpdate
      ? [
          {
            key: 'approve',
            label: t('users.approve'),
            icon: <CheckOutlined />,
            loading: approve.isPending,
            onClick: () => void setActive(selected, true),
          },
          {
            key: 'deactivate',
            label: t('users.deactivate'),
            icon: <StopOutlined />,
            loading: approve.isPending,
            onClick: () => void setActive(selected, false),
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
            confirm: {
              title: t('users.bulkDeleteTitle', { count: selected.length }),
              content: t('users.deleteWarning'),
            },
            onClick: () => deleteUsers(selected),
          },
        ]
      : []),
  ];

  return {
    rowActions: mayUpdate || mayDelete ? rowActions : undefined,
    bulkActions,
    selectable: mayUpdate || mayDelete,
    locked,
    assignableRoles: roles.filter((r) => holdsAll(caller, r.permissions)),
  };
}
