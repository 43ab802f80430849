import type { TFamilyType, TRevitFamily } from '@portal/contract';
import { Card, Table, theme, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typeColumns, unitSymbol } from './family-format.ts';
import { SectionTitle } from './section-title.tsx';
import { useScreens } from '../../../../shared/theme/use-min-width.ts';

type TTypeRow = { key: string; typeName: string; values: Map<string, string> };

/** The family's types as a table: the type name, then one column per parameter with its unit. */
export function FamilyTypesTable({ family }: { family: TRevitFamily }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useScreens().md === false;
  const scroller = useRef<HTMLDivElement>(null);
  const [moreRight, setMoreRight] = useState(false);
  const measure = useCallback(() => {
    const el = scroller.current;
    setMoreRight(el !== null && Math.abs(el.scrollLeft) + el.clientWidth < el.scrollWidth - 1);
  }, []);
  useEffect(() => {
    const el = scroller.current;
    measure();
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure, family]);
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
      // Kept narrow on a phone so the parameter columns start in sight; the whole name is its tooltip.
      render: (name: string) => (
        <Typography.Text
          strong
          ellipsis={{ tooltip: name }}
          style={{ display: 'block', maxWidth: narrow ? '40vw' : 480 }}
          data-testid="family-type-name"
        >
          {name}
        </Typography.Text>
      ),
    },
    ...parameters.map((parameter) => ({
      key: `p-${parameter.name}`,
      title: parameter.unit ? `${parameter.name} (${unitSymbol(parameter.unit)})` : parameter.name,
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
        <div style={{ position: 'relative' }}>
          <div
            ref={scroller}
            role="region"
            aria-label={t('families.types.caption')}
            tabIndex={0}
            style={{ overflowX: 'auto' }}
            onScroll={measure}
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
          {moreRight ? (
            // A shade on the right edge tells that more columns lie beyond it.
            <div
              aria-hidden
              data-testid="family-types-more"
              style={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                insetInlineEnd: 0,
                width: 24,
                pointerEvents: 'none',
                boxShadow: `inset -12px 0 10px -10px ${token.colorTextQuaternary}`,
              }}
            />
          ) : null}
        </div>
      )}
    </Card>
  );
}
