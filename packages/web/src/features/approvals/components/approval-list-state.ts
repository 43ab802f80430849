import {
  APPROVAL_KINDS,
  APPROVAL_RECORD_KINDS,
  APPROVAL_SORT_FIELDS,
  type TApprovalFindRequest,
  type TApprovalKind,
  type TApprovalRecordKind,
} from '@portal/contract';
import { defineList, type TListQuery } from '../../../shared/list/list-state.ts';

/** The inbox's URL state: `?record=scenario&kind=change&companies=7&age=7&q=door&sort=requestedOn:asc`. */
export const approvalList = defineList({
  sortFields: APPROVAL_SORT_FIELDS,
  // The longest waiting first.
  defaultSort: { field: 'requestedOn', dir: 'asc' },
  filters: {
    record: { kind: 'text' },
    kind: { kind: 'text' },
    companyIds: { kind: 'ids', param: 'companies' },
    age: { kind: 'text' },
  },
});

/** The waiting times the age filter offers, in days. */
export const AGE_CHOICES = [1, 7, 30] as const;

export type TApprovalListState = ReturnType<typeof approvalList.parse>;
export type TApprovalListPatch = Parameters<typeof approvalList.apply>[1];
export type TApprovalSortField = (typeof APPROVAL_SORT_FIELDS)[number];
export type TApprovalFilters = typeof approvalList.spec.filters;

/** The find request of a list state: known kinds and a whole number of days, anything else ignored. */
export function approvalQueryOf(
  query: TListQuery<TApprovalSortField, TApprovalFilters>,
): TApprovalFindRequest {
  const { record, kind, age, companyIds, ...rest } = query;
  const days = Number(age);
  return {
    ...rest,
    ...(record && (APPROVAL_RECORD_KINDS as readonly string[]).includes(record)
      ? { recordKinds: [record as TApprovalRecordKind] }
      : {}),
    ...(kind && (APPROVAL_KINDS as readonly string[]).includes(kind)
      ? { kinds: [kind as TApprovalKind] }
      : {}),
    ...(companyIds?.length ? { companyIds } : {}),
    ...(age && Number.isInteger(days) && days >= 0 ? { olderThanDays: days } : {}),
  };
}
