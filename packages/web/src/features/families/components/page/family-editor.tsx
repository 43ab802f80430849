import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type TRevitFamily, ZRevitFamilyInput } from '@portal/contract';
import {
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Rate,
  Result,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../../../shared/api/api-error.ts';
import { can } from '../../../../shared/auth/session-store.ts';
import { useSession } from '../../../../shared/auth/use-session.ts';
import { i18n } from '../../../../shared/i18n/i18n.ts';
import { messageText } from '../../../../shared/i18n/message-text.ts';
import { toast } from '../../../../shared/toast/toast-store.ts';
import { ErrorState } from '../../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { showServerFieldErrors, type TFieldMap } from '../../../../shared/ui/server-field-errors.ts';
import { lengthCount } from '../../../../shared/ui/text-length.ts';
import { zodRule } from '../../../../shared/ui/zod-rule.ts';
import { useCategoryOptions } from '../../api/find-category-options.ts';
import { useFamily } from '../../api/get-family.ts';
import { useSaveFamily } from '../../api/save-family.ts';
import { useUpdateFamily } from '../../api/update-family.ts';
import type { TFamilyUploadAnswer } from '../../api/upload-family.ts';
import { FamilyNotFound } from './family-not-found.tsx';
import { decimalSeparator, parseFamilyId } from './family-format.ts';
import { FamilyPictureField } from './family-picture-field.tsx';
import {
  familyInput,
  hasFamilyChanges,
  initialFamilyValues,
  type TFamilyFormValues,
} from './family-form-model.ts';
import { RfaUploadField } from './rfa-upload-field.tsx';
import { TypeCatalogField } from './type-catalog-field.tsx';
import { useLeaveGuard } from '../../../../shared/ui/use-leave-guard.tsx';

const fields = ZRevitFamilyInput.shape;

/** API fields the server may name in an error, and the form field that shows it. */
const SERVER_FIELDS: TFieldMap<TFamilyFormValues> = {
  revitFamilyName: 'revitFamilyName',
  revitFamilyCategoryId: 'revitFamilyCategoryId',
  revitFamilyRating: 'revitFamilyRating',
  revitFamilyTags: 'revitFamilyTags',
  revitFamilyDescription: 'revitFamilyDescription',
  cost: 'cost',
  parameterListCode: 'parameterListCode',
  parameterListId: 'parameterListCode',
  revitFamilyUploadId: 'upload',
  revitFamilyFile: 'upload',
  revitFamilyFileName: 'upload',
  revitFamilyPicture: 'picture',
  revitFamilyPictureFileName: 'picture',
  typeCatalog: 'typeCatalog',
  typeCatalogText: 'typeCatalog',
  typeCatalogFileName: 'typeCatalog',
};

/**
 * Type catalog and upload messages belong on their fields even when the server names no field
 * (its type catalog parser reports a line, not a request path).
 */
function showKeyedErrors(form: ReturnType<typeof Form.useForm<TFamilyFormValues>>[0], error: unknown): void {
  if (!isApiError(error)) return;
  const byField = new Map<'typeCatalog' | 'upload', string[]>();
  for (const { text, message } of error.detailList) {
    if (!message || message.field) continue;
    const name = message.key.startsWith('typeCatalog')
      ? 'typeCatalog'
      : message.key.startsWith('rfa') || message.key.startsWith('upload')
        ? 'upload'
        : null;
    if (name) byField.set(name, [...(byField.get(name) ?? []), messageText(i18n.t, message, text)]);
  }
  if (byField.size === 0) return;
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  const first = [...byField.keys()][0];
  if (first) form.scrollToField(first, { block: 'center' });
}

/** A picture someone chose, as opposed to the file's own preview (which follows the file). */
function isOwnPicture(family: TRevitFamily | null): boolean {
  return family !== null && family.revitFamilyPictureHash !== null && !family.pictureFromFile;
}

type TFamilyFormProps = { family: TRevitFamily | null };

function FamilyForm({ family }: TFamilyFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<TFamilyFormValues>();
  const [initial] = useState(() => initialFamilyValues(family));
  const [busyUploading, setBusyUploading] = useState(false);
  const [suggestedTags, setSuggestedTags] = useState<string[]>([]);
  const categories = useCategoryOptions();
  const save = useSaveFamily();
  const update = useUpdateFamily();
  const saving = save.isPending || update.isPending;
  const isAdmin = can(session, 'adminmanagement.read');
  const uploading = useRef(false);
  const guard = useLeaveGuard(
    () => uploading.current || hasFamilyChanges(form.getFieldsValue(true) as TFamilyFormValues, initial),
    { text: t('families.form.leaveText') },
  );
  const upload = Form.useWatch('upload', form);
  const tags = Form.useWatch('revitFamilyTags', form) ?? [];

  const categoryOptions = (categories.data ?? []).map((c) => ({
    value: c.categoryId,
    label: c.categoryName,
  }));
  // A family filed under a category that has since been deactivated keeps showing it.
  if (
    family?.revitFamilyCategoryId &&
    !categoryOptions.some((o) => o.value === family.revitFamilyCategoryId)
  ) {
    categoryOptions.push({ value: family.revitFamilyCategoryId, label: family.categoryName ?? '' });
  }

  const onUploaded = (answer: TFamilyUploadAnswer) => {
    const values = form.getFieldsValue(true) as TFamilyFormValues;
    const suggestions = answer.suggestions;
    const fill: Partial<TFamilyFormValues> = {};
    if (!values.revitFamilyName.trim() && suggestions.revitFamilyName)
      fill.revitFamilyName = suggestions.revitFamilyName;
    if (values.revitFamilyCategoryId === null && suggestions.categoryId !== null) {
      fill.revitFamilyCategoryId = suggestions.categoryId;
    }
    form.setFieldsValue(fill);
    if (fill.revitFamilyName) void form.validateFields(['revitFamilyName']).catch(() => undefined);
    setSuggestedTags(suggestions.tags);
  };

  const onUploadFailed = (message: string | null) => {
    form.setFields([{ name: 'upload', errors: message ? [message] : [] }]);
  };

  const leave = (to: string) => {
    guard.allowNext();
    void navigate(to);
  };

  const submit = async (values: TFamilyFormValues) => {
    if (family && !hasFamilyChanges(values, initial)) {
      toast.info(t('families.form.nothingChanged'));
      leave(`/families/${family.revitFamilyId}`);
      return;
    }
    const input = familyInput(values, family);
    try {
      const saved = family
        ? await update.mutateAsync({ ...input, revitFamilyId: family.revitFamilyId })
        : await save.mutateAsync(input);
      if (!isAdmin) toast.success(t('families.form.sentForApproval'));
      else toast.success(family ? t('families.form.saved') : t('families.form.created'));
      leave(`/families/${saved.revitFamilyId}`);
    } catch (error) {
      // The toast tells the whole story; details about a field also show on it.
      showServerFieldErrors(form, error, SERVER_FIELDS);
      showKeyedErrors(form, error);
    }
  };

  const openSuggestions = suggestedTags.filter((tag) => !tags.includes(tag));

  return (
    <>
      <PageHeader
        title={
          family
            ? t('families.form.editTitle', { name: family.revitFamilyName })
            : t('families.form.createTitle')
        }
        extra={
          family ? null : (
            <Button
              icon={<UploadOutlined aria-hidden />}
              data-testid="family-bulk"
              onClick={() => void navigate('/families/bulk')}
            >
              {t('families.bulk.open')}
            </Button>
          )
        }
      />
      <Form<TFamilyFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        scrollToFirstError={{ block: 'center' }}
        initialValues={initial}
        onFinish={(values) => void submit({ ...(form.getFieldsValue(true) as TFamilyFormValues), ...values })}
        data-testid="family-form"
        style={{ maxWidth: 1080 }}
      >
        <Row gutter={[24, 0]}>
          <Col xs={24} lg={12}>
            <Card size="small" style={{ marginBottom: 16 }}>
              <Form.Item
                name="upload"
                label={family ? t('families.form.newVersion') : t('families.fields.file')}
                extra={family ? t('families.form.newVersionHint') : undefined}
                rules={
                  family
                    ? []
                    : [
                        {
                          required: true,
                          validator: (_rule: unknown, value: unknown) =>
                            value
                              ? Promise.resolve()
                              : Promise.reject(new Error(t('families.form.fileRequired'))),
                        },
                      ]
                }
              >
                <RfaUploadField
                  stored={
                    family?.revitFamilyFileName
                      ? {
                          fileName: family.revitFamilyFileName,
                          size: family.revitFamilyFileSize,
                          revitVersion: family.revitVersion,
                        }
                      : null
                  }
                  onUploaded={onUploaded}
                  onFailed={onUploadFailed}
                  onBusyChange={(busy) => {
                    uploading.current = busy;
                    setBusyUploading(busy);
                  }}
                />
              </Form.Item>
              <Form.Item name="picture" label={t('families.fields.picture')}>
                <FamilyPictureField
                  uploadPreview={upload?.previewBase64 ?? null}
                  storedHash={family?.revitFamilyPictureHash ?? null}
                  storedIsOwn={isOwnPicture(family)}
                />
              </Form.Item>
              <Form.Item
                name="typeCatalog"
                label={t('families.fields.typeCatalog')}
                extra={t('families.form.catalogHint')}
              >
                <TypeCatalogField />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              name="revitFamilyName"
              label={t('families.fields.name')}
              rules={[
                {
                  required: true,
                  validator: (_rule: unknown, value: unknown) =>
                    typeof value === 'string' && value.trim()
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('families.form.nameRequired'))),
                },
                zodRule(fields.revitFamilyName, { name: 'revitFamilyName' }),
              ]}
            >
              <Input autoComplete="off" count={lengthCount(fields.revitFamilyName)} />
            </Form.Item>
            <Form.Item name="revitFamilyCategoryId" label={t('families.fields.category')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={categories.isPending}
                options={categoryOptions}
                placeholder={t('families.form.pickCategory')}
                notFoundContent={categories.isError ? t('families.form.categoriesUnavailable') : undefined}
              />
            </Form.Item>
            <Form.Item name="revitFamilyRating" label={t('families.fields.rating')}>
              <Rate allowClear />
            </Form.Item>
            <Form.Item
              name="revitFamilyTags"
              label={t('families.fields.tags')}
              extra={t('families.form.tagsHint')}
              rules={[zodRule(fields.revitFamilyTags, { name: 'revitFamilyTags' })]}
            >
              <Select
                mode="tags"
                tokenSeparators={[',']}
                open={false}
                suffixIcon={null}
                placeholder={t('families.form.tagsPlaceholder')}
              />
            </Form.Item>
            {openSuggestions.length > 0 ? (
              <Flex
                wrap
                gap={6}
                align="center"
                style={{ marginTop: -12, marginBottom: 16 }}
                data-testid="tag-suggestions"
              >
                <Typography.Text type="secondary">{t('families.form.suggestedTags')}</Typography.Text>
                {openSuggestions.map((tag) => (
                  <Button
                    key={tag}
                    size="small"
                    icon={<PlusOutlined aria-hidden />}
                    aria-label={t('families.form.addTag', { tag })}
                    onClick={() => form.setFieldValue('revitFamilyTags', [...tags, tag])}
                  >
                    {tag}
                  </Button>
                ))}
              </Flex>
            ) : null}
            <Form.Item
              name="revitFamilyDescription"
              label={t('families.fields.description')}
              rules={[zodRule(fields.revitFamilyDescription, { name: 'revitFamilyDescription' })]}
            >
              <Input.TextArea
                autoSize={{ minRows: 3, maxRows: 10 }}
                count={lengthCount(fields.revitFamilyDescription)}
              />
            </Form.Item>
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <Form.Item name="cost" label={t('families.fields.cost')}>
                  <InputNumber
                    min={0}
                    max={1_000_000_000}
                    step={0.01}
                    precision={2}
                    decimalSeparator={decimalSeparator(i18n.language)}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="parameterListCode"
                  label={t('families.fields.parameterList')}
                  rules={[zodRule(fields.parameterListCode, { name: 'parameterListCode' })]}
                >
                  <Input autoComplete="off" count={lengthCount(fields.parameterListCode)} />
                </Form.Item>
              </Col>
            </Row>
          </Col>
        </Row>
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={() => void navigate(family ? `/families/${family.revitFamilyId}` : '/families')}>
            {t('common.cancel')}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={saving}
            disabled={busyUploading}
            data-testid="family-save"
          >
            {family ? t('common.save') : t('common.create')}
          </Button>
        </Flex>
      </Form>
      {guard.dialog}
    </>
  );
}

