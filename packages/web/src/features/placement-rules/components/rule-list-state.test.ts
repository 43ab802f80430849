import { describe, expect, it } from 'vitest';
import { ruleFindRequest, ruleList } from './rule-list-state.ts';

const queryOf = (search: string) => ruleList.toQuery(ruleList.parse(new URLSearchParams(search)));

describe('placement rule list state', () => {
  it('sends every code and the service size of the URL to the find', () => {
    expect(
      ruleFindRequest(
        queryOf('q=pipe&type=pipe-plastic&material=pvc&insulation=mineral-wool&closure=collar&size=110'),
        false,
      ),
    ).toEqual({
      page: 1,
      pageSize: 20,
      sort: [{ field: 'placementRuleName', dir: 'asc' }],
      search: 'pipe',
      typeCodes: ['pipe-plastic'],
      materialCodes: ['pvc'],
      additionalInsulationTypeCodes: ['mineral-wool'],
      closureDeviceSystemTypes: ['collar'],
      serviceSize: 110,
    });
  });

  it('drops a service size the find would refuse', () => {
    expect(ruleFindRequest(queryOf('size=-1'), false)).not.toHaveProperty('serviceSize');
    expect(ruleFindRequest(queryOf('size=abc'), false)).not.toHaveProperty('serviceSize');
  });

  it("shows contributors their tree's requests, filtered by status when asked", () => {
    expect(ruleFindRequest(queryOf('status=disapproved&sort=serviceSizeRangeLow:desc&page=2'), true)).toEqual(
      {
        page: 2,
        pageSize: 20,
        sort: [{ field: 'serviceSizeRangeLow', dir: 'desc' }],
        includeTempItems: true,
        tifStatuses: ['D'],
      },
    );
    expect(ruleFindRequest(queryOf(''), true)).toMatchObject({ includeTempItems: true });
    expect(ruleFindRequest(queryOf(''), true)).not.toHaveProperty('tifStatuses');
  });

  it('starts again at the first page when a filter changes', () => {
    const state = ruleList.parse(new URLSearchParams('page=3'));
    const next = ruleList.apply(state, { filters: { size: '90' } });
    expect(next.page).toBe(1);
    expect(ruleList.serialize(next).toString()).toBe('size=90');
  });
});
