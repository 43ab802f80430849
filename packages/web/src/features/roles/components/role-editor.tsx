import type { TRole } from '@portal/contract';
import { ZRoleData } from '@portal/contract';
import { Alert, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/toast/toast-store.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { showServerFieldErrors } from '../../../shared/ui/server-field-errors.ts';
import { roleDescription, roleLabel } from '../../../shared/ui/role-name.tsx';
import { lengthCount } from '../../../shared/ui/text-length.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { useSaveRole } from '../api/save-role.ts';
import type { TMatrix } from './permission-matrix-model.ts';
import { fromMatrix, toMatrix } from './permission-matrix-model.ts';
import { PermissionMatrix } from './permission-matrix.tsx';

export type TRoleEditorProps = {
  open: boolean;
  /** The role to edit; null creates one. */
  role: TRole | null;
  /** False opens the role read-only (the user lacks adminmanagement rights). */
  editable: boolean;
  onClose: () => void;
};

/** A role's name and its permission matrix; built-in roles keep their name. */
export function RoleEditor({ open, role, editable, onClose }: TRoleEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ roleName: string }>();
  const [matrix, setMatrix] = useState<TMatrix>(() => toMatrix(role?.rolePermissionInfos ?? []));
  const save = useSaveRole();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ roleName: role?.roleName ?? '' });
    setMatrix(toMatrix(role?.rolePermissionInfos ?? []));
  }, [open, role, form]);

  const submit = async ({ roleName }: { roleName: string }) => {
    try {
      await save.mutateAsync({
        ...(role ? { roleId: role.roleId } : {}),
        roleName: roleName.trim(),
        rolePermissionInfos: fromMatrix(matrix),
      });
      toast.success(role ? t('roles.saved') : t('roles.created'));
      onClose();
    } catch (error) {
      // Shown by the API client (e.g. 409 for a duplicate name), and at the name's field.
      showServerFieldErrors(form, error, { roleName: 'roleName' });
    }
  };

  const title = role
    ? editable
      ? t('roles.editTitle', { name: roleLabel(t, role.roleName) })
      : roleLabel(t, role.roleName)
    : t('roles.createTitle');

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={title}
      width={640}
      readOnly={!editable}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveLabel={role ? t('common.save') : t('common.create')}
      saveTestId="role-save"
    >
      {role?.builtIn ? (
        <Alert
          type="info"
          showIcon
          title={roleDescription(t, role.roleName)}
          description={t('roles.builtInHint')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="roleName"
          label={t('roles.name')}
          extra={t('roles.nameHint')}
          rules={[zodRule(ZRoleData.shape.roleName, { name: 'roleName', required: true })]}
        >
          <Input
            disabled={!editable || role?.builtIn === true}
            autoComplete="off"
            count={lengthCount(ZRoleData.shape.roleName)}
          />
        </Form.Item>
        <Form.Item label={t('roles.permissions')}>
          <PermissionMatrix value={matrix} onChange={setMatrix} disabled={!editable} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
