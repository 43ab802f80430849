import { Button, Form, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { hashPassword } from '../../../shared/crypto/password-hash.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { NewPasswordField } from '../../../shared/ui/new-password-input.tsx';
import { showServerFieldErrors } from '../../../shared/ui/server-field-errors.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { PageTitle } from '../../../shared/ui/page-title.tsx';

/** Sets a new password with the token of the mailed link (#/auth/reset-password?token=…). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [form] = Form.useForm<{ password: string }>();

  if (token.length < 16) {
    return (
      <Result
        status="warning"
        title={<PageTitle>{t('auth.resetLinkInvalid')}</PageTitle>}
        subTitle={t('auth.resetLinkInvalidHint')}
        extra={
          <Button type="primary" href="#/auth/forgot-password">
            {t('auth.requestNewLink')}
          </Button>
        }
      />
    );
  }

  const submit = async ({ password }: { password: string }) => {
    try {
      await reset.mutateAsync({ token, passwordHash: await hashPassword(password) });
      toast.success(t('auth.resetDone'));
      await navigate('/auth/login', { replace: true });
    } catch (error) {
      // The API client has shown why (expired or used link) in a toast.
      showServerFieldErrors(form, error, { password: 'password' });
    }
  };

  return (
    <>
      <PageTitle>{t('auth.resetTitle')}</PageTitle>
      <Typography.Paragraph type="secondary">{t('auth.resetHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values: { password: string }) => void submit(values)}
      >
        <NewPasswordField name="password" label={t('auth.newPassword')} />
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('auth.setPassword')}
        </Button>
      </Form>
    </>
  );
}
