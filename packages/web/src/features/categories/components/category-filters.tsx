import { AppstoreOutlined, TableOutlined } from '@ant-design/icons';
import { CATEGORY_SORT_FIELDS } from '@portal/contract';
import { Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../shared/list/filter-select.tsx';
import { SearchBox } from '../../../shared/list/search-box.tsx';
import type {
  TCategoryListPatch,
  TCategoryListState,
  TCategorySortField,
  TCategoryView,
} from './category-list-state.ts';

type TStatus = 'all' | 'active' | 'inactive';

export type TCategoryFiltersProps = {
  state: TCategoryListState;
  onChange: (patch: TCategoryListPatch) => void;
  view: TCategoryView;
  onView: (view: TCategoryView) => void;
};

/** Search, status filter, the grid's sort and the grid / table switch of the categories screen. */
export function CategoryFilters({ state, onChange, view, onView }: TCategoryFiltersProps) {
  const { t } = useTranslation();
  const { active } = state.filters;
  const sortTitle: Record<TCategorySortField, string> = {
    categoryName: t('categories.name'),
    familyCount: t('categories.families'),
    active: t('categories.status'),
  };
  return (
    <>
      <SearchBox
        value={state.search}
        onSearch={(search) => onChange({ search })}
        label={t('categories.search')}
        placeholder={t('categories.searchPlaceholder')}
        testId="category-search"
      />
      <FilterSelect<TStatus>
        label={t('categories.filterStatus')}
        value={active === null ? 'all' : active ? 'active' : 'inactive'}
        onChange={(value) => onChange({ filters: { active: value === 'all' ? null : value === 'active' } })}
        options={[
          { value: 'all', label: t('categories.statusAll') },
          { value: 'active', label: t('categories.statusActive') },
          { value: 'inactive', label: t('categories.statusInactive') },
        ]}
        minWidth={140}
      />
      {view === 'grid' ? (
        // The table sorts by its column headers; the cards need their own control.
        <Select<string>
          aria-label={t('list.sortBy')}
          value={state.sort ? `${state.sort.field}:${state.sort.dir}` : ''}
          popupMatchSelectWidth={false}
          style={{ minWidth: 180 }}
          data-testid="category-sort"
          onChange={(value) => {
            const [field, dir] = value.split(':');
            const known = CATEGORY_SORT_FIELDS.find((f) => f === field);
            onChange({ sort: known ? { field: known, dir: dir === 'desc' ? 'desc' : 'asc' } : null });
          }}
          options={[
            { value: '', label: t('list.sortDefault') },
            ...CATEGORY_SORT_FIELDS.flatMap((field) => [
              { value: `${field}:asc`, label: `${sortTitle[field]} ↑` },
              { value: `${field}:desc`, label: `${sortTitle[field]} ↓` },
            ]),
          ]}
        />
      ) : null}
      <Segmented<TCategoryView>
        aria-label={t('categories.view')}
        value={view}
        onChange={onView}
        data-testid="category-view"
        options={[
          { value: 'grid', label: t('categories.viewGrid'), icon: <AppstoreOutlined aria-hidden /> },
          { value: 'table', label: t('categories.viewTable'), icon: <TableOutlined aria-hidden /> },
        ]}
      />
    </>
  );
}
