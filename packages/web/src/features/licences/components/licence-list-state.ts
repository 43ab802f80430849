import { LICENSE_SORT_FIELDS, type TLicenseFindRequest } from '@portal/contract';
import { defineList, type TListQuery } from '../../../shared/list/list-state.ts';
import { EXPIRING_WITHIN_DAYS } from '../../../shared/ui/licence-status.ts';

export type TLicenceSortField = (typeof LICENSE_SORT_FIELDS)[number];

/** The licences screen's URL state: `?sort=licenseCode:asc&q=gold&active=true&expiring=true`. */
export const licenceList = defineList({
  sortFields: LICENSE_SORT_FIELDS,
  // The ones ending soonest first, as the server orders them by default.
  defaultSort: { field: 'licenseValidUntil', dir: 'asc' },
  filters: { active: { kind: 'boolean' }, expiring: { kind: 'boolean' } },
});

export type TLicenceFilters = typeof licenceList.spec.filters;

/** The find request of a list query: "expiring" asks for licences ending within 30 days (expired ones too). */
export function licenceFindRequest(
  query: TListQuery<TLicenceSortField, TLicenceFilters>,
): TLicenseFindRequest {
  const { expiring, ...rest } = query;
  return expiring ? { ...rest, expiringWithinDays: EXPIRING_WITHIN_DAYS } : rest;
}
