import { EditOutlined } from '@ant-design/icons';
import type { TNotification } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { deleteRowAction, type TRowAction } from '../../../shared/list/row-actions.tsx';
import { toast } from '../../../shared/toast/toast-store.ts';
import { useDeleteNotifications } from '../api/delete-notifications.ts';

export type TNotificationActionsInput = {
  onEdit: (notification: TNotification) => void;
  /** Called after a delete (to step back from an emptied page). */
  onDeleted: () => void;
};

/**
 * What the caller may do to notifications: write and edit with adminmanagement.update, delete
 * with adminmanagement.delete (the server checks the same permissions).
 */
export function useNotificationActions({ onEdit, onDeleted }: TNotificationActionsInput) {
  const { t } = useTranslation();
  const session = useSession();
  const remove = useDeleteNotifications();
  const mayUpdate = can(session, 'adminmanagement.update');
  const mayDelete = can(session, 'adminmanagement.delete');

  const deleteNotification = async (notification: TNotification) => {
    try {
      await remove.mutateAsync([notification.notificationId]);
      toast.success(t('notifications.deleted', { name: notification.notificationTitle }));
      onDeleted();
    } catch {
      // Shown by the API client, translated.
    }
  };

  const rowActions = (notification: TNotification): TRowAction[] => [
    ...(mayUpdate
      ? [
          {
            key: 'edit',
            label: t('common.edit'),
            icon: <EditOutlined />,
            testId: 'notification-edit',
            onClick: () => onEdit(notification),
          },
        ]
      : []),
    ...(mayDelete
      ? [
          deleteRowAction(t, {
            testId: 'notification-delete',
            title: t('notifications.deleteTitle', { name: notification.notificationTitle }),
            description: t('notifications.deleteWarning'),
            okTestId: 'confirm-delete',
            onConfirm: () => deleteNotification(notification),
          }),
        ]
      : []),
  ];

  return { mayCreate: mayUpdate, rowActions: mayUpdate || mayDelete ? rowActions : undefined };
}
