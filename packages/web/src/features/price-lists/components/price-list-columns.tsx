import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNumberFormat } from '../../../shared/i18n/number-format.ts';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { StatusTag } from '../../../shared/list/status-tag.tsx';
import type { TPriceListSummary } from '../api/find-price-lists.ts';

/** The price lists table's columns; keys that are sort fields sort on the server. */
export function usePriceListColumns(): TListColumn<TPriceListSummary>[] {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return [
    {
      key: 'priceListCode',
      title: t('priceLists.code'),
      sortable: true,
      render: (list) => (
        <Link to={`/price-lists/${list.priceListId}`} data-testid="price-list-link">
          {list.priceListCode}
        </Link>
      ),
    },
    {
      key: 'description',
      title: t('priceLists.description'),
      showFrom: 'md',
      render: (list) => (
        <Typography.Text ellipsis={{ tooltip: true }}>{list.priceListDescription ?? ''}</Typography.Text>
      ),
    },
    {
      key: 'company',
      title: t('priceLists.company'),
      showFrom: 'lg',
      render: (list) =>
        list.companyId === null ? (
          <Typography.Text italic>{t('priceLists.portalWide')}</Typography.Text>
        ) : (
          (list.companyName ?? `#${list.companyId}`)
        ),
    },
    {
      key: 'itemCount',
      title: t('priceLists.itemCount'),
      sortable: true,
      width: 120,
      render: (list) => format.number(list.itemCount),
    },
    {
      key: 'active',
      title: t('priceLists.flags'),
      sortable: true,
      render: (list) => (
        <Flex wrap gap={4}>
          <StatusTag tone={list.active ? 'success' : 'neutral'}>
            {list.active ? t('priceLists.statusActive') : t('priceLists.statusInactive')}
          </StatusTag>
          {list.isPartList ? <StatusTag tone="neutral">{t('priceLists.partList')}</StatusTag> : null}
          {list.isDefaultList ? <StatusTag tone="neutral">{t('priceLists.defaultList')}</StatusTag> : null}
          {list.isTemplateList ? <StatusTag tone="neutral">{t('priceLists.templateList')}</StatusTag> : null}
        </Flex>
      ),
    },
  ];
}
