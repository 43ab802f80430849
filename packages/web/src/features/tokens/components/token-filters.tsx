import { API_TOKEN_SCOPES } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../shared/list/filter-select.tsx';
import type { TListPatch, TListState } from '../../../shared/list/list-state.ts';
import { SearchBox } from '../../../shared/list/search-box.tsx';
import { CompanyPicker } from '../../../shared/ui/company-picker.tsx';
import type { TTokenFilters, TTokenSortField } from './token-list-state.ts';

export type TTokenFiltersProps = {
  state: TListState<TTokenSortField, TTokenFilters>;
  onChange: (patch: TListPatch<TTokenSortField, TTokenFilters>) => void;
  /** Admins see every company's tokens and may narrow them to one. */
  byCompany: boolean;
};

/** Search on name and creator, the scope filter and (admins) the company filter of the tokens screen. */
export function TokenFilters({ state, onChange, byCompany }: TTokenFiltersProps) {
  const { t } = useTranslation();
  const { scope, company } = state.filters;
  return (
    <>
      <SearchBox
        value={state.search}
        onSearch={(search) => onChange({ search })}
        label={t('tokens.search')}
        placeholder={t('tokens.searchPlaceholder')}
        testId="token-search"
      />
      <FilterSelect<string>
        label={t('tokens.filterScope')}
        value={scope || 'all'}
        onChange={(value) => onChange({ filters: { scope: value === 'all' ? '' : value } })}
        options={[
          { value: 'all', label: t('tokens.scopeAll') },
          ...API_TOKEN_SCOPES.map((value) => ({ value, label: t(`tokens.scope.${value}`) })),
        ]}
        minWidth={150}
      />
      {byCompany ? (
        <div style={{ minWidth: 200 }}>
          <CompanyPicker
            value={company[0] ?? null}
            onChange={(value) => onChange({ filters: { company: value === null ? [] : [value] } })}
            placeholder={t('tokens.filterCompany')}
            testId="token-company-filter"
          />
        </div>
      ) : null}
    </>
  );
}
