import { ACTIVITY_SORT_FIELDS, type TActivityFindRequest } from '@portal/contract';
import dayjs from 'dayjs';
import {
  ACTIVITY_KIND_GROUP_NAMES,
  isKindGroup,
  isRecordType,
  kindsOfGroups,
} from '../../../shared/activity/activity-kinds.ts';
import { defineList, type TListQuery } from '../../../shared/list/list-state.ts';

export type TActivitySortField = (typeof ACTIVITY_SORT_FIELDS)[number];

/**
 * The activity screen's URL state:
 * `?sort=at:desc&q=door&user=3&company=12&kind=changed,deleted&type=family&record=7&from=2026-11-01&to=2026-11-27`.
 * `kind` and `type` hold comma-separated names; `from` and `to` are calendar days, both inclusive.
 */
export const activityList = defineList({
  sortFields: ACTIVITY_SORT_FIELDS,
  // The newest first: what just happened is on top.
  defaultSort: { field: 'at', dir: 'desc' },
  filters: {
    user: { kind: 'ids' },
    company: { kind: 'ids' },
    kind: { kind: 'text' },
    type: { kind: 'text' },
    record: { kind: 'text' },
    from: { kind: 'text' },
    to: { kind: 'text' },
  },
});

export type TActivityFilters = typeof activityList.spec.filters;
export type TActivityQuery = TListQuery<TActivitySortField, TActivityFilters>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The comma-separated names of a text filter, trimmed, without empties. */
export function namesOf(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** A calendar day of the URL (`2026-11-27`) as a dayjs at its local start, or null when it is not one. */
export function dayOf(text: string | undefined): dayjs.Dayjs | null {
  if (!text || !DAY.test(text)) return null;
  const day = dayjs(text);
  return day.isValid() && day.format('YYYY-MM-DD') === text ? day.startOf('day') : null;
}

/**
 * The find request of a list query (or, without paging, the export's): kind groups become their
 * kinds, the days become instants (from the first day's start to the end of the last, in the
 * reader's time zone), names the contract does not know are left out.
 */
export function activityFindRequest(query: Partial<TActivityQuery>): TActivityFindRequest {
  const { user, company, kind, type, record, from, to, ...rest } = query;
  const groups = [...new Set(namesOf(kind).filter(isKindGroup))];
  // Every group at once narrows nothing, and its kinds would pass the contract's cap of 100.
  const narrowsKinds = groups.length > 0 && groups.length < ACTIVITY_KIND_GROUP_NAMES.length;
  const types = namesOf(type).filter(isRecordType);
  const fromDay = dayOf(from);
  const toDay = dayOf(to);
  return {
    ...rest,
    ...(user?.length ? { userIds: user } : {}),
    ...(company?.length ? { companyIds: company } : {}),
    ...(narrowsKinds ? { kinds: kindsOfGroups(groups) } : {}),
    ...(types.length ? { recordTypes: types } : {}),
    ...(record?.trim() ? { recordId: record.trim() } : {}),
    ...(fromDay ? { from: fromDay.toISOString() } : {}),
    ...(toDay ? { to: toDay.add(1, 'day').toISOString() } : {}),
  };
}

/** The export's body: the same filters, search and sort as the screen, without paging. */
export function activityExportRequest(
  query: TActivityQuery,
): Omit<TActivityFindRequest, 'page' | 'pageSize'> {
  const { page: _page, pageSize: _pageSize, ...rest } = activityFindRequest(query);
  return rest;
}
