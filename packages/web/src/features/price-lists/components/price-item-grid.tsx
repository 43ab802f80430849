import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  isInterfaceLanguage,
  PRICE_ITEM_NUMBER_RANGE,
  priceSheetTitle,
  type TPriceSheetColumn,
} from '@portal/contract';
import {
  Button,
  Empty,
  Flex,
  type GetRef,
  Input,
  Pagination,
  Table,
  type TableColumnType,
  theme,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListOption } from '../api/list-options.ts';
import {
  type TCellError,
  type TIdField,
  type TItemDraft,
  type TNumberField,
  type TRowErrors,
  type TTextField,
  numberError,
  parseNumber,
  REF_FIELDS,
  TEXT_MAX,
} from './price-draft.ts';
import { formatPrice } from './money.ts';
import { cellThemeStyle, ChoiceCell, TextCell, type TChoiceOption } from './price-item-cells.tsx';

/** The sheet column of each grid column: the grid names its columns as the Excel file does. */
const SHEET_COLUMN: Record<TTextField | TNumberField | TIdField, TPriceSheetColumn> = {
  orderNumber: 'orderNumber',
  priceItemDescription: 'description',
  priceItemValue: 'value',
  refValue1: 'refValue1',
  refValue2: 'refValue2',
  refValue3: 'refValue3',
  refValue4: 'refValue4',
  refValue5: 'refValue5',
  refValue6: 'refValue6',
  refValue7: 'refValue7',
  refValue8: 'refValue8',
  refValue9: 'refValue9',
  kFactor: 'kFactor',
  priceItemReference: 'reference',
  priceItemPerUnitId: 'perUnit',
  priceItemMeasurementUnitId: 'unit',
  currencyId: 'currency',
};

export type TGridOptions = { options: TListOption[]; loading: boolean };

export type TItemSortField = TTextField | TNumberField;
export type TItemSort = { field: TItemSortField; dir: 'ascend' | 'descend' } | null;

/** The server's paging of a saved list's items. */
export type TGridPaging = {
  page: number;
  pageSize: number;
  /** Saved items the search matches (the pages run over these). */
  total: number;
  onChange: (page: number, pageSize: number) => void;
};

export type TPriceItemGridProps = {
  /** The rows shown: those added here first, then the page read from the server, with the edits. */
  rows: TItemDraft[];
  onEdit: (row: TItemDraft, patch: Partial<TItemDraft>) => void;
  /** Adds an empty row and answers its key (the grid focuses it). */
  onAdd: () => string;
  onRemove: (keys: string[]) => void;
  /** The save's findings by row key (shown once a save was tried). */
  errors: Map<string, TRowErrors>;
  readOnly: boolean;
  units: TGridOptions;
  currencies: TGridOptions;
  /** The server's order of the saved items (rows added here stay first). */
  sort: TItemSort;
  onSort: (sort: TItemSort) => void;
  /** The server's search over order number, description and reference; absent for a new list. */
  search?: { value: string; onChange: (value: string) => void };
  paging?: TGridPaging;
  loading?: boolean;
  /** Height of the scrolling body; the grid renders only the rows in view. */
  height?: number;
};

function choiceOptions(options: TListOption[]): TChoiceOption[] {
  return options.map((o) => ({ value: o.id, label: o.code, title: o.description }));
}

/** Page sizes offered under the grid (the server answers at most 1,000 items a page). */
const PAGE_SIZES = [50, 100, 200, 500];
/** How long typing pauses before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

const ROW_HEIGHT = 48;
/** Rows a Page Up or Page Down moves in the grid's region. */
const PAGE_ROWS = 8;

/**
 * A page of a price list's items as a virtualised grid with inline editing: order number,
 * description, value, the nine reference values (a collapsible group), k-factor, reference,
 * units and currency. The server sorts, searches and pages the saved items, so a list of any
 * length shows one page at a time; edits live in the editor's draft and survive paging.
 */
