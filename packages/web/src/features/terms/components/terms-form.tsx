import { type TTerms, type TTermsInput, ZTermsInput } from '@portal/contract';
import { Col, Flex, Form, Input, Row, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyPicker } from '../../../shared/ui/company-picker.tsx';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { saveFromForm, type TFieldMap } from '../../../shared/ui/server-field-errors.ts';
import { requiredRule } from '../../../shared/ui/required-rule.ts';
import { lengthCount } from '../../../shared/ui/text-length.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { useSaveTerms } from '../api/save-terms.ts';
import { TermsPreview } from './terms-preview.tsx';
import { useScreens } from '../../../shared/theme/use-min-width.ts';

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

/** Write or edit terms in a wide drawer: the Markdown body beside its live preview (stacked on phones). */
export function TermsForm({ open, terms, isAdmin, onClose }: TTermsFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TTermsFormValues>();
  const save = useSaveTerms();
  const screens = useScreens();
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
    <FormDrawer
      open={open}
      onClose={onClose}
      title={creating ? t('terms.createTitle') : t('terms.editTitle', { title: terms.termsTitle })}
      width={1100}
      fullBelow="md"
      onSave={() => form.submit()}
      saving={save.isPending}
      saveLabel={creating ? t('common.create') : t('common.save')}
      saveTestId="terms-form-save"
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
            <Input autoComplete="off" count={lengthCount(fields.termsTitle)} />
          </Form.Item>
          <Form.Item
            name="companyId"
            label={t('terms.company')}
            extra={isAdmin ? t('terms.companyHintAdmin') : undefined}
            rules={[requiredRule('company')]}
            style={{ flex: '1 1 220px' }}
          >
            <CompanyPicker
              leading={isAdmin ? { value: EVERYONE, label: t('terms.everyone') } : undefined}
              current={terms}
              placeholder={t('terms.companyPlaceholder')}
              testId="terms-company"
            />
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
                count={lengthCount(fields.termsDescription)}
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
    </FormDrawer>
  );
}