/** #/families/new and #/families/:id/edit: a family from an uploaded .rfa and its details. */
export function FamilyEditor() {
  const { t } = useTranslation();
  const session = useSession();
  const rawId = useParams().id;
  const familyId = parseFamilyId(rawId);
  const editing = rawId !== undefined;
  const family = useFamily(editing ? familyId : undefined);
  const allowed = can(session, editing ? 'contentmanagement.update' : 'contentmanagement.create');

  if (!allowed) {
    return (
      <Result
        status="warning"
        title={<h1 className="portal-page-title">{t('families.form.forbidden')}</h1>}
        subTitle={t('state.forbiddenHint')}
      />
    );
  }
  if (!editing) return <FamilyForm family={null} />;
  if (familyId === undefined) return <FamilyNotFound />;
  if (family.isPending) {
    return (
      <div aria-busy="true" aria-label={t('families.page.loading')}>
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  if (family.isError) {
    if (isApiError(family.error) && family.error.status === 404) return <FamilyNotFound />;
    return (
      <>
        <h1 className="portal-page-title">{t('families.form.editTitle', { name: '' })}</h1>
        <ErrorState error={family.error} onRetry={() => void family.refetch()} />
      </>
    );
  }
  return <FamilyForm key={family.data.revitFamilyId} family={family.data} />;
}
