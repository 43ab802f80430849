import { MIN_DATE } from '@portal/contract';
import dayjs from 'dayjs';
import { defaultMinDate } from '../api/environment.ts';

const CONTRACT_MIN = Date.parse(MIN_DATE);

/**
 * True for a date that means "never" (CONTRACT 1: the environment's default minimum date, e.g. a
 * lastLogin of someone who never signed in). Compared as instants, so `0001-01-01T00:00:00.000Z`
 * or `+00:00` match too, and it holds before the environment has loaded (the contract's MIN_DATE).
 */
export function isNeverDate(
  iso: string | null | undefined,
  environmentMin: string = defaultMinDate(),
): boolean {
  if (!iso) return true;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return true;
  const environmentTime = Date.parse(environmentMin);
  return time <= CONTRACT_MIN || time === environmentTime || new Date(time).getUTCFullYear() <= 1;
}

/** A date and time in the reader's locale, or `never` for the "never" date. */
export function formatDateTime(iso: string | null | undefined, never: string, format = 'L LT'): string {
  return iso && !isNeverDate(iso) ? dayjs(iso).format(format) : never;
}
