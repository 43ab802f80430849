import { type TLicenseInput, type TLicenseListItem, ZLicenseInput } from '@portal/contract';
import { DatePicker, Flex, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFromForm, type TFieldMap } from '../../../shared/ui/server-field-errors.ts';
import { lengthCount } from '../../../shared/ui/text-length.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { useSaveLicences } from '../api/save-licences.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';

export type TLicenceFormValues = {
  licenseCode: string;
  licenseType: string;
  licenseDescription: string;
  licenseValidUntil: Dayjs | null;
  maxNumberOfUsers: number | null;
  accountManager: string;
  licenseStatus: string;
  active: boolean;
  licenseClaims: string[];
};

export type TLicenceFormProps = {
  open: boolean;
  /** The licence to edit; null creates a new one. */
  licence: TLicenseListItem | null;
  onClose: () => void;
};

const fields = ZLicenseInput.shape;

// Every field has a value: antd's setFieldsValue merges, so a missing one would keep the last licence's.
function initialValues(licence: TLicenseListItem | null): TLicenceFormValues {
  return {
    licenseCode: licence?.licenseCode ?? '',
    licenseType: licence?.licenseType ?? '',
    licenseDescription: licence?.licenseDescription ?? '',
    licenseValidUntil: licence?.licenseValidUntil ? dayjs(licence.licenseValidUntil) : null,
    maxNumberOfUsers: licence?.maxNumberOfUsers ?? 1,
    accountManager: licence?.accountManager ?? '',
    licenseStatus: licence?.licenseStatus ?? '',
    active: licence?.active ?? true,
    licenseClaims: licence?.licenseClaims ?? [],
  };
}

const SERVER_FIELDS: TFieldMap<TLicenceFormValues> = {
  licenseCode: 'licenseCode',
  licenseType: 'licenseType',
  licenseDescription: 'licenseDescription',
  licenseValidUntil: 'licenseValidUntil',
  maxNumberOfUsers: 'maxNumberOfUsers',
  accountManager: 'accountManager',
  licenseStatus: 'licenseStatus',
  licenseClaims: 'licenseClaims',
};

/**
 * The request for the form's values. A licence is valid through the whole day chosen (its end is
 * that day's last moment in the reader's time zone); blank texts go as null.
 */
export function licenceInputOf(licence: TLicenseListItem | null, values: TLicenceFormValues): TLicenseInput {
  const textOrNull = (value: string) => value.trim() || null;
  return {
    ...(licence ? { licenseInfoId: licence.licenseInfoId } : {}),
    licenseCode: values.licenseCode.trim(),
    licenseType: textOrNull(values.licenseType),
    licenseDescription: textOrNull(values.licenseDescription),
    licenseValidUntil: values.licenseValidUntil ? values.licenseValidUntil.endOf('day').toISOString() : null,
    maxNumberOfUsers: values.maxNumberOfUsers ?? 1,
    accountManager: textOrNull(values.accountManager),
    licenseStatus: textOrNull(values.licenseStatus),
    active: values.active,
    licenseClaims: [...new Set(values.licenseClaims.map((c) => c.trim()).filter(Boolean))],
  };
}

/** Create or edit one licence in a drawer (admins); the seats in use are counted by the server and shown only. */
export function LicenceForm({ open, licence, onClose }: TLicenceFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TLicenceFormValues>();
  const save = useSaveLicences();
  const creating = licence === null;

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(licence));
    }
  }, [open, licence, form]);

  const submit = (values: TLicenceFormValues) =>
    saveFromForm(
      form,
      SERVER_FIELDS,
      save,
      licenceInputOf(licence, values),
      { done: creating ? t('licences.created') : t('licences.saved') },
      onClose,
    );

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={creating ? t('licences.createTitle') : t('licences.editTitle', { code: licence.licenseCode })}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveLabel={creating ? t('common.create') : t('common.save')}
      saveTestId="licence-form-save"
    >
      <Form<TLicenceFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={initialValues(licence)}
        onFinish={(values) => void submit(values)}
        data-testid="licence-form"
      >
        <Form.Item
          name="licenseCode"
          label={t('licences.code')}
          rules={[zodRule(fields.licenseCode, { name: 'licenseCode', required: true })]}
        >
          <Input autoComplete="off" count={lengthCount(fields.licenseCode)} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="licenseType"
            label={t('licences.type')}
            rules={[zodRule(fields.licenseType, { name: 'licenseType' })]}
            style={{ flex: '1 1 200px' }}
          >
            <Input autoComplete="off" count={lengthCount(fields.licenseType)} />
          </Form.Item>
          <Form.Item
            name="licenseStatus"
            label={t('licences.licenseStatus')}
            rules={[zodRule(fields.licenseStatus, { name: 'licenseStatus' })]}
            style={{ flex: '1 1 200px' }}
          >
            <Input autoComplete="off" count={lengthCount(fields.licenseStatus)} />
          </Form.Item>
        </Flex>
        <Form.Item
          name="licenseDescription"
          label={t('licences.description')}
          rules={[zodRule(fields.licenseDescription, { name: 'licenseDescription' })]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            count={lengthCount(fields.licenseDescription)}
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="licenseValidUntil"
            label={t('licences.validUntil')}
            extra={t('licences.validUntilHint')}
            style={{ flex: '1 1 200px' }}
          >
            <DatePicker format="L" style={{ width: '100%' }} data-testid="licence-valid-until" />
          </Form.Item>
          <Form.Item
            name="maxNumberOfUsers"
            label={t('licences.maxUsers')}
            rules={[zodRule(fields.maxNumberOfUsers, { name: 'maxNumberOfUsers', required: true })]}
            style={{ flex: '1 1 140px' }}
          >
            <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        {licence ? (
          <Form.Item label={t('licences.usersNow')} extra={t('licences.usersNowHint')}>
            <Typography.Text data-testid="licence-users-now">
              {t('licences.seatsOf', { used: licence.currentNumberOfUsers, max: licence.maxNumberOfUsers })}
            </Typography.Text>
          </Form.Item>
        ) : null}
        <Form.Item
          name="accountManager"
          label={t('licences.accountManager')}
          rules={[zodRule(fields.accountManager, { name: 'accountManager' })]}
        >
          <Input autoComplete="off" count={lengthCount(fields.accountManager)} />
        </Form.Item>
        <Form.Item name="licenseClaims" label={t('licences.claims')} extra={t('licences.claimsHint')}>
          <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',']} />
        </Form.Item>
        <Form.Item name="active" label={t('licences.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
