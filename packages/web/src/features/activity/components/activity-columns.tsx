import type { TActivityInfo } from '@portal/contract';
import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../../../shared/activity/activity-fields.ts';
import { recordTypeLabel } from '../../../shared/activity/activity-kinds.ts';
import { KindText } from '../../../shared/activity/kind-text.tsx';
import { NO_VALUE } from '../../../shared/activity/activity-values.ts';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { formatDateTime } from '../../../shared/list/list-dates.ts';

/** The record a row names: its type in words and its id. */
export function recordText(t: Parameters<typeof recordTypeLabel>[0], row: TActivityInfo): string {
  if (!row.recordType) return NO_VALUE;
  const type = recordTypeLabel(t, row.recordType);
  return row.recordId ? `${type} #${row.recordId}` : type;
}

/** The activity table's columns; keys that are sort fields sort on the server. */
export function useActivityColumns(): TListColumn<TActivityInfo>[] {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const secondary = { fontSize: 12, color: token.colorTextSecondary };
  return [
    {
      key: 'at',
      title: t('activity.at'),
      sortable: true,
      width: 170,
      render: (row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at, NO_VALUE, 'L LTS')}</span>
      ),
    },
    {
      key: 'kind',
      title: t('activity.kind'),
      sortable: true,
      minWidth: 170,
      render: (row) => <KindText kind={row.kind} />,
    },
    {
      key: 'userLogin',
      title: t('activity.user'),
      sortable: true,
      width: 150,
      render: (row) =>
        row.userLogin ?? <Typography.Text type="secondary">{t('activity.system')}</Typography.Text>,
    },
    {
      key: 'companyName',
      title: t('activity.company'),
      sortable: true,
      width: 170,
      showFrom: 'xl',
      render: (row) => row.companyName ?? NO_VALUE,
    },
    {
      key: 'recordType',
      title: t('activity.record'),
      sortable: true,
      width: 160,
      render: (row) => recordText(t, row),
    },
    {
      key: 'changes',
      title: t('activity.changes'),
      minWidth: 180,
      render: (row) => {
        const fields = Object.keys(row.changes ?? {}).map((field) => fieldLabel(t, row.recordType, field));
        if (fields.length === 0) return <span style={secondary}>{NO_VALUE}</span>;
        return (
          <Flex vertical style={{ minWidth: 0 }}>
            <span>{t('activity.fieldsChanged', { count: fields.length })}</span>
            <Typography.Text style={{ ...secondary, overflowWrap: 'anywhere' }}>
              {fields.sort((a, b) => a.localeCompare(b)).join(', ')}
            </Typography.Text>
          </Flex>
        );
      },
    },
    {
      key: 'ip',
      title: t('activity.ip'),
      width: 130,
      showFrom: 'xxl',
      render: (row) => row.ip ?? NO_VALUE,
    },
  ];
}
