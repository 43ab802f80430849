import { DeleteOutlined, FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../shared/toast/toast-store.ts';
import { countCatalogTypes, decodeTypeCatalog, type TCatalogValue } from './family-form-model.ts';

// The contract's limit on typeCatalogText.
const MAX_CATALOG_CHARS = 2_000_000;

export type TTypeCatalogFieldProps = {
  id?: string;
  value?: TCatalogValue;
  onChange?: (value: TCatalogValue) => void;
};

/** An optional type catalog (.txt), read as text in the browser and sent beside the family. */
export function TypeCatalogField({ id, value, onChange }: TTypeCatalogFieldProps) {
  const { t } = useTranslation();
  const catalog = value ?? { text: null, fileName: null, changed: false };

  const choose = async (file: File) => {
    const text = decodeTypeCatalog(new Uint8Array(await file.arrayBuffer()));
    if (text.length > MAX_CATALOG_CHARS) {
      toast.error(t('families.form.catalogTooLarge'));
      return;
    }
    onChange?.({ text, fileName: file.name, changed: true });
  };

  const present = catalog.fileName !== null && (catalog.text !== null || !catalog.changed);
  return (
    <Flex gap={8} wrap align="center">
      {present ? (
        <Typography.Text data-testid="catalog-file" style={{ wordBreak: 'break-all' }}>
          <FileTextOutlined aria-hidden /> {catalog.fileName}
          {catalog.text === null
            ? null
            : ` · ${t('families.form.catalogTypes', { count: countCatalogTypes(catalog.text) })}`}
        </Typography.Text>
      ) : null}
      <Upload
        id={id}
        accept=".txt,text/plain"
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} data-testid="catalog-choose">
          {present ? t('families.form.replaceCatalog') : t('families.form.chooseCatalog')}
        </Button>
      </Upload>
      {present ? (
        <Button
          icon={<DeleteOutlined aria-hidden />}
          onClick={() => onChange?.({ text: null, fileName: null, changed: true })}
          data-testid="catalog-remove"
        >
          {t('families.form.removeCatalog')}
        </Button>
      ) : null}
    </Flex>
  );
}
