import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error.ts';
import { hashPassword } from '../../../shared/crypto/password-hash.ts';
import { requiredRule } from '../../../shared/ui/required-rule.ts';
import { useLogin } from '../api/login.ts';
import type { TLoginAnswer } from '../api/login.ts';
import { useLoginMfa } from '../api/login-mfa.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { PageTitle } from '../../../shared/ui/page-title.tsx';

type TCredentials = { username: string; password: string };

/** Sign-in with username and password, then a TOTP code when the account asks for one. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const loginMfa = useLoginMfa();
  const [error, setError] = useState<string | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);

  const describe = (err: unknown): string => {
    if (!isApiError(err)) return t('errors.requestFailed');
    if (err.status === 401) return t('auth.loginIncorrect');
    if (err.status === 429) return t('auth.rateLimited');
    if (err.status === 0) return t('errors.unreachable');
    return err.displayMessage;
  };

  const proceed = async (answer: TLoginAnswer) => {
    if (answer.mfaRequired) {
      setMfaToken(answer.mfaToken);
      return;
    }
    setFinishing(true);
    try {
      const outcome = await completeSignIn(answer, params.get('redirect'));
      if (outcome.kind === 'not-activated') setError(t('auth.notActivated'));
      else await navigate(outcome.to, { replace: true });
    } finally {
      setFinishing(false);
    }
  };

  const submit = async ({ username, password }: TCredentials) => {
    setError(null);
    try {
      await proceed(
        await login.mutateAsync({ username: username.trim(), password: await hashPassword(password) }),
      );
    } catch (err) {
      setError(describe(err));
    }
  };

  const submitCode = async ({ code }: { code: string }) => {
    if (!mfaToken) return;
    setError(null);
    try {
      await proceed(await loginMfa.mutateAsync({ mfaToken, code: code.trim() }));
    } catch (err) {
      setError(isApiError(err) && err.status === 401 ? t('auth.mfaIncorrect') : describe(err));
    }
  };

  const alert = error ? (
    <Alert
      type="error"
      title={error}
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      data-testid="login-error"
    />
  ) : null;

  if (mfaToken) {
    return (
      <>
        <PageTitle>{t('auth.mfaTitle')}</PageTitle>
        <Typography.Paragraph type="secondary">{t('auth.mfaHint')}</Typography.Paragraph>
        {alert}
        <Form
          layout="vertical"
          onFinish={(values: { code: string }) => void submitCode(values)}
          requiredMark={false}
        >
          <Form.Item name="code" label={t('auth.mfaCode')} rules={[requiredRule('code')]}>
            <Input
              prefix={<SafetyOutlined />}
              autoComplete="one-time-code"
              inputMode="numeric"
              autoFocus
              maxLength={32}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loginMfa.isPending || finishing}>
            {t('auth.verify')}
          </Button>
          <Button type="link" block onClick={() => setMfaToken(null)} style={{ marginTop: 8 }}>
            {t('common.back')}
          </Button>
        </Form>
      </>
    );
  }

  return (
    <>
      <PageTitle>{t('auth.signInTitle')}</PageTitle>
      <Typography.Paragraph type="secondary">{t('auth.signInHint')}</Typography.Paragraph>
      {alert}
      <Form
        layout="vertical"
        onFinish={(values: TCredentials) => void submit(values)}
        requiredMark={false}
        data-testid="login-form"
      >
        <Form.Item name="username" label={t('auth.username')} rules={[requiredRule('username')]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[requiredRule('password')]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Link to="/auth/forgot-password">{t('auth.forgotPasswordLink')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={login.isPending || finishing}>
          {t('auth.signIn')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.noAccount')} <Link to="/auth/register">{t('auth.registerLink')}</Link>
      </Typography.Paragraph>
    </>
  );
}
