import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { hashPassword } from '../../../shared/crypto/password-hash.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { NewPasswordField } from '../../../shared/ui/new-password-input.tsx';
import { showServerFieldErrors } from '../../../shared/ui/server-field-errors.ts';
import { requiredRule } from '../../../shared/ui/required-rule.ts';
import { useChangePassword } from '../api/change-password.ts';
import { passwordVisibilityIcon } from '../../../shared/ui/password-visibility.tsx';

type TChangePasswordForm = { oldPassword: string; newPassword: string };

export type TChangePasswordDialogProps = { open: boolean; onClose: () => void };

/** The signed-in user's own password change (old and new travel as SHA-512 hex). */
export function ChangePasswordDialog({ open, onClose }: TChangePasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TChangePasswordForm>();
  const change = useChangePassword();

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await change.mutateAsync({
        oldPasswordHash: await hashPassword(values.oldPassword),
        newPasswordHash: await hashPassword(values.newPassword),
      });
      toast.success(t('password.changed'));
      form.resetFields();
      onClose();
    } catch (error) {
      // Shown by the API client; a wrong old password also shows on its field.
      showServerFieldErrors(form, error, { oldPassword: 'oldPassword', newPassword: 'newPassword' });
    }
  };

  return (
    <Modal
      open={open}
      title={t('header.changePassword')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={change.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="oldPassword" label={t('password.current')} rules={[requiredRule('oldPassword')]}>
          <Input.Password autoComplete="current-password" iconRender={passwordVisibilityIcon(t)} />
        </Form.Item>
        <NewPasswordField
          name="newPassword"
          label={t('auth.newPassword')}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                value && value === getFieldValue('oldPassword')
                  ? Promise.reject(new Error(t('password.sameAsOld')))
                  : Promise.resolve(),
            }),
          ]}
        />
      </Form>
    </Modal>
  );
}
