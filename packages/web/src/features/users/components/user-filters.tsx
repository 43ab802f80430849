import { Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCompanyOption } from '../api/find-company-options.ts';
import type { TRoleOption } from '../api/find-role-options.ts';
import type { TUserListState } from './user-list-state.ts';

export type TUserFiltersProps = {
  state: TUserListState;
  roles: TRoleOption[];
  companies: TCompanyOption[];
  showCompanies: boolean;
  onChange: (patch: Partial<TUserListState>) => void;
};

const SEARCH_DELAY_MS = 400;

/** Search box and the active / role / company filters of the users screen. */
export function UserFilters({ state, roles, companies, showCompanies, onChange }: TUserFiltersProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(state.search);

  useEffect(() => setSearch(state.search), [state.search]);

  useEffect(() => {
    if (search === state.search) return;
    const handle = setTimeout(() => onChange({ search, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(handle);
  }, [search, state.search, onChange]);

  const activeValue = state.active === null ? 'all' : state.active ? 'active' : 'inactive';

  return (
    <>
      <Input.Search
        allowClear
        value={search}
        placeholder={t('users.searchPlaceholder')}
        aria-label={t('users.search')}
        onChange={(event) => setSearch(event.target.value)}
        onSearch={(value) => onChange({ search: value, page: 1 })}
        style={{ width: 260, maxWidth: '100%' }}
        data-testid="user-search"
      />
      <Select
        value={activeValue}
        aria-label={t('users.filterStatus')}
        style={{ width: 150 }}
        onChange={(value: string) =>
          onChange({ active: value === 'all' ? null : value === 'active', page: 1 })
        }
        options={[
          { value: 'all', label: t('users.statusAll') },
          { value: 'active', label: t('users.statusActive') },
          { value: 'inactive', label: t('users.statusInactive') },
        ]}
      />
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        value={state.roleIds}
        aria-label={t('users.filterRoles')}
        placeholder={t('users.filterRoles')}
        style={{ minWidth: 170, maxWidth: 260 }}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(roleIds: number[]) => onChange({ roleIds, page: 1 })}
        options={roles.map((r) => ({ value: r.roleId, label: r.roleName }))}
      />
      {showCompanies ? (
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          value={state.companyIds}
          aria-label={t('users.filterCompanies')}
          placeholder={t('users.filterCompanies')}
          style={{ minWidth: 170, maxWidth: 260 }}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(companyIds: number[]) => onChange({ companyIds, page: 1 })}
          options={companies.map((c) => ({ value: c.companyId, label: c.companyName }))}
        />
      ) : null}
    </>
  );
}
