import { useTranslation } from 'react-i18next';
import { StatusTag, type TStatusTone } from '../list/status-tag.tsx';
import type { TLicenceStatus } from './licence-status.ts';

const TONES: Record<TLicenceStatus, TStatusTone> = {
  active: 'success',
  expiring: 'warning',
  full: 'warning',
  expired: 'error',
  inactive: 'neutral',
};

/** A licence's status as a readable tag (Active, Expiring soon, Full, Expired, Inactive). */
export function LicenceStatusTag({ status }: { status: TLicenceStatus }) {
  const { t } = useTranslation();
  return (
    <span data-testid="licence-status" data-status={status}>
      <StatusTag tone={TONES[status]}>{t(`licences.status.${status}`)}</StatusTag>
    </span>
  );
}
