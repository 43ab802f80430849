import { Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanySearch } from '../api/company-options.ts';

/** Pause after the last key before the picker asks the server. */
const COMPANY_SEARCH_DELAY_MS = 300;

export type TCompanyPickerProps = {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** An option before the companies (admins' "Everyone" or "Portal-wide"). */
  leading?: { value: number; label: string };
  /** The record's company, nameable even when the first page of names lacks it. */
  current?: { companyId: number | null; companyName?: string | null } | null;
  placeholder: string;
  testId: string;
  disabled?: boolean;
  /** Whether to ask the server at all (e.g. only while the form is open); default: unless disabled. */
  enabled?: boolean;
  invalid?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
};

/** Picks one company, searched by name on the server as the person types. */
export function CompanyPicker({
  id,
  value,
  onChange,
  leading,
  current,
  placeholder,
  testId,
  disabled = false,
  enabled = !disabled,
  invalid = false,
  ...aria
}: TCompanyPickerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const companies = useCompanySearch(search, enabled);

  useEffect(() => {
    const handle = setTimeout(() => setSearch(typed), COMPANY_SEARCH_DELAY_MS);
    return () => clearTimeout(handle);
  }, [typed]);

  const options = useMemo(() => {
    const found = (companies.data ?? []).map((c) => ({ value: c.companyId, label: c.companyName }));
    if (current?.companyId && !found.some((o) => o.value === current.companyId)) {
      found.unshift({ value: current.companyId, label: current.companyName ?? `#${current.companyId}` });
    }
    return leading ? [leading, ...found] : found;
  }, [companies.data, current, leading]);

  return (
    <Select<number>
      {...aria}
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={companies.isFetching}
      options={options}
      placeholder={placeholder}
      notFoundContent={
        companies.isError ? (
          <Typography.Text type="danger">{t('common.companiesFailed')}</Typography.Text>
        ) : undefined
      }
      data-testid={testId}
    />
  );
}
