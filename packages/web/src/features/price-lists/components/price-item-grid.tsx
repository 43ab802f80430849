import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Empty,
  Flex,
  type GetRef,
  Input,
  Select,
  Table,
  type TableColumnType,
  Typography,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListOption } from '../api/list-options.ts';
import {
  type TCellError,
  type TIdField,
  type TItemDraft,
  type TNumberField,
  type TRowErrors,
  type TTextField,
  newItem,
  numberError,
  REF_FIELDS,
  sortRows,
  TEXT_MAX,
} from './price-draft.ts';

export type TGridOptions = { options: TListOption[]; loading: boolean };

export type TPriceItemGridProps = {
  rows: TItemDraft[];
  onChange: (rows: TItemDraft[]) => void;
  /** The same rows in another order (a sort): not a change to save. */
  onReorder: (rows: TItemDraft[]) => void;
  /** The save's findings by row key (shown once a save was tried). */
  errors: Map<string, TRowErrors>;
  readOnly: boolean;
  units: TGridOptions;
  currencies: TGridOptions;
  /** Height of the scrolling body; the grid renders only the rows in view. */
  height?: number;
};

type TSortField = TTextField | TNumberField;
type TSort = { field: TSortField; dir: 'ascend' | 'descend' } | null;

const ROW_HEIGHT = 48;
/** Rows a Page Up or Page Down moves in the grid's region. */
const PAGE_ROWS = 8;

/**
 * A price list's items as a virtualised, sortable grid with inline editing: order number,
 * description, value, the nine reference values (a collapsible group), k-factor, reference,
 * units and currency. Only the rows in view are rendered, so 100,000 items stay responsive;
 * sorting reorders the edited rows once and does not move a row while it is being typed in.
 */
