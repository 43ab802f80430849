import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
// The two inputs by their own modules: antd's Input namespace would bring TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import PasswordInput from 'antd/es/input/Password';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error.ts';
import { hashPassword } from '../../../shared/crypto/password-hash.ts';
import { LightField, LightParagraph } from '../../../shared/ui/light-field.tsx';
import { isEmptyValue, requiredMessage } from '../../../shared/ui/required-rule.ts';
import { login, type TLoginAnswer } from '../api/login.ts';
import { loginMfa } from '../api/login-mfa.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { passwordVisibilityIcon } from '../../../shared/ui/password-visibility.tsx';

type TCredentials = { username: string; password: string };
type TFieldErrors = Partial<Record<'username' | 'password' | 'code', string>>;

/** Reads the named text inputs of a submitted form. */
function formText(event: FormEvent<HTMLFormElement>, name: string): string {
  const value = new FormData(event.currentTarget).get(name);
  return typeof value === 'string' ? value : '';
}

/** Sign-in with username and password, then a TOTP code when the account asks for one. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Plain calls with a pending flag: TanStack Query is not loaded on the sign-in page.
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});

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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { username, password }: TCredentials = {
      username: formText(event, 'username'),
      password: formText(event, 'password'),
    };
    const errors: TFieldErrors = {
      ...(isEmptyValue(username) ? { username: requiredMessage('username') } : {}),
      ...(password === '' ? { password: requiredMessage('password') } : {}),
    };
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setError(null);
    setPending(true);
    try {
      await proceed(await login({ username: username.trim(), password: await hashPassword(password) }));
    } catch (err) {
      setError(describe(err));
    } finally {
      setPending(false);
    }
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = formText(event, 'code');
    setFieldErrors(isEmptyValue(code) ? { code: requiredMessage('code') } : {});
    if (!mfaToken || isEmptyValue(code)) return;
    setError(null);
    setPending(true);
    try {
      await proceed(await loginMfa({ mfaToken, code: code.trim() }));
    } catch (err) {
      setError(isApiError(err) && err.status === 401 ? t('auth.mfaIncorrect') : describe(err));
    } finally {
      setPending(false);
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

  const invalid = (name: keyof TFieldErrors) =>
    fieldErrors[name]
      ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': `login-${name}-error` }
      : {};

  // A plain form with antd inputs: antd's form engine would double the sign-in page's script.
  if (mfaToken) {
    return (
      <>
        <PageTitle>{t('auth.mfaTitle')}</PageTitle>
        <LightParagraph secondary>{t('auth.mfaHint')}</LightParagraph>
        {alert}
        <form noValidate onSubmit={(event) => void submitCode(event)}>
          <LightField id="login-code" label={t('auth.mfaCode')} error={fieldErrors.code}>
            <Input
              id="login-code"
              name="code"
              prefix={<SafetyOutlined aria-hidden />}
              autoComplete="one-time-code"
              inputMode="numeric"
              autoFocus
              maxLength={64}
              {...invalid('code')}
            />
          </LightField>
          <Button type="primary" htmlType="submit" block loading={pending || finishing}>
            {t('auth.verify')}
          </Button>
          <Button type="link" block onClick={() => setMfaToken(null)} style={{ marginTop: 8 }}>
            {t('common.back')}
          </Button>
        </form>
      </>
    );
  }

  return (
    <>
      <PageTitle>{t('auth.signInTitle')}</PageTitle>
      <LightParagraph secondary>{t('auth.signInHint')}</LightParagraph>
      {alert}
      <form noValidate onSubmit={(event) => void submit(event)} data-testid="login-form">
        <LightField id="login-username" label={t('auth.username')} error={fieldErrors.username}>
          <Input
            id="login-username"
            name="username"
            prefix={<UserOutlined aria-hidden />}
            autoComplete="username"
            autoFocus
            {...invalid('username')}
          />
        </LightField>
        <LightField id="login-password" label={t('auth.password')} error={fieldErrors.password}>
          <PasswordInput
            id="login-password"
            name="password"
            prefix={<LockOutlined aria-hidden />}
            autoComplete="current-password"
            iconRender={passwordVisibilityIcon(t)}
            {...invalid('password')}
          />
        </LightField>
        <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Link to="/auth/forgot-password">{t('auth.forgotPasswordLink')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={pending || finishing}>
          {t('auth.signIn')}
        </Button>
      </form>
      <LightParagraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.noAccount')} <Link to="/auth/register">{t('auth.registerLink')}</Link>
      </LightParagraph>
    </>
  );
}
