import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../shared/list/filter-select.tsx';
import type { TListPatch, TListState } from '../../../shared/list/list-state.ts';
import { SearchBox } from '../../../shared/list/search-box.tsx';
import type { TLicenceFilters, TLicenceSortField } from './licence-list-state.ts';

type TActive = 'all' | 'active' | 'inactive';

export type TLicenceFiltersProps = {
  state: TListState<TLicenceSortField, TLicenceFilters>;
  onChange: (patch: TListPatch<TLicenceSortField, TLicenceFilters>) => void;
};

/** Search, the active filter and "expiring in the next 30 days" of the licences screen. */
export function LicenceFilters({ state, onChange }: TLicenceFiltersProps) {
  const { t } = useTranslation();
  const { active, expiring } = state.filters;
  return (
    <>
      <SearchBox
        value={state.search}
        onSearch={(search) => onChange({ search })}
        label={t('licences.search')}
        placeholder={t('licences.searchPlaceholder')}
        testId="licence-search"
      />
      <FilterSelect<TActive>
        label={t('licences.filterActive')}
        value={active === null ? 'all' : active ? 'active' : 'inactive'}
        onChange={(value) => onChange({ filters: { active: value === 'all' ? null : value === 'active' } })}
        options={[
          { value: 'all', label: t('licences.activeAll') },
          { value: 'active', label: t('licences.activeOnly') },
          { value: 'inactive', label: t('licences.inactiveOnly') },
        ]}
        minWidth={140}
      />
      <Checkbox
        checked={expiring === true}
        onChange={(event) => onChange({ filters: { expiring: event.target.checked ? true : null } })}
        data-testid="licence-expiring"
      >
        {t('licences.filterExpiring')}
      </Checkbox>
    </>
  );
}
