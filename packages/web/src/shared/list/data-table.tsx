import type { Breakpoint, TableProps } from 'antd';
import { Checkbox, Flex, Pagination, Select, Spin, Table, theme } from 'antd';
import { type CSSProperties, Fragment, type Key, type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../ui/error-state.tsx';
import { headerMinWidth, textMeasure } from './header-width.ts';
import { ListEmpty, ListLoading, StaleRowsAlert, type TListEmpty } from './list-states.tsx';
import type { TSort } from './list-state.ts';
import { RowActions, type TRowAction } from './row-actions.tsx';
import { useScreens } from '../theme/use-min-width.ts';

export type TListColumn<T> = {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  /** The server (or pageLocally) sorts by this column; its key is the sort field. */
  sortable?: boolean;
  width?: number;
  /**
   * The narrowest a column without a width gets (it takes the room the others leave). Given on any
   * column, the table scrolls inside its frame on a window too narrow for every column's width,
   * rather than squeezing a name until it runs over its neighbour.
   */
  minWidth?: number;
  ellipsis?: boolean;
  /** Narrowest window that shows the column in the table; stacked rows always show it. */
  showFrom?: Breakpoint;
};

/**
 * Where a list's data stands: first load, a new page or filter loading over the shown rows,
 * any background fetch (busy), or failure, with a way to load again.
 */
export type TListStatus = {
  loading: boolean;
  refreshing: boolean;
  busy: boolean;
  error: unknown;
  retry: () => void;
};

/** The list status of a TanStack Query result. */
export function queryStatus(query: {
  isLoading: boolean;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}): TListStatus {
  return {
    loading: query.isLoading,
    refreshing: query.isFetching && query.isPlaceholderData === true,
    busy: query.isFetching && !query.isLoading,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
  };
}

/** The part of a list controller (useListState) the table reads and changes. */
export type TTableList<TField extends string, T> = {
  state: { page: number; pageSize: number; sort: TSort<TField> | null };
  definition: { pageSizes: readonly number[]; spec: { sortFields: readonly TField[] } };
  update: (patch: { page?: number; pageSize?: number; sort?: TSort<TField> | null }) => void;
  filtered: boolean;
  clearFilters: () => void;
  selected: T[];
  setSelected: (rows: T[]) => void;
};

export type TDataTableProps<T, TField extends string> = {
  list: TTableList<TField, T>;
  /** Accessible name of the table ("Users"). */
  caption: string;
  rowKey: (row: T) => Key;
  /** Names a row for its checkbox and its actions ("Delete alice"). */
  rowLabel: (row: T) => string;
  /** The first column heads each stacked row. */
  columns: TListColumn<T>[];
  rows: readonly T[];
  total: number;
  status: TListStatus;
  actions?: (row: T) => TRowAction[];
  /** Rows can be selected for the bulk bar; `disabled` rows cannot. */
  selection?: { disabled?: (row: T) => boolean };
  empty: TListEmpty;
  /** False shows every row on one page (short lists answered whole). */
  paged?: boolean;
  /** Windows narrower than this breakpoint get stacked rows instead of a table. */
  stackBelow?: Breakpoint;
  /** Forces one layout (tests, print); by default the window width decides. */
  stacked?: boolean;
  testId?: string;
};

const BREAKPOINTS: readonly Breakpoint[] = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl', 'xxxl'];

/** The narrowest a column without a width (and without a minWidth) is counted as. */
const FLEXIBLE_MIN_WIDTH = 160;
const SELECTION_WIDTH = 32;
const ACTIONS_WIDTH = 132;

/** Lies over a table whose next rows are loading, above its sticky parts. */
const REFRESH_COVER: CSSProperties = { position: 'absolute', inset: 0, zIndex: 4 };

/** Headers break between words only; CJK text keeps its words whole as well. */
const HEADER_TEXT: CSSProperties = { wordBreak: 'keep-all', overflowWrap: 'normal' };

/**
 * A list's rows with server (or local) paging and sorting from the URL state, row selection, row
 * actions, and distinct loading, empty and error states. Narrow windows get stacked rows (each
 * row a block of label: value lines with labelled action buttons), so nothing hides behind a
 * horizontal scroll on a phone.
 */
export function DataTable<T, TField extends string>(props: TDataTableProps<T, TField>) {
  const { t } = useTranslation();
  const screens = useScreens();
  const { token } = theme.useToken();
  const { list, rows, status, empty, paged = true, stackBelow = 'lg' } = props;
  const stacked = props.stacked ?? screens[stackBelow] === false;
  const { state } = list;
  const columns = useTableColumns(props);
  const pageSizeOptions = useMemo(() => list.definition.pageSizes.map(String), [list.definition.pageSizes]);

  if (status.error && rows.length === 0 && !status.loading) {
    return <ErrorState error={status.error} onRetry={status.retry} />;
  }

  const staleError = <StaleRowsAlert status={status} />;
  const emptyNode = status.loading ? (
    <ListLoading />
  ) : (
    <ListEmpty filtered={list.filtered} empty={empty} onClear={list.clearFilters} />
  );
  const range = (total: number, from: number, to: number) => t('list.range', { from, to, total });
  const pagination = {
    current: state.page,
    pageSize: state.pageSize,
    total: props.total,
    showSizeChanger: true,
    pageSizeOptions,
    showTotal: (total: number, [from, to]: [number, number]) => range(total, from, to),
  };

  if (stacked) {
    return (
      <>
        {staleError}
        <StackedRows {...props} emptyNode={emptyNode} />
        {paged && rows.length > 0 ? (
          <Flex justify="center" style={{ marginTop: 12 }}>
            <Pagination
              {...pagination}
              size="small"
              showTotal={undefined}
              onChange={(page, pageSize) =>
                list.update(pageSize !== state.pageSize ? { pageSize } : { page })
              }
            />
          </Flex>
        ) : null}
      </>
    );
  }

  const measure = textMeasure(
    `${token.fontWeightStrong} ${token.fontSize}px ${token.fontFamily}`,
    token.fontSize,
  );
  const shown = props.columns.filter((column) => !column.showFrom || screens[column.showFrom] === true);
  const scrollX =
    shown.reduce(
      (sum, column) => sum + (columnWidth(column, measure) ?? column.minWidth ?? FLEXIBLE_MIN_WIDTH),
      0,
    ) +
    (props.selection ? SELECTION_WIDTH : 0) +
    (props.actions ? ACTIONS_WIDTH : 0);

  const onChange: TableProps<T>['onChange'] = (next, _filters, sorter, { action }) => {
    if (action === 'sort') {
      const single = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = typeof single?.columnKey === 'string' ? single.columnKey : '';
      const field = list.definition.spec.sortFields.find((f) => f === key);
      const dir = single?.order === 'descend' ? 'desc' : 'asc';
      list.update({ sort: field && single?.order ? { field, dir } : null });
      return;
    }
    const pageSize = next.pageSize ?? state.pageSize;
    list.update(pageSize !== state.pageSize ? { pageSize } : { page: next.current ?? 1 });
  };

  return (
    <>
      {staleError}
      {/* A page, sort or filter loading over the shown rows dims them under a cover that takes the
          clicks meant for rows about to change; antd's spinner over the table cost a page change
          as much again as drawing its rows (issue 27). */}
      <div aria-busy={status.refreshing} style={{ position: 'relative' }}>
        {status.refreshing ? <div aria-hidden style={REFRESH_COVER} /> : null}
        <div style={{ opacity: status.refreshing ? 0.55 : 1, transition: 'opacity .2s' }}>
          <Table<T>
            rowKey={props.rowKey}
            size="middle"
            aria-label={props.caption}
            data-testid={props.testId}
            columns={columns}
            // The rows as given, not a copy: a new array on every render made antd sort, page
            // and measure the table's scroll width (a forced layout) again each time (issue 27).
            dataSource={rows}
            loading={status.loading && rows.length > 0}
            onChange={onChange}
            locale={{ emptyText: emptyNode }}
            rowSelection={
              props.selection
                ? {
                    selectedRowKeys: list.selected.map(props.rowKey),
                    onChange: (_keys, selectedRows) => list.setSelected(selectedRows),
                    getCheckboxProps: (row) => ({
                      disabled: props.selection?.disabled?.(row) ?? false,
                      'aria-label': props.rowLabel(row),
                    }),
                  }
                : undefined
            }
            pagination={paged ? pagination : false}
            scroll={
              props.columns.some((column) => column.minWidth !== undefined) ? { x: scrollX } : undefined
            }
          />
        </div>
      </div>
    </>
  );
}

/** A fixed width never splits a header's word: the column grows to its longest word. */
function columnWidth(
  column: Pick<TListColumn<unknown>, 'width' | 'title' | 'sortable'>,
  measure: (text: string) => number,
): number | undefined {
  return column.width === undefined
    ? undefined
    : Math.max(column.width, headerMinWidth(column.title, measure, column.sortable === true));
}

/**
 * antd's columns of a list, made again only when a column's title, width, sorting or breakpoint,
 * the sort, the actions or the header font change: screens build their columns anew on every
 * render, and antd then redid its column work (sorters, widths, header cells) on each (issue 27).
 * Cells still call the column's latest render: antd renders every cell again whenever the table
 * renders, so nothing shows stale.
 */
function useTableColumns<T, TField extends string>(
  props: TDataTableProps<T, TField>,
): TableProps<T>['columns'] {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const latest = useRef(props);
  latest.current = props;
  // What antd is told of each column, as text: equal text, equal columns.
  const shape = JSON.stringify(
    props.columns.map(({ key, title, width, minWidth, ellipsis, sortable, showFrom }) => ({
      key,
      title,
      width,
      minWidth,
      ellipsis,
      sortable,
      showFrom,
    })),
  );
  const sort = props.list.state.sort;
  const sortKey = sort ? `${sort.field}:${sort.dir}` : '';
  const withActions = props.actions !== undefined;
  const font = `${token.fontWeightStrong} ${token.fontSize}px ${token.fontFamily}`;
  const fontSize = token.fontSize;
  const actionsTitle = t('common.actions');
  return useMemo(() => {
    const measure = textMeasure(font, fontSize);
    const [sortField, sortDir] = sortKey.split(':');
    const sortOrder = (key: string) =>
      sortField === key ? (sortDir === 'asc' ? 'ascend' : 'descend') : null;
    const renderOf = (key: string, row: T) => latest.current.columns.find((c) => c.key === key)?.render(row);
    const described = JSON.parse(shape) as Omit<TListColumn<T>, 'render'>[];
    const columns: NonNullable<TableProps<T>['columns']> = described.map((column) => ({
      key: column.key,
      title: <span style={HEADER_TEXT}>{column.title}</span>,
      width: columnWidth(column, measure),
      ellipsis: column.ellipsis,
      responsive: column.showFrom ? BREAKPOINTS.slice(BREAKPOINTS.indexOf(column.showFrom)) : undefined,
      ...(column.sortable ? { sorter: true, sortOrder: sortOrder(column.key) } : {}),
      render: (_value: unknown, row: T) => renderOf(column.key, row),
    }));
    if (withActions) {
      columns.push({
        key: 'actions',
        title: <span className="sr-only">{actionsTitle}</span>,
        width: ACTIONS_WIDTH,
        render: (_value: unknown, row: T) => {
          const { actions, rowLabel } = latest.current;
          return actions ? <RowActions actions={actions(row)} rowLabel={rowLabel(row)} /> : null;
        },
      });
    }
    return columns;
  }, [shape, sortKey, withActions, font, fontSize, actionsTitle]);
}

/** One block per row: the first column as its heading, the others as label: value lines, then the actions. */
function StackedRows<T, TField extends string>({
  list,
  caption,
  rowKey,
  rowLabel,
  columns,
  rows,
  status,
  actions,
  selection,
  testId,
  emptyNode,
}: TDataTableProps<T, TField> & { emptyNode: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [primary, ...details] = columns;
  const sortable = columns.filter((c) => c.sortable);
  const selectedKeys = new Set(list.selected.map(rowKey));
  const selectable = rows.filter((row) => !(selection?.disabled?.(row) ?? false));
  const toggle = (row: T, on: boolean) =>
    list.setSelected(on ? [...list.selected, row] : list.selected.filter((r) => rowKey(r) !== rowKey(row)));

  return (
    <div data-testid={testId} data-layout="stacked">
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 8 }}>
        {selection && selectable.length > 0 ? (
          <Checkbox
            checked={selectable.every((row) => selectedKeys.has(rowKey(row)))}
            indeterminate={list.selected.length > 0 && list.selected.length < selectable.length}
            onChange={(event) => list.setSelected(event.target.checked ? selectable : [])}
          >
            {t('list.selectPage')}
          </Checkbox>
        ) : (
          <span />
        )}
        {sortable.length > 0 ? (
          <Select<string>
            aria-label={t('list.sortBy')}
            value={list.state.sort ? `${list.state.sort.field}:${list.state.sort.dir}` : ''}
            popupMatchSelectWidth={false}
            style={{ minWidth: 180 }}
            onChange={(value) => {
              const [field, dir] = value.split(':');
              const known = list.definition.spec.sortFields.find((f) => f === field);
              list.update({ sort: known ? { field: known, dir: dir === 'desc' ? 'desc' : 'asc' } : null });
            }}
            options={[
              { value: '', label: t('list.sortDefault') },
              ...sortable.flatMap((c) => [
                { value: `${c.key}:asc`, label: `${c.title} ↑` },
                { value: `${c.key}:desc`, label: `${c.title} ↓` },
              ]),
            ]}
          />
        ) : null}
      </Flex>
      <Spin spinning={status.refreshing}>
        {rows.length === 0 || !primary ? (
          emptyNode
        ) : (
          <ul aria-label={caption} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((row) => {
              const key = rowKey(row);
              const label = rowLabel(row);
              return (
                <li
                  key={key}
                  data-testid="list-row"
                  style={{
                    border: `1px solid ${token.colorBorderSecondary}`,
                    borderRadius: token.borderRadiusLG,
                    padding: 12,
                    marginBottom: 8,
                    background: selectedKeys.has(key) ? token.controlItemBgActive : token.colorBgContainer,
                  }}
                >
                  <Flex gap={8} align="flex-start">
                    {selection ? (
                      <Checkbox
                        aria-label={label}
                        checked={selectedKeys.has(key)}
                        disabled={selection.disabled?.(row) ?? false}
                        onChange={(event) => toggle(row, event.target.checked)}
                      />
                    ) : null}
                    <div style={{ flex: 1, minWidth: 0, fontWeight: 600 }}>{primary.render(row)}</div>
                  </Flex>
                  <dl
                    style={{
                      display: 'grid',
                      gridTemplateColumns: 'minmax(6em, max-content) minmax(0, 1fr)',
                      gap: '4px 12px',
                      margin: '8px 0 0',
                    }}
                  >
                    {details.map((column) => (
                      <Fragment key={column.key}>
                        <dt style={{ color: token.colorTextSecondary }}>{column.title}</dt>
                        <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                          {column.render(row)}
                        </dd>
                      </Fragment>
                    ))}
                  </dl>
                  {actions ? (
                    <div style={{ marginTop: 8 }}>
                      <RowActions actions={actions(row)} rowLabel={label} withText />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
    </div>
  );
}
