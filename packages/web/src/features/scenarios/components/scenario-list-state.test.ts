import { describe, expect, it } from 'vitest';
import { scenarioFindRequest, scenarioList } from './scenario-list-state.ts';

const queryOf = (search: string) => scenarioList.toQuery(scenarioList.parse(new URLSearchParams(search)));

describe('scenario list state', () => {
  it('sends every code and size filter of the URL to the find', () => {
    const request = scenarioFindRequest(
      queryOf(
        'q=seal&element=wall-rigid&material=concrete&rating=EI%2090&width=120&height=80.5&thickness=150',
      ),
      false,
    );
    expect(request).toEqual({
      page: 1,
      pageSize: 20,
      sort: [{ field: 'scenarioName', dir: 'asc' }],
      search: 'seal',
      constructionElements: ['wall-rigid'],
      constructionMaterialCodes: ['concrete'],
      fireRatings: ['EI 90'],
      apertureWidth: 120,
      apertureHeight: 80.5,
      constructionThickness: 150,
    });
  });

  it('drops a size that is not a number the find takes', () => {
    const request = scenarioFindRequest(queryOf('width=wide&height=-3&thickness=1e9'), false);
    expect(request).not.toHaveProperty('apertureWidth');
    expect(request).not.toHaveProperty('apertureHeight');
    expect(request).not.toHaveProperty('constructionThickness');
  });

  it("shows contributors their tree's requests and filters them by status", () => {
    expect(scenarioFindRequest(queryOf('status=pending&sort=fireRating:desc'), true)).toEqual({
      page: 1,
      pageSize: 20,
      sort: [{ field: 'fireRating', dir: 'desc' }],
      includeTempItems: true,
      tifStatuses: ['P', 'RfA', 'RfC', 'RfR', 'RfD'],
    });
    // Readers see the published ones only: no status filter, no requests.
    expect(scenarioFindRequest(queryOf('status=pending'), false)).toEqual({
      page: 1,
      pageSize: 20,
      sort: [{ field: 'scenarioName', dir: 'asc' }],
    });
  });

  it('keeps the filters in the URL and counts them as filtering', () => {
    const state = scenarioList.apply(scenarioList.parse(new URLSearchParams()), {
      filters: { material: 'clt', width: '200' },
    });
    expect(scenarioList.serialize(state).toString()).toBe('material=clt&width=200');
    expect(scenarioList.isFiltered(state)).toBe(true);
    expect(scenarioList.isFiltered(scenarioList.cleared(state))).toBe(false);
  });
});
