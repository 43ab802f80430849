import type { TFamilyType, TRevitFamily } from '@portal/contract';
import { Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { typeColumns } from './family-format.ts';
import { SectionTitle } from './section-title.tsx';

type TTypeRow = { key: string; typeName: string; values: Map<string, string> };

/** The family's types as a table: the type name, then one column per parameter with its unit. */
export function FamilyTypesTable({ family }: { family: TRevitFamily }) {
  const { t } = useTranslation();
  const types: TFamilyType[] = family.revitFamilyTypes ?? [];
  const parameters = typeColumns(types);
  const rows: TTypeRow[] = types.map((type, index) => ({
    key: `${index}-${type.typeName}`,
    typeName: type.typeName,
    values: new Map(type.parameters.map((p) => [p.name, p.value])),
  }));
  const columns: ColumnsType<TTypeRow> = [
    {
      key: 'typeName',
      title: t('families.types.typeName'),
      dataIndex: 'typeName',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    ...parameters.map((parameter) => ({
      key: `p-${parameter.name}`,
      title: parameter.unit ? `${parameter.name} (${parameter.unit})` : parameter.name,
      render: (_value: unknown, row: TTypeRow) => row.values.get(parameter.name) ?? '',
    })),
  ];
  const source =
    family.typeSource === 'catalog'
      ? t('families.types.fromCatalog', { fileName: family.typeCatalogFileName ?? '' })
      : family.typeSource === 'partAtom'
        ? t('families.types.fromFile')
        : null;

  return (
    <Card
      title={<SectionTitle>{t('families.types.title', { count: types.length })}</SectionTitle>}
      data-testid="family-types"
    >
      {source ? (
        <Typography.Paragraph type="secondary" data-testid="family-type-source">
          {source}
        </Typography.Paragraph>
      ) : null}
      {types.length === 0 ? (
        <Typography.Text type="secondary">{t('families.types.none')}</Typography.Text>
      ) : (
        // A wide table scrolls inside a region that a keyboard can reach and scroll (WCAG 2.1.1).
        <div
          role="region"
          aria-label={t('families.types.caption')}
          tabIndex={0}
          style={{ overflowX: 'auto' }}
          data-testid="family-types-scroll"
        >
          <Table<TTypeRow>
            size="small"
            columns={columns}
            dataSource={rows}
            pagination={rows.length > 25 ? { pageSize: 25, showSizeChanger: false } : false}
            style={{ minWidth: 'max-content' }}
          />
        </div>
      )}
    </Card>
  );
}
