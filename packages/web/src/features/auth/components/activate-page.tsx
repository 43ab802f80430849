import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { endSession } from '../../../shared/api/session.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { useActivateSelfcare } from '../api/selfcare-activate.ts';
import { useSendSelfcareToken } from '../api/selfcare-send-token.ts';

// The mailed link (#/auth/activate?token=…) may open before signing in: keep its code meanwhile.
const PENDING_CODE_KEY = 'pendingActivationCode';

function pendingCode(fromLink: string | null): string {
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

/** Self-care activation: mail me a code, type it in, then sign in again for the full token. */
export function ActivatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const send = useSendSelfcareToken();
  const activate = useActivateSelfcare();
  const [code] = useState(() => pendingCode(params.get('token')));
  const [step, setStep] = useState(code ? 1 : 0);

  if (!session.authData) return <Navigate to="/auth/login" replace />;

  const sendCode = async () => {
    try {
      await send.mutateAsync();
      toast.success(t('auth.activationSent'));
      setStep(1);
    } catch {
      // Shown by the API client.
    }
  };

  const submit = async ({ code: typed }: { code: string }) => {
    try {
      await activate.mutateAsync(typed.trim());
      forgetPendingCode();
      await endSession();
      toast.success(t('auth.activationDone'));
      await navigate('/auth/login', { replace: true });
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
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('auth.activateTitle')}
      </Typography.Title>
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
          icon={<MailOutlined />}
          loading={send.isPending}
          onClick={() => void sendCode()}
        >
          {t('auth.sendCode')}
        </Button>
      ) : (
        <Form
          layout="vertical"
          requiredMark={false}
          initialValues={{ code }}
          onFinish={(values: { code: string }) => void submit(values)}
        >
          <Form.Item
            name="code"
            label={t('auth.activationCode')}
            rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
          >
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
