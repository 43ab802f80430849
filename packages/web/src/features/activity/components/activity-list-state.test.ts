import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_KIND_GROUP_NAMES, ACTIVITY_KIND_GROUPS } from '../../../shared/activity/activity-kinds.ts';
import { activityExportRequest, activityFindRequest, activityList, dayOf } from './activity-list-state.ts';

const queryOf = (search: string) => activityList.toQuery(activityList.parse(new URLSearchParams(search)));

describe('activity list state', () => {
  it('asks for the newest first on the first page when the URL says nothing', () => {
    expect(activityFindRequest(queryOf(''))).toEqual({
      page: 1,
      pageSize: 20,
      sort: [{ field: 'at', dir: 'desc' }],
    });
  });

  it('turns the URL filters into the find request body', () => {
    const request = activityFindRequest(
      queryOf(
        'q=door&user=3&company=12,14&kind=changed,downloads&type=category,family&sort=userLogin:asc&page=2',
      ),
    );
    expect(request).toEqual({
      page: 2,
      pageSize: 20,
      sort: [{ field: 'userLogin', dir: 'asc' }],
      search: 'door',
      userIds: [3],
      companyIds: [12, 14],
      kinds: [...ACTIVITY_KIND_GROUPS.changed, 'family.download'],
      recordTypes: ['category', 'family'],
    });
  });

  it('sends one record with its type', () => {
    expect(activityFindRequest(queryOf('type=family&record=42'))).toMatchObject({
      recordTypes: ['family'],
      recordId: '42',
    });
  });

  it('makes the days instants from the first day’s start to the next day after the last', () => {
    const request = activityFindRequest(queryOf('from=2026-11-01&to=2026-11-27'));
    expect(request.from).toBe(dayjs('2026-11-01').startOf('day').toISOString());
    expect(request.to).toBe(dayjs('2026-11-28').startOf('day').toISOString());
    expect(Date.parse(request.to!) - Date.parse(request.from!)).toBeGreaterThan(26 * 86_400_000);
    // An open end: only the start is sent.
    expect(activityFindRequest(queryOf('from=2026-11-01'))).not.toHaveProperty('to');
  });

  it('leaves out names and days it does not know rather than send a request the server refuses', () => {
    const request = activityFindRequest(queryOf('kind=nonsense&type=widget&from=2026-13-45&to=yesterday'));
    expect(request).not.toHaveProperty('kinds');
    expect(request).not.toHaveProperty('recordTypes');
    expect(request).not.toHaveProperty('from');
    expect(request).not.toHaveProperty('to');
    expect(dayOf('2026-02-30')).toBeNull();
  });

  it('sends no kinds when every group is chosen: that narrows nothing', () => {
    const request = activityFindRequest(queryOf(`kind=${ACTIVITY_KIND_GROUP_NAMES.join(',')}`));
    expect(request).not.toHaveProperty('kinds');
  });

  it('exports with the same filters, search and sort, without paging', () => {
    const body = activityExportRequest(queryOf('page=3&size=50&q=gate&kind=deleted&sort=at:asc'));
    expect(body).toEqual({
      sort: [{ field: 'at', dir: 'asc' }],
      search: 'gate',
      kinds: [...ACTIVITY_KIND_GROUPS.deleted],
    });
  });
});
