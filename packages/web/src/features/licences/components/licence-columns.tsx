import type { TLicenseListItem } from '@portal/contract';
import { Flex, theme, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { licenceStatus } from '../../../shared/ui/licence-status.ts';
import { LicenceStatusTag } from '../../../shared/ui/licence-status-tag.tsx';
import { DaysLeft, LicenceCheckResult, LicenceSeats } from '../../../shared/ui/licence-summary.tsx';

/** Company names shown before the rest fold into "+N". */
const COMPANIES_SHOWN = 2;

function Companies({ companies, companyCount }: Pick<TLicenseListItem, 'companies' | 'companyCount'>) {
  const { t } = useTranslation();
  if (companies.length === 0)
    return <Typography.Text type="secondary">{t('licences.noCompanies')}</Typography.Text>;
  const names = companies.map((c) => c.companyName);
  // The API names the first few companies and counts them all.
  const total = Math.max(companyCount ?? 0, names.length);
  const rest = total - COMPANIES_SHOWN;
  const more = total > names.length ? ', …' : '';
  return (
    <span>
      {names.slice(0, COMPANIES_SHOWN).join(', ')}
      {rest > 0 ? (
        <Tooltip title={names.slice(COMPANIES_SHOWN).join(', ') + more}>
          <span tabIndex={0}> +{rest}</span>
        </Tooltip>
      ) : null}
    </span>
  );
}

/** The licences table's columns; keys that are sort fields sort on the server. */
export function useLicenceColumns(): TListColumn<TLicenseListItem>[] {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return [
    {
      key: 'licenseCode',
      title: t('licences.code'),
      sortable: true,
      render: (l) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: true }}>
            {l.licenseCode}
          </Typography.Text>
          {l.licenseType || l.licenseDescription ? (
            <Typography.Text
              ellipsis={{ tooltip: true }}
              style={{ fontSize: 12, color: token.colorTextSecondary }}
            >
              {[l.licenseType, l.licenseDescription].filter(Boolean).join(' · ')}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'active',
      title: t('licences.statusLabel'),
      sortable: true,
      width: 150,
      render: (l) => <LicenceStatusTag status={licenceStatus(l)} />,
    },
    {
      key: 'licenseValidUntil',
      title: t('licences.validUntil'),
      sortable: true,
      width: 150,
      render: (l) => <DaysLeft validUntil={l.licenseValidUntil} />,
    },
    {
      key: 'maxNumberOfUsers',
      title: t('licences.seats'),
      sortable: true,
      width: 170,
      render: (l) => <LicenceSeats used={l.currentNumberOfUsers} max={l.maxNumberOfUsers} />,
    },
    {
      key: 'companies',
      title: t('licences.companies'),
      showFrom: 'xl',
      render: (l) => <Companies companies={l.companies} companyCount={l.companyCount} />,
    },
    {
      key: 'check',
      title: t('licences.lastCheck'),
      showFrom: 'xl',
      render: (l) => <LicenceCheckResult validCheck={l.validCheck} validCheckDate={l.validCheckDate} />,
    },
  ];
}
