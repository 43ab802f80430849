import type { TParameterList } from '@portal/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldTitle } from './field-title.ts';
import { Link } from 'react-router-dom';
import { useNumberFormat } from '../../../shared/i18n/number-format.ts';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { StatusTag } from '../../../shared/list/status-tag.tsx';

/** The parameter lists table's columns; keys that are sort fields sort on the server. */
export function useParameterListColumns(): TListColumn<TParameterList>[] {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return [
    {
      key: 'parameterListCode',
      title: fieldTitle(t, 'parameterListCode'),
      sortable: true,
      render: (list) => (
        <Link to={`/parameter-lists/${list.parameterListId}`} data-testid="parameter-list-link">
          {list.parameterListCode}
        </Link>
      ),
    },
    {
      key: 'description',
      title: fieldTitle(t, 'parameterListDescription'),
      showFrom: 'md',
      render: (list) => (
        <Typography.Text ellipsis={{ tooltip: true }}>{list.parameterListDescription ?? ''}</Typography.Text>
      ),
    },
    {
      key: 'company',
      title: t('parameterLists.company'),
      render: (list) =>
        list.companyId === null ? (
          <Typography.Text italic>{t('parameterLists.portalWide')}</Typography.Text>
        ) : (
          (list.companyName ?? `#${list.companyId}`)
        ),
    },
    {
      key: 'parameters',
      title: t('parameterLists.parameterCount'),
      width: 120,
      render: (list) => list.parameters.length,
    },
    {
      key: 'families',
      title: t('parameterLists.familyCount'),
      width: 120,
      render: (list) => format.number(list.familyCount ?? 0),
    },
    {
      key: 'active',
      title: t('parameterLists.status'),
      sortable: true,
      width: 120,
      render: (list) => (
        <StatusTag tone={list.active ? 'success' : 'neutral'}>
          {list.active ? t('parameterLists.statusActive') : t('parameterLists.statusInactive')}
        </StatusTag>
      ),
    },
  ];
}
