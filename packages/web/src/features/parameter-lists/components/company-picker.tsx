import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyOptions } from '../api/find-company-options.ts';
import { PORTAL_WIDE } from './parameter-draft.ts';

export type TCompanyPickerProps = {
  id: string;
  value: number | null;
  onChange: (value: number | null) => void;
  /** Admins may file a list under no company (portal-wide). */
  isAdmin: boolean;
  /** The saved list's company, nameable even when the first page of names lacks it. */
  current: { companyId: number | null; companyName?: string | null } | null;
  disabled: boolean;
  invalid: boolean;
  describedBy?: string;
};

/** Picks the company a parameter list belongs to, searched on the server; admins also get "Portal-wide". */
export function CompanyPicker({
  id,
  value,
  onChange,
  isAdmin,
  current,
  disabled,
  invalid,
  describedBy,
}: TCompanyPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const companies = useCompanyOptions(search, !disabled);
  const options = useMemo(() => {
    const found = (companies.data ?? []).map((c) => ({ value: c.companyId, label: c.companyName }));
    if (current?.companyId && !found.some((o) => o.value === current.companyId)) {
      found.unshift({ value: current.companyId, label: current.companyName ?? `#${current.companyId}` });
    }
    return [...(isAdmin ? [{ value: PORTAL_WIDE, label: t('parameterLists.portalWide') }] : []), ...found];
  }, [companies.data, current, isAdmin, t]);
  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? null)}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      aria-describedby={describedBy}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={companies.isFetching}
      options={options}
      placeholder={t('parameterLists.companyPlaceholder')}
      data-testid="parameter-list-company"
    />
  );
}
