import type { TTerms } from '@portal/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { formatDateTime } from '../../../shared/list/list-dates.ts';
import { StatusTag } from '../../../shared/list/status-tag.tsx';

/** The terms table's columns; keys that are sort fields sort on the server. */
export function useTermsColumns(): TListColumn<TTerms>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'termsTitle',
      title: t('terms.title'),
      sortable: true,
      render: (terms) => <Typography.Text ellipsis={{ tooltip: true }}>{terms.termsTitle}</Typography.Text>,
    },
    {
      key: 'company',
      title: t('terms.company'),
      render: (terms) =>
        terms.companyId === null ? (
          <Typography.Text italic>{t('terms.everyone')}</Typography.Text>
        ) : (
          (terms.companyName ?? `#${terms.companyId}`)
        ),
    },
    {
      key: 'active',
      title: t('terms.status'),
      sortable: true,
      width: 130,
      render: (terms) => (
        <StatusTag tone={terms.active ? 'success' : 'neutral'}>
          {terms.active ? t('terms.statusActive') : t('terms.statusInactive')}
        </StatusTag>
      ),
    },
    {
      key: 'lastUpdate',
      title: t('terms.updated'),
      sortable: true,
      width: 180,
      render: (terms) => formatDateTime(terms.lastUpdate, t('common.never')),
    },
  ];
}
