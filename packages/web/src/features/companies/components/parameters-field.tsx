import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { duplicateKeys, type TParameterRow } from './company-form-model.ts';

export type TParametersFieldProps = {
  name: 'companyParameters' | 'globalParameters';
  title: string;
  hint: string;
};

/**
 * A key/value list edited as rows: add, remove, with keys that must be given and unique. The row
 * controls are named by the list and the row ("Key 2 of the company parameters").
 */
export function ParametersField({ name, title, hint }: TParametersFieldProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <section aria-label={title} data-testid={`params-${name}`} style={{ marginBottom: 24 }}>
      <Typography.Title level={2} style={{ fontSize: 16, marginBottom: 4 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {hint}
      </Typography.Paragraph>
      <Form.List name={name}>
        {(rows, { add, remove }) => (
          <>
            {rows.length === 0 ? (
              <Typography.Paragraph type="secondary" data-testid="params-empty">
                {t('companies.paramsEmpty')}
              </Typography.Paragraph>
            ) : null}
            {rows.map((row, index) => (
              <Flex key={row.key} gap={8} align="flex-start" data-testid="param-row">
                <Form.Item
                  name={[row.name, 'key']}
                  style={{ flex: '1 1 40%', marginBottom: 12, minWidth: 0 }}
                  validateTrigger={['onChange', 'onBlur']}
                  rules={[
                    { required: true, whitespace: true, message: t('companies.paramKeyRequired') },
                    {
                      validator: (_rule, value: unknown) => {
                        const rows = form.getFieldValue(name) as TParameterRow[] | undefined;
                        const key = typeof value === 'string' ? value.trim() : '';
                        return key && duplicateKeys(rows).has(key)
                          ? Promise.reject(new Error(t('companies.paramKeyDuplicate', { key })))
                          : Promise.resolve();
                      },
                    },
                  ]}
                >
                  <Input
                    placeholder={t('companies.paramKey')}
                    aria-label={t('companies.paramKeyOf', { index: index + 1, list: title })}
                    autoComplete="off"
                  />
                </Form.Item>
                <Form.Item
                  name={[row.name, 'value']}
                  style={{ flex: '1 1 60%', marginBottom: 12, minWidth: 0 }}
                >
                  <Input
                    placeholder={t('companies.paramValue')}
                    aria-label={t('companies.paramValueOf', { index: index + 1, list: title })}
                    autoComplete="off"
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('companies.paramRemove', { index: index + 1, list: title })}
                  onClick={() => {
                    remove(row.name);
                    // A removed duplicate may leave the other row valid again.
                    void form.validateFields([[name]], { recursive: true }).catch(() => undefined);
                  }}
                />
              </Flex>
            ))}
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ key: '', value: '' })}
              data-testid={`params-add-${name}`}
            >
              {t('companies.paramAdd')}
            </Button>
          </>
        )}
      </Form.List>
    </section>
  );
}
