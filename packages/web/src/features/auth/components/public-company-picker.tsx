import { Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TCompanyOption, usePublicCompanies } from '../api/public-companies.ts';

/** Pause after the last key before the picker asks the server. */
const SEARCH_DELAY_MS = 300;

type TPublicCompanyPickerProps = {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** The company picked, with its name, so the form sends it whatever the current search shows. */
  onPicked: (company: TCompanyOption | null) => void;
  picked: TCompanyOption | null;
  'aria-describedby'?: string;
};

/**
 * The sign-up form's company picker: searches the active companies by name on the server as the
 * person types, a page at a time, and says when more match than it shows.
 */
export function PublicCompanyPicker({
  id,
  value,
  onChange,
  onPicked,
  picked,
  ...aria
}: TPublicCompanyPickerProps) {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const companies = usePublicCompanies(search);

  useEffect(() => {
    const handle = setTimeout(() => setSearch(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(handle);
  }, [typed]);

  const found = companies.data?.companyInfos;
  const options = useMemo(() => {
    const listed = (found ?? []).map((c) => ({ value: c.companyId, label: c.companyName }));
    if (picked && !listed.some((o) => o.value === picked.companyId))
      listed.unshift({ value: picked.companyId, label: picked.companyName });
    return listed;
  }, [found, picked]);
  const more = (companies.data?.totalCount ?? 0) - (found?.length ?? 0);

  return (
    <Select<number>
      {...aria}
      id={id}
      allowClear
      value={value}
      onChange={(next) => {
        onChange?.(next);
        onPicked(found?.find((c) => c.companyId === next) ?? (picked?.companyId === next ? picked : null));
      }}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={companies.isFetching}
      options={options}
      placeholder={t('auth.companyPlaceholder')}
      notFoundContent={companies.isFetching ? undefined : t('auth.companyNoMatch')}
      popupRender={(menu) => (
        <>
          {menu}
          {more > 0 ? (
            <Typography.Text
              type="secondary"
              style={{ display: 'block', padding: '4px 12px', fontSize: 12 }}
              data-testid="company-picker-more"
            >
              {t('auth.companyMore', { number: new Intl.NumberFormat(i18n.language).format(more) })}
            </Typography.Text>
          ) : null}
        </>
      )}
      data-testid="register-company"
    />
  );
}
