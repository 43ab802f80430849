import { type TNotification, type TNotificationInput, ZNotificationInput } from '@portal/contract';
import { Form, Input, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyPicker } from '../../../shared/ui/company-picker.tsx';
import { requiredRule } from '../../../shared/ui/required-rule.ts';
import { saveFromForm, type TFieldMap } from '../../../shared/ui/server-field-errors.ts';
import { lengthCount } from '../../../shared/ui/text-length.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { useSaveNotifications } from '../api/save-notifications.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';

export type TAudience = 'everyone' | 'company';

export type TNotificationFormValues = {
  notificationTitle: string;
  notificationDescription: string;
  notificationUrl: string;
  audience: TAudience;
  companyId: number | undefined;
};

export type TNotificationFormProps = {
  open: boolean;
  /** The notification to edit; null writes a new one. */
  notification: TNotification | null;
  onClose: () => void;
};

const fields = ZNotificationInput.shape;

// Every field has a value here: antd's setFieldsValue merges, so a missing one would keep the
// value of the notification edited before.
function initialValues(notification: TNotification | null): TNotificationFormValues {
  return {
    notificationTitle: notification?.notificationTitle ?? '',
    notificationDescription: notification?.notificationDescription ?? '',
    notificationUrl: notification?.notificationUrl ?? '',
    audience: notification?.companyId ? 'company' : 'everyone',
    companyId: notification?.companyId ?? undefined,
  };
}

/** API fields the server may name in an error (by their last name), and the form field that shows it. */
const SERVER_FIELDS: TFieldMap<TNotificationFormValues> = {
  notificationTitle: 'notificationTitle',
  notificationDescription: 'notificationDescription',
  notificationUrl: 'notificationUrl',
  companyId: 'companyId',
  company: 'companyId',
};

/** The request for the form's values, or null when an edit changed nothing (the save then sends nothing). */
export function notificationInputOf(
  notification: TNotification | null,
  values: TNotificationFormValues,
): TNotificationInput | null {
  const title = values.notificationTitle.trim();
  const description = values.notificationDescription.trim() || null;
  const url = values.notificationUrl.trim() || null;
  const companyId = values.audience === 'company' ? (values.companyId ?? null) : null;
  const unchanged =
    notification !== null &&
    title === notification.notificationTitle &&
    description === (notification.notificationDescription || null) &&
    url === (notification.notificationUrl || null) &&
    companyId === notification.companyId;
  if (unchanged) return null;
  return {
    ...(notification ? { notificationId: notification.notificationId } : {}),
    notificationTitle: title,
    notificationDescription: description,
    notificationUrl: url,
    companyId,
  };
}

/** Write or edit one notification in a drawer; rules come from the contract's zod schema. */
export function NotificationForm({ open, notification, onClose }: TNotificationFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TNotificationFormValues>();
  const save = useSaveNotifications();
  const creating = notification === null;
  // Until the form store answers, the notification's own audience: its company field is then there
  // from the first render, so a save at once still carries the company.
  const audience = Form.useWatch('audience', form) ?? initialValues(notification).audience;

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(notification));
    }
  }, [open, notification, form]);

  const submit = (values: TNotificationFormValues) =>
    saveFromForm(
      form,
      SERVER_FIELDS,
      save,
      notificationInputOf(notification, values),
      {
        done: creating ? t('notifications.created') : t('notifications.saved'),
        unchanged: t('notifications.unchanged'),
      },
      onClose,
    );

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={
        creating
          ? t('notifications.createTitle')
          : t('notifications.editTitle', { name: notification.notificationTitle })
      }
      onSave={() => form.submit()}
      saving={save.isPending}
      saveLabel={creating ? t('notifications.publish') : t('common.save')}
      saveTestId="notification-form-save"
    >
      <Form<TNotificationFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={initialValues(notification)}
        onFinish={(values) => void submit(values)}
        data-testid="notification-form"
      >
        <Form.Item
          name="notificationTitle"
          label={t('notifications.fieldTitle')}
          rules={[zodRule(fields.notificationTitle, { name: 'notificationTitle', required: true })]}
        >
          <Input autoComplete="off" count={lengthCount(fields.notificationTitle)} />
        </Form.Item>
        <Form.Item
          name="notificationDescription"
          label={t('notifications.fieldDescription')}
          rules={[zodRule(fields.notificationDescription, { name: 'notificationDescription' })]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 10 }}
            count={lengthCount(fields.notificationDescription)}
          />
        </Form.Item>
        <Form.Item
          name="notificationUrl"
          label={t('notifications.fieldUrl')}
          extra={t('notifications.urlHint')}
          rules={[zodRule(fields.notificationUrl, { name: 'notificationUrl' })]}
        >
          <Input
            autoComplete="off"
            inputMode="url"
            placeholder="/families/12 · https://example.com"
            count={lengthCount(fields.notificationUrl)}
          />
        </Form.Item>
        <Form.Item name="audience" label={t('notifications.audience')} required>
          <Radio.Group
            options={[
              { value: 'everyone', label: t('notifications.everyone') },
              { value: 'company', label: t('notifications.oneCompany') },
            ]}
            data-testid="notification-audience"
          />
        </Form.Item>
        {audience === 'company' ? (
          <Form.Item
            name="companyId"
            label={t('notifications.company')}
            extra={t('notifications.companyHint')}
            rules={[requiredRule('company')]}
          >
            <CompanyPicker
              current={notification}
              enabled={open}
              placeholder={t('notifications.companyPlaceholder')}
              testId="notification-company"
            />
          </Form.Item>
        ) : null}
      </Form>
    </FormDrawer>
  );
}
