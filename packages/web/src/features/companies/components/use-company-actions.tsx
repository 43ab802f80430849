import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { TCompany } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import type { TRowAction } from '../../../shared/list/row-actions.tsx';

export type TCompanyActionsInput = {
  onEdit: (company: TCompany) => void;
  onDelete: (company: TCompany) => void;
};

/**
 * What the caller may do to companies: create with companymanagement.create, edit with
 * companymanagement.update, delete with companymanagement.delete (the server checks the same).
 * Delete opens a dialog that says where the company's users and child companies go.
 */
export function useCompanyActions({ onEdit, onDelete }: TCompanyActionsInput) {
  const { t } = useTranslation();
  const session = useSession();
  const mayUpdate = can(session, 'companymanagement.update');
  const mayCreate = mayUpdate && can(session, 'companymanagement.create');
  const mayDelete = can(session, 'companymanagement.delete');
  const isAdmin = can(session, 'adminmanagement.read');

  const rowActions = (company: TCompany): TRowAction[] => [
    ...(mayUpdate
      ? [
          {
            key: 'edit',
            label: t('common.edit'),
            icon: <EditOutlined />,
            testId: 'company-edit',
            onClick: () => onEdit(company),
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
            testId: 'company-delete',
            onClick: () => onDelete(company),
          },
        ]
      : []),
  ];

  return {
    mayCreate,
    mayUpdate,
    isAdmin,
    ownCompanyId: session.claims?.companyId ?? null,
    rowActions: mayUpdate || mayDelete ? rowActions : undefined,
  };
}
