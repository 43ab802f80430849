import { Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { solveBotCheck } from '../api/bot-check.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { requiredRule } from '../../../shared/ui/required-rule.ts';
import { BotCheckProgress } from './bot-check-progress.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [progress, setProgress] = useState<number | null>(null);
  const [sent, setSent] = useState(false);

  const submit = async ({ userLogin }: { userLogin: string }) => {
    try {
      setProgress(0);
      const botCheck = await solveBotCheck(setProgress);
      setProgress(null);
      await forgot.mutateAsync({ userLogin: userLogin.trim(), botCheck });
      setSent(true);
    } catch {
      // The API client has shown the reason in a toast.
    } finally {
      setProgress(null);
    }
  };

  if (sent) {
    return (
      <Result
        status="info"
        title={<PageTitle>{t('auth.resetMailTitle')}</PageTitle>}
        subTitle={t('auth.resetMailHint')}
        extra={
          <Button type="primary" href="#/auth/login">
            {t('auth.backToSignIn')}
          </Button>
        }
      />
    );
  }

  return (
    <>
      <PageTitle>{t('auth.forgotTitle')}</PageTitle>
      <Typography.Paragraph type="secondary">{t('auth.forgotHint')}</Typography.Paragraph>
      <Form
        layout="vertical"
        requiredMark={false}
        onFinish={(values: { userLogin: string }) => void submit(values)}
      >
        <Form.Item name="userLogin" label={t('auth.loginOrEmail')} rules={[requiredRule('userLogin')]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <BotCheckProgress fraction={progress} />
        <Button type="primary" htmlType="submit" block loading={progress !== null || forgot.isPending}>
          {t('auth.sendResetLink')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        <Link to="/auth/login">{t('auth.backToSignIn')}</Link>
      </Typography.Paragraph>
    </>
  );
}
