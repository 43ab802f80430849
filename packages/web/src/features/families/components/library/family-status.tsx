import type { TTifStatus } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { StatusTag, type TStatusTone } from '../../../../shared/list/status-tag.tsx';

const TONES: Record<TTifStatus, TStatusTone> = {
  A: 'success',
  D: 'error',
  P: 'warning',
  RfA: 'warning',
  RfC: 'warning',
  RfR: 'warning',
  RfD: 'warning',
};

/** True for a family that is a request still waiting for an admin (CONTRACT 4). */
export function isPending(status: TTifStatus | null): boolean {
  return status !== null && status !== 'A' && status !== 'D';
}

/** The workflow status of a family (Awaiting approval, Change requested, ...), coloured by tone. */
export function FamilyStatus({ status }: { status: TTifStatus }) {
  const { t } = useTranslation();
  return (
    <span data-testid="family-status" data-status={status}>
      <StatusTag tone={TONES[status]}>{t(`families.list.status.${status}`)}</StatusTag>
    </span>
  );
}
