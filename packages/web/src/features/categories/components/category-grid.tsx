import type { TCategory } from '@portal/contract';
import { Card, Flex, Pagination, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TListStatus } from '../../../shared/list/data-table.tsx';
import { ListStates, type TListEmpty } from '../../../shared/list/list-states.tsx';
import { RowActions, type TRowAction } from '../../../shared/list/row-actions.tsx';
import { StatusTag } from '../../../shared/list/status-tag.tsx';
import { CategoryThumbnail } from './category-thumbnail.tsx';
import type { TCategoryListPatch, TCategoryListState } from './category-list-state.ts';

export type TCategoryGridProps = {
  state: TCategoryListState;
  pageSizes: readonly number[];
  update: (patch: TCategoryListPatch) => void;
  filtered: boolean;
  clearFilters: () => void;
  rows: readonly TCategory[];
  total: number;
  status: TListStatus;
  actions?: (row: TCategory) => TRowAction[];
  empty: TListEmpty;
};

function CategoryCard({ category, actions }: { category: TCategory; actions?: TRowAction[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Card
      size="small"
      cover={<CategoryThumbnail hash={category.categoryPictureHash} size="fill" />}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 6, flex: 1 } }}
      style={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Typography.Title
        level={2}
        ellipsis={{ tooltip: category.categoryName }}
        style={{ fontSize: token.fontSizeLG, margin: 0 }}
      >
        {category.categoryName}
      </Typography.Title>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 'auto' }}>
        <Typography.Text type="secondary">
          {t('categories.familyCount', { count: category.familyCount })}
        </Typography.Text>
        {category.active ? null : <StatusTag tone="warning">{t('categories.statusInactive')}</StatusTag>}
      </Flex>
      {actions && actions.length > 0 ? (
        <Flex
          justify="flex-end"
          style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: 4 }}
        >
          <RowActions actions={actions} rowLabel={category.categoryName} />
        </Flex>
      ) : null}
    </Card>
  );
}

/**
 * Categories as picture cards, with the same URL paging and the same loading, empty and error
 * states as the table. Cards fill the width in as many columns as fit (one on a phone).
 */
export function CategoryGrid(props: TCategoryGridProps) {
  const { t } = useTranslation();
  const { state, rows, status, empty } = props;

  return (
    <ListStates
      status={status}
      count={rows.length}
      filtered={props.filtered}
      empty={empty}
      onClear={props.clearFilters}
    >
      <Spin spinning={status.refreshing}>
        <ul
          aria-label={t('menu.categories')}
          data-testid="category-grid"
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            // Never wider than the window: on a phone one card fills the row.
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
            gap: 16,
          }}
        >
          {rows.map((category) => (
            <li key={category.categoryId} data-testid="category-card">
              <CategoryCard category={category} actions={props.actions?.(category)} />
            </li>
          ))}
        </ul>
      </Spin>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Pagination
          current={state.page}
          pageSize={state.pageSize}
          total={props.total}
          showSizeChanger
          pageSizeOptions={props.pageSizes.map(String)}
          showTotal={(total, [from, to]) => t('list.range', { from, to, total })}
          responsive
          onChange={(page, pageSize) => props.update(pageSize !== state.pageSize ? { pageSize } : { page })}
        />
      </Flex>
    </ListStates>
  );
}