export function PriceItemGrid({
  rows,
  onChange,
  onReorder,
  errors,
  readOnly,
  units,
  currencies,
  height = 480,
}: TPriceItemGridProps) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<TSort>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [showRefs, setShowRefs] = useState(false);
  const focusKey = useRef<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const table = useRef<GetRef<typeof Table>>(null);
  const topRow = useRef(0);

  useEffect(() => {
    const key = focusKey.current;
    if (key === null || !root.current) return;
    focusKey.current = null;
    root.current.querySelector<HTMLElement>(`[data-row="${key}"][data-control=orderNumber]`)?.focus();
  });

  const change = (key: string, patch: Partial<TItemDraft>) => {
    const index = rows.findIndex((row) => row.key === key);
    if (index < 0) return;
    const next = rows.slice();
    next[index] = { ...rows[index]!, ...patch };
    onChange(next);
  };

  const add = () => {
    const row = newItem();
    // A new row goes first, where it can be seen and typed in at once.
    focusKey.current = row.key;
    setSort(null);
    onChange([row, ...rows]);
  };

  const removeSelected = () => {
    const gone = new Set(selected);
    onChange(rows.filter((row) => !gone.has(row.key)));
    setSelected([]);
  };

  const rowNumber = (row: TItemDraft) => row.orderNumber.trim() || t('priceLists.grid.newRow');
  const cellLabel = (column: string, row: TItemDraft) =>
    t('priceLists.grid.cellLabel', { column, row: rowNumber(row) });
  const errorText = (error: TCellError | undefined) =>
    error ? t(`priceLists.cellErrors.${error}`) : undefined;

  const textColumn = (field: TTextField, title: string, width: number): TableColumnType<TItemDraft> => ({
    key: field,
    dataIndex: field,
    title,
    width,
    sorter: true,
    sortOrder: sort?.field === field ? sort.dir : null,
    render: (_value: unknown, row: TItemDraft) => {
      if (readOnly) return <Typography.Text ellipsis={{ tooltip: true }}>{row[field]}</Typography.Text>;
      const error = errors.get(row.key)?.[field];
      return (
        <Input
          size="small"
          value={row[field]}
          maxLength={TEXT_MAX[field]}
          status={error ? 'error' : undefined}
          title={errorText(error)}
          aria-invalid={error ? true : undefined}
          aria-label={cellLabel(title, row)}
          data-row={row.key}
          data-control={field}
          data-testid={`price-item-${field}`}
          onChange={(event) => change(row.key, { [field]: event.target.value })}
        />
      );
    },
  });

  const numberColumn = (field: TNumberField, title: string, width: number): TableColumnType<TItemDraft> => ({
    key: field,
    dataIndex: field,
    title,
    width,
    align: 'end',
    sorter: true,
    sortOrder: sort?.field === field ? sort.dir : null,
    render: (_value: unknown, row: TItemDraft) => {
      if (readOnly) return row[field];
      // A number that is not one shows as it is typed; the rest once a save was tried.
      const error = numberError(field, row[field]) ?? errors.get(row.key)?.[field];
      return (
        <Input
          size="small"
          inputMode="decimal"
          value={row[field]}
          status={error ? 'error' : undefined}
          title={errorText(error)}
          aria-invalid={error ? true : undefined}
          aria-label={cellLabel(title, row)}
          data-row={row.key}
          data-control={field}
          data-testid={`price-item-${field}`}
          style={{ textAlign: 'end' }}
          onChange={(event) => change(row.key, { [field]: event.target.value })}
        />
      );
    },
  });

  const idColumn = (
    field: TIdField,
    title: string,
    source: TGridOptions,
    width: number,
  ): TableColumnType<TItemDraft> => {
    const options = source.options.map((o) => ({ value: o.id, label: o.code, title: o.description }));
    return {
      key: field,
      dataIndex: field,
      title,
      width,
      render: (_value: unknown, row: TItemDraft) => {
        const id = row[field];
        if (readOnly) return id === null ? '' : (source.options.find((o) => o.id === id)?.code ?? `#${id}`);
        return (
          <Select<number>
            size="small"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={source.loading}
            value={id ?? undefined}
            options={options}
            popupMatchSelectWidth={false}
            aria-label={cellLabel(title, row)}
            data-testid={`price-item-${field}`}
            style={{ width: '100%' }}
            onChange={(value: number | undefined) => change(row.key, { [field]: value ?? null })}
          />
        );
      },
    };
  };

  const columns: TableColumnType<TItemDraft>[] = [
    textColumn('orderNumber', t('priceLists.grid.orderNumber'), 140),
    textColumn('priceItemDescription', t('priceLists.grid.description'), 240),
    numberColumn('priceItemValue', t('priceLists.grid.value'), 120),
    ...(showRefs
      ? REF_FIELDS.map((field, index) =>
          numberColumn(field, t('priceLists.grid.refValue', { n: index + 1 }), 110),
        )
      : []),
    numberColumn('kFactor', t('priceLists.grid.kFactor'), 100),
    textColumn('priceItemReference', t('priceLists.grid.reference'), 160),
    idColumn('priceItemPerUnitId', t('priceLists.grid.perUnit'), units, 110),
    idColumn('priceItemMeasurementUnitId', t('priceLists.grid.unit'), units, 110),
    idColumn('currencyId', t('priceLists.grid.currency'), currencies, 110),
  ];
  const width = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0) + 48;

  // Only the rows in view exist, so the region scrolls by row for the keyboard (focused itself, not a cell).
  const onRegionKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || rows.length === 0) return;
    const moves: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: PAGE_ROWS,
      PageUp: -PAGE_ROWS,
      Home: -rows.length,
      End: rows.length,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    topRow.current = Math.min(rows.length - 1, Math.max(0, topRow.current + move));
    table.current?.scrollTo({ index: topRow.current, align: 'start' });
  };

  const onSort = (sorter: SorterResult<TItemDraft> | SorterResult<TItemDraft>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.columnKey as TSortField | undefined;
    if (!field || !one?.order) {
      setSort(null);
      return;
    }
    setSort({ field, dir: one.order });
    onReorder(sortRows(rows, field, one.order));
  };

  return (
    <div ref={root}>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 8 }}>
        {readOnly ? null : (
          <>
            <Button icon={<PlusOutlined />} onClick={add} data-testid="price-item-add">
              {t('priceLists.grid.add')}
            </Button>
            <Button
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              onClick={removeSelected}
              data-testid="price-item-remove"
            >
              {t('priceLists.grid.removeSelected', { count: selected.length })}
            </Button>
          </>
        )}
        <Button
          type="link"
          aria-expanded={showRefs}
          onClick={() => setShowRefs((v) => !v)}
          data-testid="price-item-toggle-refs"
        >
          {showRefs ? t('priceLists.grid.hideRefs') : t('priceLists.grid.showRefs')}
        </Button>
      </Flex>
      <div
        role="region"
        aria-label={t('priceLists.grid.region')}
        // The grid scrolls inside itself; the region can take focus so the keyboard can scroll it.
        tabIndex={0}
        data-testid="price-item-grid"
        onKeyDown={onRegionKey}
      >
        <Table<TItemDraft>
          ref={table}
          virtual
          size="small"
          rowKey="key"
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: width, y: height }}
          showSorterTooltip={false}
          onChange={(_pagination, _filters, sorter) => onSort(sorter)}
          rowSelection={
            readOnly
              ? undefined
              : {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys),
                  columnWidth: 48,
                  getCheckboxProps: (row) => ({
                    'aria-label': t('priceLists.grid.selectRow', { row: rowNumber(row) }),
                  }),
                }
          }
          onRow={() => ({ style: { height: ROW_HEIGHT } })}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('priceLists.grid.empty')} />
            ),
          }}
        />
      </div>
    </div>
  );
}
