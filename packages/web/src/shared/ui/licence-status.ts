import type { TLicense } from '@portal/contract';

/** How a licence stands today, worst first: a licence that is both expired and full reads expired. */
export type TLicenceStatus = 'inactive' | 'expired' | 'full' | 'expiring' | 'active';

/** Licences ending within this many days are flagged as expiring (issue 10). */
export const EXPIRING_WITHIN_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

type TLicenceFacts = Pick<
  TLicense,
  'active' | 'licenseValidUntil' | 'currentNumberOfUsers' | 'maxNumberOfUsers'
>;

/** Whole days until the licence ends (0 on its last day, negative once over); null when it never ends. */
export function daysLeft(validUntil: string | null, now: Date = new Date()): number | null {
  if (!validUntil) return null;
  const end = Date.parse(validUntil);
  if (Number.isNaN(end)) return null;
  const diff = end - now.getTime();
  return diff < 0 ? -Math.ceil(-diff / DAY_MS) : Math.floor(diff / DAY_MS);
}

/**
 * The status badge of a licence, as the server judges sign-in and approvals: inactive, then
 * expired (its end has passed), then full (no seat left for another active user), then expiring
 * (ends within 30 days), else active.
 */
export function licenceStatus(licence: TLicenceFacts, now: Date = new Date()): TLicenceStatus {
  if (!licence.active) return 'inactive';
  const end = licence.licenseValidUntil ? Date.parse(licence.licenseValidUntil) : Number.NaN;
  if (!Number.isNaN(end) && end < now.getTime()) return 'expired';
  if (licence.currentNumberOfUsers >= licence.maxNumberOfUsers) return 'full';
  const left = daysLeft(licence.licenseValidUntil, now);
  if (left !== null && left <= EXPIRING_WITHIN_DAYS) return 'expiring';
  return 'active';
}
