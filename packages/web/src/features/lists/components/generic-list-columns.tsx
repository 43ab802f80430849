import type { TGenericList } from '@portal/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { StatusTag } from '../../../shared/list/status-tag.tsx';

/** The lists table's columns; the code links to the list's editor. */
export function useGenericListColumns(): TListColumn<TGenericList>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'listCode',
      title: t('lists.code'),
      sortable: true,
      render: (list) => (
        <Link to={`/lists/${list.listId}`} data-testid="lists-open">
          {list.listCode}
        </Link>
      ),
    },
    {
      key: 'listDescription',
      title: t('lists.description'),
      render: (list) => (
        <Typography.Text ellipsis={{ tooltip: true }}>{list.listDescription ?? ''}</Typography.Text>
      ),
    },
    {
      key: 'items',
      title: t('lists.itemCount'),
      width: 110,
      render: (list) => list.listItems.length,
    },
    {
      key: 'active',
      title: t('lists.status'),
      sortable: true,
      width: 130,
      render: (list) => (
        <StatusTag tone={list.active ? 'success' : 'neutral'}>
          {list.active ? t('lists.statusActive') : t('lists.statusInactive')}
        </StatusTag>
      ),
    },
  ];
}
