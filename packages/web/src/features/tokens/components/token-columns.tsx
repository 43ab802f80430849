import type { TApiToken } from '@portal/contract';
import { Flex, Tag, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { formatDateTime } from '../../../shared/list/list-dates.ts';

/** The valid-until date, in red once it has passed. */
function ValidUntil({ validUntil }: { validUntil: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const expired = dayjs(validUntil).isBefore(dayjs());
  return (
    <Flex vertical>
      <span>{formatDateTime(validUntil, '', 'L')}</span>
      {expired ? (
        <Typography.Text style={{ fontSize: 12, color: token.colorErrorText }}>
          {t('tokens.expired')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** The API tokens table's columns; keys that are sort fields sort on the server. */
export function useTokenColumns(): TListColumn<TApiToken>[] {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return [
    {
      key: 'apiTokenName',
      title: t('tokens.name'),
      sortable: true,
      render: (row) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: true }}>
            {row.apiTokenName}
          </Typography.Text>
          <Typography.Text style={{ fontSize: 12, color: token.colorTextSecondary }} code>
            {`${row.tokenHint}…`}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'scopes',
      title: t('tokens.scopes'),
      width: 200,
      render: (row) => (
        <Flex gap={4} wrap>
          {row.scopes.map((scope) => (
            <Tag key={scope}>{t(`tokens.scope.${scope}`)}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'companyName',
      title: t('tokens.company'),
      sortable: true,
      showFrom: 'lg',
      render: (row) => row.companyName ?? t('tokens.noCompany'),
    },
    {
      key: 'validUntil',
      title: t('tokens.validUntil'),
      sortable: true,
      width: 140,
      render: (row) => <ValidUntil validUntil={row.validUntil} />,
    },
    {
      key: 'lastUsed',
      title: t('tokens.lastUsed'),
      sortable: true,
      width: 170,
      showFrom: 'md',
      render: (row) => formatDateTime(row.lastUsed, t('tokens.neverUsed')),
    },
    {
      key: 'createdByLogin',
      title: t('tokens.createdBy'),
      showFrom: 'xl',
      render: (row) => (
        <Flex vertical>
          <span>{row.createdByLogin}</span>
          <Typography.Text style={{ fontSize: 12, color: token.colorTextSecondary }}>
            {formatDateTime(row.createdOn, '')}
          </Typography.Text>
        </Flex>
      ),
    },
  ];
}
