import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { TLicense } from '@portal/contract';
import { Button, Descriptions, Progress, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../list/list-dates.ts';
import { StatusTag } from '../list/status-tag.tsx';
import { daysLeft, licenceStatus } from './licence-status.ts';
import { LicenceStatusTag } from './licence-status-tag.tsx';

/** The parts of a licence the summary shows (a TLicense or a licences list item). */
export type TLicenceSummaryFacts = Pick<
  TLicense,
  | 'licenseCode'
  | 'active'
  | 'licenseValidUntil'
  | 'currentNumberOfUsers'
  | 'maxNumberOfUsers'
  | 'validCheck'
  | 'validCheckDate'
>;

/** "Days left: 12", "Days over: 3" or "No end date". */
export function DaysLeft({ validUntil }: { validUntil: string | null }) {
  const { t } = useTranslation();
  const left = daysLeft(validUntil);
  if (left === null) return <>{t('licences.noEnd')}</>;
  return (
    <span title={dayjs(validUntil).format('L')}>
      {left < 0 ? t('licences.daysOver', { count: -left }) : t('licences.daysLeft', { count: left })}
    </span>
  );
}

/** Seats in use of those allowed, as a bar with the numbers beside it. */
export function LicenceSeats({ used, max }: { used: number; max: number }) {
  const { t } = useTranslation();
  const percent = max > 0 ? Math.min(100, Math.round((used / max) * 100)) : 100;
  const label = t('licences.seatsOf', { used, max });
  return (
    <Progress
      percent={percent}
      size="small"
      status={used >= max ? 'exception' : 'normal'}
      format={() => `${used} / ${max}`}
      aria-label={label}
      style={{ minWidth: 120, marginBottom: 0 }}
    />
  );
}

/** The last check's result and when it ran, or "Never checked". */
export function LicenceCheckResult({
  validCheck,
  validCheckDate,
}: Pick<TLicense, 'validCheck' | 'validCheckDate'>) {
  const { t } = useTranslation();
  if (validCheck === null || !validCheckDate) {
    return <Typography.Text type="secondary">{t('licences.neverChecked')}</Typography.Text>;
  }
  return (
    <span>
      <StatusTag tone={validCheck ? 'success' : 'error'}>
        {validCheck ? t('licences.checkValid') : t('licences.checkInvalid')}
      </StatusTag>{' '}
      <Typography.Text type="secondary">{formatDateTime(validCheckDate, t('common.never'))}</Typography.Text>
    </span>
  );
}

export type TLicenceSummaryProps = {
  licence: TLicenceSummaryFacts;
  /** Runs the check now (POST /api/license/check); no button without it. */
  onCheck?: () => void;
  checking?: boolean;
};

/**
 * A company's licence at a glance: status badge, days left, seats used of allowed, the last check,
 * and a check button. Shared so the companies screen's licence tab shows what the licences list shows.
 */
export function LicenceSummary({ licence, onCheck, checking = false }: TLicenceSummaryProps) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid="licence-summary"
      title={licence.licenseCode}
      extra={
        onCheck ? (
          <Button
            icon={<SafetyCertificateOutlined />}
            loading={checking}
            onClick={onCheck}
            data-testid="licence-summary-check"
          >
            {t('licences.check')}
          </Button>
        ) : null
      }
      items={[
        {
          key: 'status',
          label: t('licences.statusLabel'),
          children: <LicenceStatusTag status={licenceStatus(licence)} />,
        },
        {
          key: 'days',
          label: t('licences.validUntil'),
          children: <DaysLeft validUntil={licence.licenseValidUntil} />,
        },
        {
          key: 'seats',
          label: t('licences.seats'),
          children: <LicenceSeats used={licence.currentNumberOfUsers} max={licence.maxNumberOfUsers} />,
        },
        {
          key: 'check',
          label: t('licences.lastCheck'),
          children: (
            <LicenceCheckResult validCheck={licence.validCheck} validCheckDate={licence.validCheckDate} />
          ),
        },
      ]}
    />
  );
}
