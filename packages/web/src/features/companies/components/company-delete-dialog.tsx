import type { TCompany } from '@portal/contract';
import { Form, Modal, TreeSelect, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/toast/toast-store.ts';
import { type TDeleteCompanyRequest, useDeleteCompany } from '../api/delete-companies.ts';
import { buildCompanyTree, subtreeIds, type TCompanyNode } from './company-tree-model.ts';

/** The "no company" / "top level" choice of a target picker (company ids are positive). */
export const NO_COMPANY = 0;

export type TCompanyDeleteDialogProps = {
  /** The company to delete; null: the dialog is closed. */
  company: TCompany | null;
  /** The caller's companies (where users and child companies can go). */
  companies: readonly TCompany[];
  /** Admins may leave child companies at the top level. */
  isAdmin: boolean;
  onClose: () => void;
  onDeleted: () => void;
};

type TTargets = { usersTo: number | undefined; childrenTo: number | undefined };
type TOption = { value: number; title: string; disabled?: boolean; children: TOption[] };

function options(nodes: TCompanyNode[], blocked: Set<number>): TOption[] {
  return nodes.map(({ company, children }) => ({
    value: company.companyId,
    title: company.companyName,
    disabled: blocked.has(company.companyId),
    children: options(children, blocked),
  }));
}

/** Child companies in all: the record names only the first ones and counts them all. */
function childCountOf(company: TCompany): number {
  return Math.max(company.childCompanyCount ?? 0, company.childCompanies.length);
}

/** The delete request for the chosen targets: a target only where there is something to move. */
export function deleteRequestOf(company: TCompany, targets: TTargets): TDeleteCompanyRequest {
  const target = (id: number | undefined) => ({ companyId: !id ? null : id });
  return {
    companyId: company.companyId,
    ...((company.userCount ?? 0) > 0 ? { usersTo: target(targets.usersTo) } : {}),
    ...(childCountOf(company) > 0 ? { childrenTo: target(targets.childrenTo) } : {}),
  };
}

/**
 * Asks before deleting a company, and when it has users or child companies, where they go:
 * another company of the caller's tree, or none (users without a company; children at the top
 * level, admins only). Both default to the deleted company's parent.
 */
export function CompanyDeleteDialog({
  company,
  companies,
  isAdmin,
  onClose,
  onDeleted,
}: TCompanyDeleteDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TTargets>();
  const remove = useDeleteCompany();
  const users = company?.userCount ?? 0;
  const children = company ? childCountOf(company) : 0;
  const parentId = company?.parentCompany?.companyId ?? null;
  const tree = useMemo(() => buildCompanyTree(companies), [companies]);
  const parentInScope = parentId !== null && companies.some((c) => c.companyId === parentId);

  useEffect(() => {
    if (!company) return;
    form.setFieldsValue({
      usersTo: parentInScope && parentId !== null ? parentId : NO_COMPANY,
      // Only an administrator may leave child companies at the top level: others choose.
      childrenTo: parentInScope && parentId !== null ? parentId : isAdmin ? NO_COMPANY : undefined,
    });
  }, [company, parentId, parentInScope, isAdmin, form]);

  if (!company) return null;
  const own = new Set([company.companyId]);
  const below = subtreeIds(companies, company.companyId);
  const userTargets: TOption[] = [
    { value: NO_COMPANY, title: t('companies.deleteUsersNone'), children: [] },
    ...options(tree, own),
  ];
  const childTargets: TOption[] = [
    ...(isAdmin ? [{ value: NO_COMPANY, title: t('companies.deleteChildrenTop'), children: [] }] : []),
    ...options(tree, below),
  ];

  const submit = async (targets: TTargets) => {
    try {
      await remove.mutateAsync(deleteRequestOf(company, targets));
      toast.success(t('companies.deleted', { name: company.companyName }));
      onDeleted();
      onClose();
    } catch {
      // Shown by the API client, translated (409 with how many users or children are left).
    }
  };

  return (
    <Modal
      open
      title={t('companies.deleteTitle', { name: company.companyName })}
      okText={t('common.delete')}
      okButtonProps={{
        danger: true,
        loading: remove.isPending,
        ...{ 'data-testid': 'company-delete-confirm' },
      }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="company-delete-dialog"
    >
      <Form<TTargets> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        {users === 0 && children === 0 ? (
          <Typography.Paragraph>{t('companies.deleteWarning')}</Typography.Paragraph>
        ) : null}
        {users > 0 ? (
          <Form.Item
            name="usersTo"
            label={t('companies.deleteUsersTo', { count: users })}
            rules={[{ required: true, message: t('companies.deleteTargetRequired') }]}
          >
            <TreeSelect<number>
              treeData={userTargets}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              popupMatchSelectWidth={false}
              data-testid="company-delete-users-to"
            />
          </Form.Item>
        ) : null}
        {children > 0 ? (
          <Form.Item
            name="childrenTo"
            label={t('companies.deleteChildrenTo', { count: children })}
            extra={isAdmin ? undefined : t('companies.deleteChildrenHint')}
            rules={[{ required: true, message: t('companies.deleteTargetRequired') }]}
          >
            <TreeSelect<number>
              treeData={childTargets}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              popupMatchSelectWidth={false}
              data-testid="company-delete-children-to"
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