export function PriceItemGrid({
  rows,
  onEdit,
  onAdd,
  onRemove,
  errors,
  readOnly,
  units,
  currencies,
  sort,
  onSort,
  search,
  paging,
  loading = false,
  height = 480,
}: TPriceItemGridProps) {
  const { t, i18n } = useTranslation();
  const shownLanguage = i18n.resolvedLanguage ?? i18n.language;
  const language = isInterfaceLanguage(shownLanguage) ? shownLanguage : 'en';
  const title = (field: TTextField | TNumberField | TIdField) =>
    priceSheetTitle(SHEET_COLUMN[field], language);
  const currencyCode = (row: TItemDraft) =>
    row.currencyId === null ? null : (currencies.options.find((o) => o.id === row.currencyId)?.code ?? null);
  /** The price of a row as money: in the row's currency, else with two decimals. */
  const money = (row: TItemDraft) => (value: number) => formatPrice(value, language, currencyCode(row));
  const [selected, setSelected] = useState<Key[]>([]);
  const [searchText, setSearchText] = useState(search?.value ?? '');
  const [showRefs, setShowRefs] = useState(false);
  const focusKey = useRef<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const table = useRef<GetRef<typeof Table>>(null);
  const topRow = useRef(0);

  useEffect(() => {
    const key = focusKey.current;
    if (key === null || !root.current) return;
    focusKey.current = null;
    const cell = root.current.querySelector<HTMLElement>(`[data-row="${key}"][data-control=orderNumber]`);
    // After this commit, not inside it: the focus mounts the cell's editor at once (flushSync).
    queueMicrotask(() => cell?.focus());
  });

  const searchValue = search?.value;
  const onSearch = search?.onChange;
  useEffect(() => {
    if (onSearch === undefined || searchText.trim() === (searchValue ?? '').trim()) return;
    const timer = setTimeout(() => onSearch(searchText.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, searchValue, onSearch]);

  // One callback for every cell, the same on each render, so a cell renders again only when its
  // own value, text or error changed (the rows change on every keystroke).
  const latest = useRef({ rows, onEdit });
  latest.current = { rows, onEdit };
  const changeCell = useCallback((key: string, field: string, value: string | number | null) => {
    const row = latest.current.rows.find((r) => r.key === key);
    if (row) latest.current.onEdit(row, { [field]: value });
  }, []);
  const unitOptions = useMemo(() => choiceOptions(units.options), [units.options]);
  const currencyOptions = useMemo(() => choiceOptions(currencies.options), [currencies.options]);
  const { token } = theme.useToken();
  const cellTheme = useMemo(() => cellThemeStyle(token), [token]);

  const add = () => {
    // A new row goes first, where it can be seen and typed in at once.
    focusKey.current = onAdd();
    topRow.current = 0;
    table.current?.scrollTo({ index: 0 });
  };

  const removeSelected = () => {
    onRemove(selected.map(String));
    setSelected([]);
  };

  const rowNumber = (row: TItemDraft) => row.orderNumber.trim() || t('priceLists.grid.newRow');
  const cellLabel = (column: string, row: TItemDraft) =>
    t('priceLists.grid.cellLabel', { column, row: rowNumber(row) });
  const errorText = (error: TCellError | undefined, range?: { min: number; max: number }) =>
    error ? t(`priceLists.cellErrors.${error}`, range) : undefined;

  const textColumn = (field: TTextField, title: string, width: number): TableColumnType<TItemDraft> => ({
    key: field,
    dataIndex: field,
    title,
    width,
    sorter: true,
    sortOrder: sort?.field === field ? sort.dir : null,
    render: (_value: unknown, row: TItemDraft) => {
      if (readOnly)
        return (
          <span className="portal-cell-text" title={row[field]}>
            {row[field]}
          </span>
        );
      return (
        <TextCell
          rowKey={row.key}
          field={field}
          label={cellLabel(title, row)}
          error={errorText(errors.get(row.key)?.[field])}
          testId={`price-item-${field}`}
          value={row[field]}
          maxLength={TEXT_MAX[field]}
          onChange={changeCell}
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
      // Not being typed in, a price shows as money in the row's currency (else with two decimals).
      const value = parseNumber(row[field]);
      const shown =
        field === 'priceItemValue' && value !== null && !Number.isNaN(value) ? money(row)(value) : row[field];
      if (readOnly) return shown;
      // A number that is not one shows as it is typed; the rest once a save was tried.
      const error = numberError(field, row[field]) ?? errors.get(row.key)?.[field];
      return (
        <TextCell
          rowKey={row.key}
          field={field}
          label={cellLabel(title, row)}
          error={errorText(error, PRICE_ITEM_NUMBER_RANGE[field])}
          testId={`price-item-${field}`}
          value={row[field]}
          shown={shown}
          numeric
          onChange={changeCell}
        />
      );
    },
  });

  const idColumn = (
    field: TIdField,
    title: string,
    source: TGridOptions,
    options: TChoiceOption[],
    width: number,
  ): TableColumnType<TItemDraft> => ({
    key: field,
    dataIndex: field,
    title,
    width,
    render: (_value: unknown, row: TItemDraft) => {
      const id = row[field];
      const shown = id === null ? '' : (source.options.find((o) => o.id === id)?.code ?? `#${id}`);
      if (readOnly) return shown;
      return (
        <ChoiceCell
          rowKey={row.key}
          field={field}
          label={cellLabel(title, row)}
          error={undefined}
          testId={`price-item-${field}`}
          value={id}
          shown={shown}
          options={options}
          loading={source.loading}
          onChange={changeCell}
        />
      );
    },
  });

  const columns: TableColumnType<TItemDraft>[] = [
    textColumn('orderNumber', title('orderNumber'), 140),
    textColumn('priceItemDescription', title('priceItemDescription'), 240),
    numberColumn('priceItemValue', title('priceItemValue'), 130),
    ...(showRefs ? REF_FIELDS.map((field) => numberColumn(field, title(field), 110)) : []),
    numberColumn('kFactor', title('kFactor'), 100),
    textColumn('priceItemReference', title('priceItemReference'), 160),
    idColumn('priceItemPerUnitId', title('priceItemPerUnitId'), units, unitOptions, 110),
    idColumn('priceItemMeasurementUnitId', title('priceItemMeasurementUnitId'), units, unitOptions, 110),
    idColumn('currencyId', title('currencyId'), currencies, currencyOptions, 110),
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

  const sortBy = (sorter: SorterResult<TItemDraft> | SorterResult<TItemDraft>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.columnKey as TItemSortField | undefined;
    onSort(field && one?.order ? { field, dir: one.order } : null);
  };

  return (
    <div ref={root} style={cellTheme}>
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
        {search ? (
          <Input.Search
            allowClear
            value={searchText}
            placeholder={t('priceLists.grid.searchPlaceholder')}
            aria-label={t('priceLists.grid.search')}
            onChange={(event) => setSearchText(event.target.value)}
            onSearch={(value) => onSearch?.(value.trim())}
            style={{ flex: '1 1 200px', maxWidth: 320, marginInlineStart: 'auto' }}
            data-testid="price-item-search"
          />
        ) : null}
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
          loading={loading}
          scroll={{ x: width, y: height }}
          showSorterTooltip={false}
          onChange={(_pagination, _filters, sorter) => sortBy(sorter)}
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
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={search?.value ? t('priceLists.grid.emptySearch') : t('priceLists.grid.empty')}
              />
            ),
          }}
        />
      </div>
      {paging && paging.total > 0 ? (
        <Flex justify="end" style={{ marginTop: 8 }}>
          <Pagination
            size="small"
            responsive
            current={paging.page}
            pageSize={paging.pageSize}
            total={paging.total}
            showSizeChanger
            pageSizeOptions={PAGE_SIZES}
            onChange={paging.onChange}
            data-testid="price-item-pages"
          />
        </Flex>
      ) : null}
    </div>
  );
}
