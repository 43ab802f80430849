import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../shared/list/filter-select.tsx';
import { SearchBox } from '../../../shared/list/search-box.tsx';
import { roleOptions } from '../../../shared/ui/role-name.tsx';
import type { TCompanyScopeOption } from '../../../shared/api/company-options.ts';
import type { TRoleOption } from '../api/find-role-options.ts';
import type { TUserListPatch, TUserListState } from './user-list-state.ts';

export type TUserFiltersProps = {
  state: TUserListState;
  roles: TRoleOption[];
  companies: TCompanyScopeOption[];
  showCompanies: boolean;
  onChange: (patch: TUserListPatch) => void;
};

type TStatus = 'all' | 'active' | 'inactive';

/** Search box and the status / role / company filters of the users screen. */
export function UserFilters({ state, roles, companies, showCompanies, onChange }: TUserFiltersProps) {
  const { t } = useTranslation();
  const { active, roleIds, companyIds } = state.filters;
  return (
    <>
      <SearchBox
        value={state.search}
        onSearch={(search) => onChange({ search })}
        label={t('users.search')}
        placeholder={t('users.searchPlaceholder')}
        testId="user-search"
      />
      <FilterSelect<TStatus>
        label={t('users.filterStatus')}
        value={active === null ? 'all' : active ? 'active' : 'inactive'}
        onChange={(value) => onChange({ filters: { active: value === 'all' ? null : value === 'active' } })}
        options={[
          { value: 'all', label: t('users.statusAll') },
          { value: 'active', label: t('users.statusActive') },
          { value: 'inactive', label: t('users.statusInactive') },
        ]}
        minWidth={140}
      />
      <FilterSelect<number>
        multiple
        label={t('users.filterRoles')}
        value={roleIds}
        onChange={(next) => onChange({ filters: { roleIds: next } })}
        options={roleOptions(t, roles)}
      />
      {showCompanies ? (
        <FilterSelect<number>
          multiple
          label={t('users.filterCompanies')}
          value={companyIds}
          onChange={(next) => onChange({ filters: { companyIds: next } })}
          options={companies.map((c) => ({ value: c.companyId, label: c.companyName }))}
        />
      ) : null}
    </>
  );
}
