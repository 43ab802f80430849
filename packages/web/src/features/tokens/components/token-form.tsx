import { CopyOutlined, WarningOutlined } from '@ant-design/icons';
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_SCOPES,
  type TApiToken,
  type TApiTokenInput,
  type TApiTokenScope,
  ZApiTokenInput,
} from '@portal/contract';
import { Alert, Button, Checkbox, DatePicker, Flex, Form, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { showServerFieldErrors, type TFieldMap } from '../../../shared/ui/server-field-errors.ts';
import { lengthCount } from '../../../shared/ui/text-length.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { useSaveTokens } from '../api/save-tokens.ts';

export type TTokenFormValues = {
  apiTokenName: string;
  scopes: TApiTokenScope[];
  validUntil: Dayjs | null;
};

export type TTokenFormProps = { open: boolean; onClose: () => void };

const fields = ZApiTokenInput.shape;

/** A new token lives a year unless the person picks another day. */
const DEFAULT_DAYS = 365;

const SERVER_FIELDS: TFieldMap<TTokenFormValues> = {
  apiTokenName: 'apiTokenName',
  scopes: 'scopes',
  validUntil: 'validUntil',
};

function initialValues(): TTokenFormValues {
  return { apiTokenName: '', scopes: ['lookup'], validUntil: dayjs().add(DEFAULT_DAYS, 'day') };
}

/** The request for the form's values: the token is valid through the whole day chosen. */
export function tokenInputOf(values: TTokenFormValues): TApiTokenInput {
  return {
    apiTokenName: values.apiTokenName.trim(),
    scopes: API_TOKEN_SCOPES.filter((scope) => values.scopes.includes(scope)),
    validUntil: (values.validUntil ?? dayjs()).endOf('day').toISOString(),
  };
}

/** Days a token may be valid until: from today to API_TOKEN_MAX_DAYS ahead. */
function outsideRange(day: Dayjs): boolean {
  return day.isBefore(dayjs(), 'day') || day.isAfter(dayjs().add(API_TOKEN_MAX_DAYS - 1, 'day'), 'day');
}

/**
 * The scopes as checkboxes with a line each. The form item's aria-required is not passed on: a
 * group of checkboxes may not carry it (axe), and each choice says what it allows.
 */
function ScopeChoices({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: TApiTokenScope[];
  onChange?: (value: TApiTokenScope[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <div id={id}>
      <Checkbox.Group<TApiTokenScope>
        value={value}
        onChange={onChange}
        aria-label={t('tokens.scopes')}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
      >
        {API_TOKEN_SCOPES.map((scope) => (
          <Checkbox key={scope} value={scope} data-testid={`token-scope-${scope}`}>
            <Flex vertical>
              <span>{t(`tokens.scope.${scope}`)}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`tokens.scopeHint.${scope}`)}
              </Typography.Text>
            </Flex>
          </Checkbox>
        ))}
      </Checkbox.Group>
    </div>
  );
}

/** The new token's secret, shown once with a copy button and the warning that it is never shown again. */
function SecretShownOnce({ token }: { token: TApiToken }) {
  const { t } = useTranslation();
  const secret = token.token ?? '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t('tokens.copied'));
    } catch {
      toast.warning(t('tokens.copyFailed'));
    }
  };
  return (
    <Flex vertical gap={16} data-testid="token-secret-panel">
      <Alert
        type="warning"
        showIcon
        icon={<WarningOutlined />}
        title={t('tokens.secretOnceTitle')}
        description={t('tokens.secretOnce')}
      />
      <Typography.Text strong>{token.apiTokenName}</Typography.Text>
      <label htmlFor="token-secret">{t('tokens.secret')}</label>
      <Input.TextArea
        id="token-secret"
        readOnly
        value={secret}
        autoSize
        style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        data-testid="token-secret"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div>
        <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="token-copy">
          {t('tokens.copy')}
        </Button>
      </div>
      <Typography.Text type="secondary">{t('tokens.howToUse')}</Typography.Text>
    </Flex>
  );
}

/** Creates one API token in a drawer, then shows its secret once; closing the drawer forgets it. */
export function TokenForm({ open, onClose }: TTokenFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TTokenFormValues>();
  const save = useSaveTokens();
  const [created, setCreated] = useState<TApiToken | null>(null);

  useEffect(() => {
    if (open) {
      setCreated(null);
      form.resetFields();
      form.setFieldsValue(initialValues());
    }
  }, [open, form]);

  const close = () => {
    setCreated(null);
    onClose();
  };

  const submit = async (values: TTokenFormValues) => {
    try {
      const [token] = await save.mutateAsync([tokenInputOf(values)]);
      if (token) setCreated(token);
      toast.success(t('tokens.created'));
    } catch (error) {
      showServerFieldErrors(form, error, SERVER_FIELDS);
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={created ? t('tokens.createdTitle') : t('tokens.createTitle')}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveLabel={t('common.create')}
      saveTestId="token-form-save"
      readOnly={created !== null}
    >
      {created ? (
        <SecretShownOnce token={created} />
      ) : (
        <Form<TTokenFormValues>
          form={form}
          layout="vertical"
          requiredMark="optional"
          initialValues={initialValues()}
          onFinish={(values) => void submit(values)}
          data-testid="token-form"
        >
          <Form.Item
            name="apiTokenName"
            label={t('tokens.name')}
            extra={t('tokens.nameHint')}
            rules={[zodRule(fields.apiTokenName, { name: 'apiTokenName', required: true })]}
          >
            <Input autoComplete="off" count={lengthCount(fields.apiTokenName)} />
          </Form.Item>
          <Form.Item
            name="scopes"
            label={t('tokens.scopes')}
            rules={[{ type: 'array', min: 1, required: true, message: t('tokens.scopesRequired') }]}
          >
            <ScopeChoices />
          </Form.Item>
          <Form.Item
            name="validUntil"
            label={t('tokens.validUntil')}
            extra={t('tokens.validUntilHint', { max: API_TOKEN_MAX_DAYS })}
            rules={[{ required: true, message: t('tokens.validUntilRequired') }]}
          >
            <DatePicker
              format="L"
              style={{ width: '100%' }}
              disabledDate={outsideRange}
              allowClear={false}
              data-testid="token-valid-until"
            />
          </Form.Item>
        </Form>
      )}
    </FormDrawer>
  );
}
