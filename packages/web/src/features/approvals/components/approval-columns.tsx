import type { TApprovalKind, TApprovalRecordKind, TApprovalRequest } from '@portal/contract';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { formatDateTime } from '../../../shared/list/list-dates.ts';
import { StatusTag, type TStatusTone } from '../../../shared/list/status-tag.tsx';

const KIND_TONES: Record<TApprovalKind, TStatusTone> = {
  new: 'success',
  change: 'warning',
  removal: 'error',
  withdrawal: 'error',
};

/** The request's kind as a tag (words, not only colour). */
export function KindTag({ kind }: { kind: TApprovalKind }) {
  const { t } = useTranslation();
  return (
    <span data-testid="approval-kind">
      <StatusTag tone={KIND_TONES[kind]}>{t(`approvals.kind.${kind}`)}</StatusTag>
    </span>
  );
}

/** What kind of record a request is about ("Scenario"), under its name. */
export function RecordKindLabel({ kind }: { kind: TApprovalRecordKind }) {
  const { t } = useTranslation();
  return (
    <Typography.Text
      type="secondary"
      style={{ display: 'block', fontSize: 12 }}
      data-testid="approval-record-kind"
    >
      {t(`approvals.recordKind.${kind}`)}
    </Typography.Text>
  );
}

/** The inbox table's columns; the name opens the request for review. */
export function useApprovalColumns(
  onOpen: (request: TApprovalRequest) => void,
): TListColumn<TApprovalRequest>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'name',
      title: t('approvals.columns.name'),
      sortable: true,
      // The kind of record under the name: one column fewer on a narrow screen.
      render: (r) => (
        <>
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
            aria-label={t('approvals.reviewName', { name: r.name })}
            data-testid="approval-open"
            onClick={() => onOpen(r)}
          >
            {r.name}
          </Button>
          <RecordKindLabel kind={r.recordKind} />
        </>
      ),
    },
    {
      key: 'kind',
      title: t('approvals.columns.kind'),
      sortable: true,
      width: 140,
      render: (r) => <KindTag kind={r.kind} />,
    },
    {
      key: 'companyName',
      title: t('approvals.columns.company'),
      sortable: true,
      ellipsis: true,
      width: 180,
      render: (r) => r.companyName ?? '',
    },
    {
      key: 'requestedBy',
      title: t('approvals.columns.requestedBy'),
      width: 150,
      ellipsis: true,
      showFrom: 'xl',
      render: (r) => r.requestedBy ?? '',
    },
    {
      key: 'requestedOn',
      title: t('approvals.columns.requestedOn'),
      sortable: true,
      width: 170,
      showFrom: 'md',
      render: (r) => formatDateTime(r.requestedOn, ''),
    },
    {
      key: 'age',
      title: t('approvals.columns.age'),
      width: 100,
      render: (r) => <span data-testid="approval-age">{t('approvals.ageDays', { count: r.ageDays })}</span>,
    },
  ];
}
