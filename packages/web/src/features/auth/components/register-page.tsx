import type { TRegisterRequest } from '@portal/contract';
import { ZUserData } from '@portal/contract';
import { Alert, Button, Checkbox, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { messageText } from '../../../shared/i18n/message-text.ts';
import { hashPassword } from '../../../shared/crypto/password-hash.ts';
import { NewPasswordField } from '../../../shared/ui/new-password-input.tsx';
import { showServerFieldErrors, type TFieldMap } from '../../../shared/ui/server-field-errors.ts';
import { LoginField, PERSON_SERVER_FIELDS, PersonFields } from '../../../shared/ui/person-fields.tsx';
import { lengthCount } from '../../../shared/ui/text-length.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { solveBotCheck } from '../api/bot-check.ts';
import { type TCompanyOption, usePublicCompanies } from '../api/public-companies.ts';
import { useRegister } from '../api/register.ts';
import { BotCheckProgress } from './bot-check-progress.tsx';
import { PublicCompanyPicker } from './public-company-picker.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';

type TRegisterForm = {
  login: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  companyId?: number;
  companyName?: string;
  acceptTerms: boolean;
};

const fields = ZUserData.shape;

/** API fields the server may name in an error, and the form field that shows it. */
const SERVER_FIELDS: TFieldMap<TRegisterForm> = {
  ...PERSON_SERVER_FIELDS,
  password: 'password',
  companyName: 'companyName',
  company: 'companyId',
  acceptTerms: 'acceptTerms',
};

/** Sign-up: the account is created inactive and waits for an administrator's approval. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TRegisterForm>();
  // Asked once up front, so a server that cannot list companies is said before anyone types.
  const companies = usePublicCompanies('');
  const [picked, setPicked] = useState<TCompanyOption | null>(null);
  const register = useRegister();
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const companyId = Form.useWatch('companyId', form);

  const submit = async (values: TRegisterForm) => {
    try {
      setProgress(0);
      const botCheck = await solveBotCheck(setProgress);
      setProgress(null);
      const company =
        values.companyId !== undefined && picked?.companyId === values.companyId ? picked : null;
      const body: TRegisterRequest = {
        userInfo: {
          login: values.login.trim(),
          passwordHash: await hashPassword(values.password),
          userData: {
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            email: values.email.trim(),
            phone: values.phone?.trim() || null,
            companyName: company?.companyName ?? (values.companyName?.trim() || null),
            company: company ? { companyId: company.companyId } : null,
          },
        },
        acceptTerms: true,
        botCheck,
      };
      await register.mutateAsync(body);
      setDone(true);
    } catch (error) {
      // The API client has shown the server's details in a toast; those about a field show on it.
      showServerFieldErrors(form, error, SERVER_FIELDS);
    } finally {
      setProgress(null);
    }
  };

  if (done) {
    return (
      <Result
        status="success"
        title={<PageTitle>{t('auth.registeredTitle')}</PageTitle>}
        subTitle={t('auth.registeredHint')}
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
      <PageTitle>{t('auth.registerTitle')}</PageTitle>
      <Typography.Paragraph type="secondary">{t('auth.registerHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        onFinish={(values) => void submit(values)}
        data-testid="register-form"
      >
        <LoginField own />
        <NewPasswordField name="password" label={t('auth.password')} />
        <PersonFields own />
        <Form.Item name="companyId" label={t('user.company')}>
          <PublicCompanyPicker picked={picked} onPicked={setPicked} />
        </Form.Item>
        {companyId === undefined ? (
          <Form.Item
            name="companyName"
            label={t('auth.companyNotListed')}
            rules={[zodRule(fields.companyName, { name: 'companyName' })]}
          >
            <Input autoComplete="organization" count={lengthCount(fields.companyName)} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="acceptTerms"
          valuePropName="checked"
          rules={[
            {
              validator: (_rule, value) =>
                value === true
                  ? Promise.resolve()
                  : Promise.reject(new Error(messageText(t, { key: 'termsRequired' }))),
            },
          ]}
        >
          <Checkbox>{t('auth.acceptTerms')}</Checkbox>
        </Form.Item>
        <BotCheckProgress fraction={progress} />
        {companies.isError ? (
          <Alert type="info" showIcon title={t('auth.companiesUnavailable')} style={{ marginBottom: 12 }} />
        ) : null}
        <Button type="primary" htmlType="submit" block loading={progress !== null || register.isPending}>
          {t('auth.register')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.haveAccount')} <Link to="/auth/login">{t('auth.signIn')}</Link>
      </Typography.Paragraph>
    </>
  );
}
