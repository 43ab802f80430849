import { EditOutlined } from '@ant-design/icons';
import type { TTerms } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { deleteRowAction, type TRowAction } from '../../../shared/list/row-actions.tsx';
import { toast } from '../../../shared/toast/toast-store.ts';
import { useDeleteTerms } from '../api/delete-terms.ts';

/**
 * What the caller may do to terms: write and edit with companymanagement.update, delete with
 * companymanagement.delete; portal-wide terms ("Everyone") are the admins' (the server checks the same).
 */
export function useTermsActions({
  onEdit,
  onDeleted,
}: {
  onEdit: (terms: TTerms) => void;
  onDeleted: (count: number) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const remove = useDeleteTerms();
  const isAdmin = can(session, 'adminmanagement.read');
  const mayUpdate = can(session, 'companymanagement.update');
  const mayDelete = can(session, 'companymanagement.delete');
  const mayTouch = (terms: TTerms) => terms.companyId !== null || isAdmin;

  /** Deletes the terms and says how many went. */
  const deleteNow = async (items: TTerms[]) => {
    try {
      await remove.mutateAsync(items.map((item) => item.termsId));
      toast.success(t('terms.deleted', { count: items.length }));
      onDeleted(items.length);
    } catch {
      // Shown by the API client.
    }
  };

  const rowActions = (terms: TTerms): TRowAction[] => [
    ...(mayUpdate
      ? [
          {
            key: 'edit',
            label: t('common.edit'),
            icon: <EditOutlined />,
            testId: 'terms-edit',
            disabled: !mayTouch(terms),
            disabledHint: t('terms.adminsOnly'),
            onClick: () => onEdit(terms),
          },
        ]
      : []),
    ...(mayDelete
      ? [
          deleteRowAction(t, {
            testId: 'terms-delete',
            disabled: !mayTouch(terms),
            disabledHint: t('terms.adminsOnly'),
            title: t('terms.deleteTitle', { title: terms.termsTitle }),
            description: terms.active ? t('terms.deleteActiveWarning') : t('terms.deleteWarning'),
            okTestId: 'confirm-delete',
            onConfirm: () => deleteNow([terms]),
          }),
        ]
      : []),
  ];

  return {
    isAdmin,
    mayCreate: mayUpdate,
    mayDelete,
    mayTouch,
    deleting: remove.isPending,
    deleteNow,
    rowActions: mayUpdate || mayDelete ? rowActions : undefined,
  };
}
