import { type TTerms, type TTermsInput, ZTermsInput } from '@portal/contract';
import { Button, Col, Drawer, Flex, Form, Grid, Input, Row, Select, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFromForm, type TFieldMap } from '../../../shared/ui/server-field-errors.ts';
import { requiredRule } from '../../../shared/ui/required-rule.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { useCompanyOptions } from '../api/find-company-options.ts';
import { useSaveTerms } from '../api/save-terms.ts';
import { TermsPreview } from './terms-preview.tsx';

/** The picker's value for portal-wide terms (no company); company ids start at 1. */
export const EVERYONE = 0;

export type TTermsFormValues = {
  termsTitle: string;
  companyId: number | null;
  termsDescription: string;
  active: boolean;
};

export type TTermsFormProps = {
  open: boolean;
  /** The terms to edit; null writes new ones. */
  terms: TTerms | null;
  /** Admins may write portal-wide terms ("Everyone"). */
  isAdmin: boolean;
  onClose: () => void;
};

const fields = ZTermsInput.shape;

function initialValues(terms: TTerms | null, isAdmin: boolean): TTermsFormValues {
  return {
    termsTitle: terms?.termsTitle ?? '',
    companyId: terms ? (terms.companyId ?? EVERYONE) : isAdmin ? EVERYONE : null,
    termsDescription: terms?.termsDescription ?? '',
    active: terms?.active ?? true,
  };
}

const SERVER_FIELDS: TFieldMap<TTermsFormValues> = {
  termsTitle: 'termsTitle',
  termsDescription: 'termsDescription',
  companyId: 'companyId',
};

/** The request for the form's values: "Everyone" is companyId null. */
export function termsInputOf(terms: TTerms | null, values: TTermsFormValues): TTermsInput {
  return {
    ...(terms ? { termsId: terms.termsId } : {}),
    companyId: values.companyId === EVERYONE ? null : values.companyId,
    termsTitle: values.termsTitle.trim(),
    termsDescription: values.termsDescription,
    active: values.active,
  };
}

/** Picks the company the terms belong to, searched on the server; admins also get "Everyone". */
function CompanyPicker({
  value,
  onChange,
  id,
  isAdmin,
  current,
}: {
  value?: number | null;
  onChange?: (value: number) => void;
  id?: string;
  isAdmin: boolean;
  current: TTerms | null;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const companies = useCompanyOptions(search, true);
  const options = useMemo(() => {
    const found = (companies.data ?? []).map((c) => ({ value: c.companyId, label: c.companyName }));
    // The company of the terms edited stays nameable even when the first page of names lacks it.
    if (current?.companyId && !found.some((o) => o.value === current.companyId)) {
      found.unshift({ value: current.companyId, label: current.companyName ?? `#${current.companyId}` });
    }
    return [...(isAdmin ? [{ value: EVERYONE, label: t('terms.everyone') }] : []), ...found];
  }, [companies.data, current, isAdmin, t]);
  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={companies.isFetching}
      options={options}
      placeholder={t('terms.companyPlaceholder')}
      data-testid="terms-company"
    />
  );
}

/** Write or edit terms in a wide drawer: the Markdown body beside its live preview (stacked on phones). */
export function TermsForm({ open, terms, isAdmin, onClose }: TTermsFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TTermsFormValues>();
  const save = useSaveTerms();
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  const creating = terms === null;
  const title = Form.useWatch('termsTitle', form) ?? '';
  const body = Form.useWatch('termsDescription', form) ?? '';

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(terms, isAdmin));
    }
  }, [open, terms, isAdmin, form]);

  const submit = (values: TTermsFormValues) =>
    saveFromForm(
      form,
      SERVER_FIELDS,
      save,
      termsInputOf(terms, values),
      { done: creating ? t('terms.created') : t('terms.saved') },
      onClose,
    );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={creating ? t('terms.createTitle') : t('terms.editTitle', { title: terms.termsTitle })}
      size={narrow ? '100%' : 1100}
      destroyOnHidden
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="terms-form-save"
          >
            {creating ? t('common.create') : t('common.save')}
          </Button>
        </Flex>
      }
    >
      <Form<TTermsFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={initialValues(terms, isAdmin)}
        onFinish={(values) => void submit(values)}
        data-testid="terms-form"
      >
        <Flex gap={16} wrap>
          <Form.Item
            name="termsTitle"
            label={t('terms.title')}
            rules={[zodRule(fields.termsTitle, { name: 'termsTitle', required: true })]}
            style={{ flex: '2 1 280px' }}
          >
            <Input autoComplete="off" count={{ show: true, max: 200 }} />
          </Form.Item>
          <Form.Item
            name="companyId"
            label={t('terms.company')}
            extra={isAdmin ? t('terms.companyHintAdmin') : undefined}
            rules={[requiredRule('company')]}
            style={{ flex: '1 1 220px' }}
          >
            <CompanyPicker isAdmin={isAdmin} current={terms} />
          </Form.Item>
          <Form.Item name="active" label={t('terms.active')} valuePropName="checked" style={{ flex: 'none' }}>
            <Switch />
          </Form.Item>
        </Flex>
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            <Form.Item
              name="termsDescription"
              label={t('terms.body')}
              extra={t('terms.bodyHint')}
              rules={[zodRule(fields.termsDescription, { name: 'termsDescription', required: true })]}
            >
              <Input.TextArea
                autoSize={{ minRows: narrow ? 8 : 18, maxRows: narrow ? 16 : 24 }}
                spellCheck
                style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
                data-testid="terms-body"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <TermsPreview title={title} text={body} />
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
