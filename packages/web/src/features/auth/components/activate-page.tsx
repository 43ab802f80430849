import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, Result, Steps, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { endSession } from '../../../shared/api/session.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { toast, toastStore } from '../../../shared/toast/toast-store.ts';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { requiredRule } from '../../../shared/ui/required-rule.ts';
import { showServerFieldErrors } from '../../../shared/ui/server-field-errors.ts';
import { useActivateSelfcare } from '../api/selfcare-activate.ts';
import { useSendSelfcareToken } from '../api/selfcare-send-token.ts';

// The mailed link (#/auth/activate?token=…) may open before signing in: keep its code meanwhile.
const PENDING_CODE_KEY = 'pendingActivationCode';

function rememberCode(fromLink: string | null): string {
  try {
    if (fromLink) sessionStorage.setItem(PENDING_CODE_KEY, fromLink);
    return fromLink ?? sessionStorage.getItem(PENDING_CODE_KEY) ?? '';
  } catch {
    return fromLink ?? '';
  }
}

function forgetPendingCode(): void {
  try {
    sessionStorage.removeItem(PENDING_CODE_KEY);
  } catch {
    // Nothing stored when storage is refused.
  }
}

type TCodeForm = { code: string };

/**
 * Self-care activation: mail me a code, type it in (or open the mailed link, in this tab or
 * any other), then a success page that stays until the person signs in again.
 */
export function ActivatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkCode = params.get('token');
  const session = useSession();
  const send = useSendSelfcareToken();
  const activate = useActivateSelfcare();
  const [form] = Form.useForm<TCodeForm>();
  const [initialCode] = useState(() => rememberCode(linkCode));
  const [step, setStep] = useState(initialCode ? 1 : 0);
  const [done, setDone] = useState(false);
  const lastSubmitted = useRef<string | null>(null);
  const signedIn = session.authData !== null;

  const submit = useCallback(
    async ({ code }: TCodeForm) => {
      const typed = code.trim();
      lastSubmitted.current = typed;
      try {
        await activate.mutateAsync(typed);
        forgetPendingCode();
        // A wrong code tried before must not leave its red toast beside the success.
        toastStore.dismissTypes(['error', 'warning']);
        setDone(true);
        await endSession();
      } catch (error) {
        showServerFieldErrors(form, error, { token: 'code', code: 'code' });
      }
    },
    [activate, form],
  );

  // The mailed link opened in a tab already on this page changes only the hash: take its code.
  useEffect(() => {
    if (!linkCode || !signedIn || done) return;
    rememberCode(linkCode);
    setStep(1);
    form.setFieldsValue({ code: linkCode });
    if (lastSubmitted.current !== linkCode && !activate.isPending) void submit({ code: linkCode });
  }, [linkCode, signedIn, done, form, submit, activate.isPending]);

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

  if (!signedIn) return <Navigate to="/auth/login" replace />;

  const sendCode = async () => {
    try {
      await send.mutateAsync();
      toast.success(t('auth.activationSent'));
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
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ code: initialCode }}
          onFinish={(values: TCodeForm) => void submit(values)}
        >
          <Form.Item name="code" label={t('auth.activationCode')} rules={[requiredRule('code')]}>
            <Input autoComplete="one-time-code" autoFocus />
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
