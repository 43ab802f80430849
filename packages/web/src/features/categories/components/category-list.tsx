import { PlusOutlined } from '@ant-design/icons';
import type { TCategory } from '@portal/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DataTable, queryStatus } from '../../../shared/list/data-table.tsx';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useFindCategories } from '../api/find-categories.ts';
import { useCategoryColumns } from './category-columns.tsx';
import { CategoryFilters } from './category-filters.tsx';
import { CategoryForm } from './category-form.tsx';
import { CategoryGrid } from './category-grid.tsx';
import {
  categoryList,
  readView,
  type TCategoryFilters,
  type TCategorySortField,
  type TCategoryView,
  withViewParam,
} from './category-list-state.ts';
import { useCategoryActions } from './use-category-actions.tsx';

/** #/categories: picture cards or a table of categories, paged, sorted and filtered on the server. */
export function CategoryList() {
  const { t } = useTranslation();
  const list = useListState<TCategorySortField, TCategoryFilters, TCategory>(categoryList);
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const categories = useFindCategories(list.query);
  const status = queryStatus(categories);
  const columns = useCategoryColumns();
  const [form, setForm] = useState<{ open: boolean; category: TCategory | null }>({
    open: false,
    category: null,
  });
  const openForm = (category: TCategory | null) => setForm({ open: true, category });
  const shown = categories.data?.categoryInfos ?? [];
  const actions = useCategoryActions({
    onEdit: openForm,
    onDeleted: () => list.pageBackIfEmptied(1, shown.length),
  });
  const setView = (next: TCategoryView) =>
    setParams((current) => withViewParam(current, next), { replace: true });
  const empty = {
    text: t('categories.empty'),
    filteredText: t('categories.emptyFiltered'),
    create: actions.mayCreate ? { label: t('categories.create'), onClick: () => openForm(null) } : undefined,
  };

  return (
    <>
      <PageHeader
        title={t('menu.categories')}
        subtitle={categories.data ? t('categories.total', { count: categories.data.totalCount }) : undefined}
        extra={
          actions.mayCreate ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="category-create"
              onClick={() => openForm(null)}
            >
              {t('categories.create')}
            </Button>
          ) : null
        }
      />
      <ListToolbar list={list} status={status}>
        <CategoryFilters state={list.state} onChange={list.update} view={view} onView={setView} />
      </ListToolbar>
      {view === 'grid' ? (
        <CategoryGrid
          state={list.state}
          pageSizes={list.definition.pageSizes}
          update={list.update}
          filtered={list.filtered}
          clearFilters={list.clearFilters}
          rows={shown}
          total={categories.data?.totalCount ?? 0}
          status={status}
          actions={actions.rowActions}
          empty={empty}
        />
      ) : (
        <DataTable
          list={list}
          caption={t('menu.categories')}
          testId="category-table"
          rowKey={(c) => c.categoryId}
          rowLabel={(c) => c.categoryName}
          columns={columns}
          rows={shown}
          total={categories.data?.totalCount ?? 0}
          status={status}
          actions={actions.rowActions}
          empty={empty}
        />
      )}
      <CategoryForm
        open={form.open}
        category={form.category}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
