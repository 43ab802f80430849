import { EditOutlined } from '@ant-design/icons';
import type { TCategory } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { deleteRowAction, type TRowAction } from '../../../shared/list/row-actions.tsx';
import { toast } from '../../../shared/toast/toast-store.ts';
import { useDeleteCategories } from '../api/delete-categories.ts';

export type TCategoryActionsInput = {
  onEdit: (category: TCategory) => void;
  /** Called after a delete (to step back from an emptied page). */
  onDeleted: () => void;
};

/**
 * What the caller may do to categories: create and edit with adminmanagement.update, delete with
 * adminmanagement.delete (the server checks the same permissions).
 */
export function useCategoryActions({ onEdit, onDeleted }: TCategoryActionsInput) {
  const { t } = useTranslation();
  const session = useSession();
  const remove = useDeleteCategories();
  const mayUpdate = can(session, 'adminmanagement.update');
  const mayDelete = can(session, 'adminmanagement.delete');

  const deleteCategory = async (category: TCategory) => {
    try {
      await remove.mutateAsync([category.categoryId]);
      toast.success(t('categories.deleted', { name: category.categoryName }));
      onDeleted();
    } catch {
      // Shown by the API client, translated (409 categoryInUse names how many families use it).
    }
  };

  const rowActions = (category: TCategory): TRowAction[] => [
    ...(mayUpdate
      ? [
          {
            key: 'edit',
            label: t('common.edit'),
            icon: <EditOutlined />,
            testId: 'category-edit',
            onClick: () => onEdit(category),
          },
        ]
      : []),
    ...(mayDelete
      ? [
          deleteRowAction(t, {
            testId: 'category-delete',
            title: t('categories.deleteTitle', { name: category.categoryName }),
            description:
              category.familyCount > 0
                ? t('categories.deleteInUse', { count: category.familyCount })
                : t('categories.deleteWarning'),
            okTestId: 'confirm-delete',
            // The server refuses to delete a category families use; the dialog only explains why.
            okDisabled: category.familyCount > 0,
            onConfirm: () => deleteCategory(category),
          }),
        ]
      : []),
  ];

  return { mayCreate: mayUpdate, rowActions: mayUpdate || mayDelete ? rowActions : undefined };
}
