import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../shared/list/filter-select.tsx';
import type { TListPatch, TListState } from '../../../shared/list/list-state.ts';
import { SearchBox } from '../../../shared/list/search-box.tsx';
import {
  chosenStatus,
  chosenType,
  type TCustomerFilters,
  type TCustomerSortField,
  type TCustomerStatus,
  type TCustomerType,
} from './customer-list-state.ts';

export type TCustomerFiltersProps = {
  state: TListState<TCustomerSortField, TCustomerFilters>;
  onChange: (patch: TListPatch<TCustomerSortField, TCustomerFilters>) => void;
  /** Individuals are listed for admins only: others see businesses and get no type filter. */
  showType: boolean;
};

/** Search, the customer type filter (Business or Individual) and the status filter (Active or Suspended). */
export function CustomerFilters({ state, onChange, showType }: TCustomerFiltersProps) {
  const { t } = useTranslation();
  return (
    <>
      <SearchBox
        value={state.search}
        onSearch={(search) => onChange({ search })}
        label={t('customers.search')}
        placeholder={t('customers.searchPlaceholder')}
        testId="customer-search"
      />
      {showType ? (
        <FilterSelect<TCustomerType | ''>
          label={t('customers.filterType')}
          value={chosenType(state.filters.customerType)}
          onChange={(customerType) => onChange({ filters: { customerType } })}
          options={[
            { value: '', label: t('customers.typeAll') },
            { value: 'Business', label: t('customers.type.business') },
            { value: 'Individual', label: t('customers.type.individual') },
          ]}
          minWidth={140}
        />
      ) : null}
      <FilterSelect<TCustomerStatus | ''>
        label={t('customers.filterStatus')}
        value={chosenStatus(state.filters.status)}
        onChange={(status) => onChange({ filters: { status } })}
        options={[
          { value: '', label: t('customers.statusAll') },
          { value: 'Active', label: t('customers.status.active') },
          { value: 'Suspended', label: t('customers.status.suspended') },
        ]}
        minWidth={140}
      />
    </>
  );
}
