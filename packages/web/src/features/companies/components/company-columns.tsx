import type { TCompany } from '@portal/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../shared/i18n/number-format.ts';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { formatDateTime } from '../../../shared/list/list-dates.ts';
import { StatusTag } from '../../../shared/list/status-tag.tsx';
import { CompanyLogo } from './company-logo.tsx';

/** The companies table's columns; keys that are sort fields sort on the server. */
export function useCompanyColumns(): TListColumn<TCompany>[] {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return [
    {
      key: 'companyName',
      title: t('companies.name'),
      sortable: true,
      render: (c) => (
        <Flex gap={10} align="center" style={{ minWidth: 0 }}>
          <CompanyLogo hash={c.companyLogoHash} size={28} />
          <Typography.Text ellipsis={{ tooltip: true }}>{c.companyName}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'parent',
      title: t('companies.parent'),
      ellipsis: true,
      width: 170,
      showFrom: 'xxl',
      render: (c) => c.parentCompany?.companyName || t('companies.topLevel'),
    },
    {
      key: 'companyCity',
      title: t('companies.city'),
      sortable: true,
      ellipsis: true,
      width: 140,
      render: (c) => c.companyCity || '—',
    },
    {
      key: 'companyCountry',
      title: t('companies.country'),
      sortable: true,
      ellipsis: true,
      width: 130,
      showFrom: 'xxl',
      render: (c) => c.companyCountry || '—',
    },
    {
      key: 'userCount',
      title: t('companies.users'),
      width: 90,
      render: (c) => format.number(c.userCount ?? 0),
    },
    {
      key: 'active',
      title: t('companies.status'),
      sortable: true,
      width: 150,
      render: (c) => (
        <Flex wrap gap={4}>
          <StatusTag tone={c.active ? 'success' : 'warning'}>
            {c.active ? t('companies.statusActive') : t('companies.statusInactive')}
          </StatusTag>
          {c.isPartnerCompany ? <StatusTag tone="neutral">{t('companies.partner')}</StatusTag> : null}
        </Flex>
      ),
    },
    {
      key: 'lastUpdate',
      title: t('companies.lastUpdate'),
      sortable: true,
      width: 170,
      showFrom: 'xxl',
      render: (c) => formatDateTime(c.lastUpdate, t('common.never')),
    },
  ];
}
