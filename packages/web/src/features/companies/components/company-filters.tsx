import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../shared/list/filter-select.tsx';
import { SearchBox } from '../../../shared/list/search-box.tsx';
import type { TCompanyListPatch, TCompanyListState } from './company-list-state.ts';

type TTriState = 'all' | 'yes' | 'no';

const triState = (value: boolean | null): TTriState => (value === null ? 'all' : value ? 'yes' : 'no');
const fromTriState = (value: TTriState): boolean | null => (value === 'all' ? null : value === 'yes');

export type TCompanyFiltersProps = {
  state: TCompanyListState;
  onChange: (patch: TCompanyListPatch) => void;
};

/** Search box and the status and partner filters of the companies screen. */
export function CompanyFilters({ state, onChange }: TCompanyFiltersProps) {
  const { t } = useTranslation();
  const { active, isPartnerCompany } = state.filters;
  return (
    <>
      <SearchBox
        value={state.search}
        onSearch={(search) => onChange({ search })}
        label={t('companies.search')}
        placeholder={t('companies.searchPlaceholder')}
        testId="company-search"
      />
      <FilterSelect<TTriState>
        label={t('companies.filterStatus')}
        value={triState(active)}
        onChange={(value) => onChange({ filters: { active: fromTriState(value) } })}
        options={[
          { value: 'all', label: t('companies.statusAll') },
          { value: 'yes', label: t('companies.statusActive') },
          { value: 'no', label: t('companies.statusInactive') },
        ]}
        minWidth={140}
      />
      <FilterSelect<TTriState>
        label={t('companies.filterPartner')}
        value={triState(isPartnerCompany)}
        onChange={(value) => onChange({ filters: { isPartnerCompany: fromTriState(value) } })}
        options={[
          { value: 'all', label: t('companies.partnerAll') },
          { value: 'yes', label: t('companies.partnerOnly') },
          { value: 'no', label: t('companies.partnerNone') },
        ]}
        minWidth={150}
      />
    </>
  );
}
