import { HistoryOutlined } from '@ant-design/icons';
import type { TActivityInfo, TActivityRecordType } from '@portal/contract';
import { Button, Card, Flex, Skeleton, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../list/list-dates.ts';
import { ErrorState } from '../ui/error-state.tsx';
import { ChangeTable, DetailList } from './activity-changes.tsx';
import { kindLabel, recordKindParts } from './activity-kinds.ts';
import { useFindActivity } from './find-activity.ts';
import { KindText } from './kind-text.tsx';

/** Entries shown at first and added by each "Show more". */
const HISTORY_PAGE = 10;

export type TRecordHistoryProps = {
  recordType: TActivityRecordType;
  recordId: string;
  /** The record's name, for the change tables' accessible names. */
  recordName: string;
};

function HistoryEntry({ row, recordName }: { row: TActivityInfo; recordName: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const label = kindLabel(t, row.kind);
  const when = formatDateTime(row.at, '', 'L LTS');
  const fields = Object.keys(row.changes ?? {}).length;
  // A create or delete lists every field of the record: folded until asked, so the changes stand out.
  const [open, setOpen] = useState(false);
  const shown = open || recordKindParts(row.kind)?.action === 'update' || recordKindParts(row.kind) === null;
  return (
    <li
      data-testid="record-history-entry"
      style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorSplit}` }}
    >
      <Flex wrap gap={8} align="baseline">
        <Typography.Text strong>
          <KindText kind={row.kind} />
        </Typography.Text>
        <Typography.Text>
          {t('activity.history.byWhen', { who: row.userLogin ?? t('activity.system'), when })}
        </Typography.Text>
      </Flex>
      {fields > 0 && row.changes ? (
        <div style={{ marginTop: 8 }}>
          {shown ? (
            <ChangeTable
              changes={row.changes}
              recordType={row.recordType}
              caption={t('activity.changesOf', { what: label, name: recordName, when })}
              testId="record-history-changes"
            />
          ) : (
            <Button
              type="link"
              style={{ paddingInline: 0 }}
              aria-expanded={false}
              onClick={() => setOpen(true)}
              data-testid="record-history-show-fields"
            >
              {t('activity.history.showFields', { count: fields })}
            </Button>
          )}
        </div>
      ) : null}
      {row.detail && Object.keys(row.detail).length > 0 ? (
        <div style={{ marginTop: 8 }}>
          <DetailList detail={row.detail} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * A record's own history: who did what to it and when, newest first, each change as a
 * before/after table, with more on demand and a link to the whole activity log filtered to it.
 */
export function RecordHistory({ recordType, recordId, recordName }: TRecordHistoryProps) {
  const { t } = useTranslation();
  const [pageSize, setPageSize] = useState(HISTORY_PAGE);
  const history = useFindActivity({
    recordTypes: [recordType],
    recordId,
    page: 1,
    pageSize,
    sort: [{ field: 'at', dir: 'desc' }],
  });
  const rows = history.data?.activityInfos ?? [];
  const total = history.data?.totalCount ?? 0;

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          <HistoryOutlined aria-hidden /> {t('activity.history.title')}
        </Typography.Title>
      }
      extra={
        <Link to={`/activity?type=${recordType}&record=${encodeURIComponent(recordId)}`}>
          {t('activity.history.openLog')}
        </Link>
      }
      data-testid="record-history"
      styles={{ body: { paddingTop: 4, paddingBottom: 12 } }}
    >
      {history.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} style={{ marginTop: 12 }} />
      ) : history.isError && rows.length === 0 ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : rows.length === 0 ? (
        <Typography.Paragraph
          type="secondary"
          style={{ margin: '12px 0 0' }}
          data-testid="record-history-empty"
        >
          {t('activity.history.empty')}
        </Typography.Paragraph>
      ) : (
        <>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('activity.history.title')}>
            {rows.map((row) => (
              <HistoryEntry key={row.activityId} row={row} recordName={recordName} />
            ))}
          </ul>
          {total > rows.length ? (
            <Button
              style={{ marginTop: 12 }}
              loading={history.isFetching}
              onClick={() => setPageSize((size) => size + HISTORY_PAGE)}
              data-testid="record-history-more"
            >
              {t('activity.history.more', { shown: rows.length, total })}
            </Button>
          ) : null}
        </>
      )}
    </Card>
  );
}
