import { type TCategory, type TCategoryInput, ZCategoryInput } from '@portal/contract';
import { Form, Input, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFromForm, type TFieldMap } from '../../../shared/ui/server-field-errors.ts';
import { lengthCount } from '../../../shared/ui/text-length.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { useSaveCategories } from '../api/save-categories.ts';
import { PictureField, type TPictureValue } from '../../../shared/ui/picture-field.tsx';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';

type TCategoryFormValues = {
  categoryName: string;
  categoryDescription: string;
  active: boolean;
  picture: TPictureValue;
};

export type TCategoryFormProps = {
  open: boolean;
  /** The category to edit; null creates a new one. */
  category: TCategory | null;
  onClose: () => void;
};

const fields = ZCategoryInput.shape;

// Every field has a value here: antd's setFieldsValue merges, so a missing one would keep the
// value of the category edited before.
function initialValues(category: TCategory | null): TCategoryFormValues {
  return {
    categoryName: category?.categoryName ?? '',
    categoryDescription: category?.categoryDescription ?? '',
    active: category?.active ?? true,
    picture: { kind: 'stored', hash: category?.categoryPictureHash ?? null },
  };
}

/** API fields the server may name in an error (by their last name), and the form field that shows it. */
const SERVER_FIELDS: TFieldMap<TCategoryFormValues> = {
  categoryName: 'categoryName',
  categoryDescription: 'categoryDescription',
  // fieldKeyOf drops the Base64 ending: categoryPictureBase64 -> categoryPicture.
  categoryPicture: 'picture',
  categoryPictureFileName: 'picture',
};

/**
 * The request for the form's values, or null when an edit changed nothing (the save then sends
 * nothing). A picture travels only when it was replaced (base64) or removed (null).
 */
export function categoryInputOf(
  category: TCategory | null,
  values: TCategoryFormValues,
): TCategoryInput | null {
  const name = values.categoryName.trim();
  const description = values.categoryDescription.trim();
  const { picture } = values;
  const unchanged =
    category !== null &&
    name === category.categoryName &&
    description === (category.categoryDescription ?? '') &&
    values.active === category.active &&
    picture.kind === 'stored';
  if (unchanged) return null;
  return {
    ...(category ? { categoryId: category.categoryId } : {}),
    categoryName: name,
    categoryDescription: description || null,
    active: values.active,
    ...(picture.kind === 'new'
      ? { categoryPictureBase64: picture.base64, categoryPictureFileName: picture.fileName }
      : picture.kind === 'removed'
        ? { categoryPictureBase64: null, categoryPictureFileName: null }
        : {}),
  };
}

/** Create or edit one category in a drawer; rules come from the contract's zod schema. */
export function CategoryForm({ open, category, onClose }: TCategoryFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TCategoryFormValues>();
  const save = useSaveCategories();
  const creating = category === null;

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(category));
    }
  }, [open, category, form]);

  const showPictureProblem = (message: string | null) =>
    form.setFields([{ name: 'picture', errors: message ? [message] : [] }]);

  const submit = (values: TCategoryFormValues) =>
    saveFromForm(
      form,
      SERVER_FIELDS,
      save,
      categoryInputOf(category, values),
      {
        done: creating ? t('categories.created') : t('categories.saved'),
        unchanged: t('categories.unchanged'),
      },
      onClose,
    );

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={
        creating ? t('categories.createTitle') : t('categories.editTitle', { name: category.categoryName })
      }
      onSave={() => form.submit()}
      saving={save.isPending}
      saveLabel={creating ? t('common.create') : t('common.save')}
      saveTestId="category-form-save"
    >
      <Form<TCategoryFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={initialValues(category)}
        onFinish={(values) => void submit(values)}
        data-testid="category-form"
      >
        <Form.Item
          name="categoryName"
          label={t('categories.name')}
          rules={[zodRule(fields.categoryName, { name: 'categoryName', required: true })]}
        >
          <Input autoComplete="off" count={lengthCount(fields.categoryName)} />
        </Form.Item>
        <Form.Item
          name="categoryDescription"
          label={t('categories.description')}
          rules={[zodRule(fields.categoryDescription, { name: 'categoryDescription' })]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            count={lengthCount(fields.categoryDescription)}
          />
        </Form.Item>
        <Form.Item name="active" label={t('categories.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="picture" label={t('categories.picture')}>
          <PictureField
            hasStored={Boolean(category?.categoryPictureHash)}
            onProblem={showPictureProblem}
            textKeys="categories.picture"
            testId="category-picture"
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
