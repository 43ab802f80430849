import { MailOutlined } from '@ant-design/icons';
import type { TActivation } from '@portal/contract';
import { Alert, Button, Form, Input, Result, Spin, Steps, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { endSession } from '../../../shared/api/session.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { toast, toastStore } from '../../../shared/toast/toast-store.ts';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { requiredRule } from '../../../shared/ui/required-rule.ts';
import { showServerFieldErrors } from '../../../shared/ui/server-field-errors.ts';
import { useActivateByLink } from '../api/activate-link.ts';
import { useActivateSelfcare } from '../api/selfcare-activate.ts';
import { useSendSelfcareToken } from '../api/selfcare-send-token.ts';
import { completeSignIn } from './complete-sign-in.ts';

type TCodeForm = { code: string };

/**
 * Self-care activation, ending signed in: the mailed link (#/auth/activate?token=…) activates in
 * one click, signed in or not; a signed-in self-care user may instead ask for the mail and type
 * its short code. When the server answers without a sign-in (one refused for its own reason), a
 * success page asks to sign in.
 */
export function ActivatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkToken = params.get('token');
  const session = useSession();
  const send = useSendSelfcareToken();
  const activate = useActivateSelfcare();
  const byLink = useActivateByLink();
  const [form] = Form.useForm<TCodeForm>();
  const [step, setStep] = useState(0);
  const [done, setDone] = useState(false);
  const [linkFailed, setLinkFailed] = useState(false);
  const triedLink = useRef<string | null>(null);
  const signedIn = session.authData !== null;

  /** Takes the sign-in the activation answered, or shows the success page that asks to sign in. */
  const finish = useCallback(
    async (answer: TActivation) => {
      // A wrong code tried before must not leave its red toast beside the success.
      toastStore.dismissTypes(['error', 'warning']);
      const { id, authToken, refreshToken, userInfos } = answer;
      if (id !== undefined && authToken && refreshToken) {
        const outcome = await completeSignIn({ id, authToken, refreshToken, userInfos }, null);
        if (outcome.kind === 'navigate') {
          toast.success(t('auth.activatedWelcome'));
          await navigate(outcome.to, { replace: true });
          return;
        }
      } else if (signedIn) {
        // The self-care sign-in ended with the activation.
        await endSession();
      }
      setDone(true);
    },
    [navigate, signedIn, t],
  );

  // The mailed link, opened here or in a tab already on this page (only the hash changes).
  useEffect(() => {
    if (!linkToken || done || triedLink.current === linkToken) return;
    triedLink.current = linkToken;
    setLinkFailed(false);
    void byLink.mutateAsync(linkToken).then(finish, () => setLinkFailed(true));
  }, [linkToken, done, byLink, finish]);

  const submit = async ({ code }: TCodeForm) => {
    try {
      await finish(await activate.mutateAsync(code.trim()));
    } catch (error) {
      showServerFieldErrors(form, error, { token: 'code', code: 'code' });
    }
  };

  if (done) {
    return (
      <Result
        status="success"
        title={<PageTitle>{t('auth.activatedTitle')}</PageTitle>}
        subTitle={t('auth.activatedHint')}
        data-testid="activation-done"
        extra={
          <Button type="primary" href="#/auth/login">
            {t('auth.signIn')}
          </Button>
        }
      />
    );
  }

  if (linkToken && !linkFailed) {
    return (
      <Result
        icon={<Spin size="large" />}
        title={<PageTitle>{t('auth.activatingTitle')}</PageTitle>}
        data-testid="activation-working"
      />
    );
  }

  if (!signedIn) {
    if (!linkFailed) return <Navigate to="/auth/login" replace />;
    return (
      <Result
        status="warning"
        title={<PageTitle>{t('auth.activationLinkFailedTitle')}</PageTitle>}
        subTitle={t('auth.activationLinkFailedHint')}
        data-testid="activation-link-failed"
        extra={
          <Button type="primary" href="#/auth/login">
            {t('auth.signIn')}
          </Button>
        }
      />
    );
  }

  const sendCode = async () => {
    try {
      await send.mutateAsync();
      toast.success(t('auth.activationSent'));
      form.resetFields();
      setStep(1);
    } catch {
      // Shown by the API client.
    }
  };

  const cancel = async () => {
    await endSession();
    await navigate('/auth/login', { replace: true });
  };

  return (
    <>
      <PageTitle>{t('auth.activateTitle')}</PageTitle>
      {linkFailed ? (
        <Alert
          type="warning"
          showIcon
          title={t('auth.activationLinkFailedTitle')}
          description={t('auth.activationLinkFailedRetry')}
          style={{ marginBottom: 16 }}
          data-testid="activation-link-failed"
        />
      ) : null}
      <Typography.Paragraph type="secondary">{t('auth.activateHint')}</Typography.Paragraph>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 20 }}
        items={[{ title: t('auth.activateStepSend') }, { title: t('auth.activateStepCode') }]}
      />
      {step === 0 ? (
        <Button
          type="primary"
          block
          icon={<MailOutlined aria-hidden />}
          loading={send.isPending}
          onClick={() => void sendCode()}
        >
          {t('auth.sendCode')}
        </Button>
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
          <Typography.Paragraph type="secondary">{t('auth.activationMailHint')}</Typography.Paragraph>
          <Form.Item
            name="code"
            label={t('auth.activationCode')}
            extra={t('auth.activationCodeHint')}
            rules={[requiredRule('code')]}
          >
            <Input
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              autoFocus
              style={{ fontFamily: 'monospace', letterSpacing: 2 }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={activate.isPending}>
            {t('auth.activate')}
          </Button>
          <Button type="link" block onClick={() => void sendCode()} loading={send.isPending}>
            {t('auth.resendCode')}
          </Button>
        </Form>
      )}
      <Button type="text" block onClick={() => void cancel()} style={{ marginTop: 8 }}>
        {t('header.signOut')}
      </Button>
    </>
  );
}
