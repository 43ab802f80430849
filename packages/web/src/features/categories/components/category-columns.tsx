import type { TCategory } from '@portal/contract';
import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../shared/i18n/number-format.ts';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { StatusTag } from '../../../shared/list/status-tag.tsx';
import { CategoryThumbnail } from './category-thumbnail.tsx';

/** The categories table's columns; keys that are sort fields sort on the server. */
export function useCategoryColumns(): TListColumn<TCategory>[] {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const { token } = theme.useToken();
  return [
    {
      key: 'categoryName',
      title: t('categories.name'),
      sortable: true,
      render: (c) => (
        <Flex gap={12} align="center" style={{ minWidth: 0 }}>
          <CategoryThumbnail hash={c.categoryPictureHash} size={40} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text ellipsis={{ tooltip: true }}>{c.categoryName}</Typography.Text>
            {c.categoryDescription ? (
              <Typography.Text
                ellipsis={{ tooltip: true }}
                style={{ fontSize: 12, color: token.colorTextSecondary }}
              >
                {c.categoryDescription}
              </Typography.Text>
            ) : null}
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'familyCount',
      title: t('categories.families'),
      sortable: true,
      width: 130,
      render: (c) => format.number(c.familyCount),
    },
    {
      key: 'active',
      title: t('categories.status'),
      sortable: true,
      width: 130,
      render: (c) => (
        <StatusTag tone={c.active ? 'success' : 'warning'}>
          {c.active ? t('categories.statusActive') : t('categories.statusInactive')}
        </StatusTag>
      ),
    },
  ];
}
