import { describe, expect, it } from 'vitest';
import { familyFindRequest, familyLibrary, tagsOf, viewOf } from './family-library-state.ts';

const parse = (query: string) => familyLibrary.parse(new URLSearchParams(query));

describe('familyLibrary', () => {
  it('reads every filter, the sort, the search and the view from the URL', () => {
    const state = parse(
      'view=table&page=3&size=100&sort=downloads:desc&q=door&category=3,4&revit=2023,2024&rating=4&company=7&tag=steel&tag=fire%2C%20rated',
    );
    expect(state).toMatchObject({
      page: 3,
      pageSize: 100,
      sort: { field: 'downloads', dir: 'desc' },
      search: 'door',
      filters: {
        categoryIds: [3, 4],
        revitVersions: [2023, 2024],
        minRating: '4',
        companyIds: [7],
        view: 'table',
      },
    });
    expect(tagsOf(state)).toEqual(['steel', 'fire, rated']);
    expect(viewOf(state)).toBe('table');
  });

  it('writes the state back to the same URL, one tag parameter per tag', () => {
    const query =
      'page=2&sort=revitFamilyRating:desc&q=door&category=3&revit=2024&rating=2&company=7&view=table&tag=a%2Cb&tag=c';
    const written = familyLibrary.serialize(parse(query));
    expect(written.getAll('tag')).toEqual(['a,b', 'c']);
    expect(familyLibrary.parse(written)).toEqual(parse(query));
  });

  it('drops what it does not know: a sort field, a rating out of range, a view', () => {
    const state = parse('sort=password:asc&rating=9&view=cards&mine=maybe');
    expect(state.sort).toBeNull();
    expect(state.filters.minRating).toBe('');
    expect(viewOf(state)).toBe('gallery');
    expect(state.filters.mine).toBeNull();
    expect(familyLibrary.serialize(state).toString()).toBe('');
  });

  it('counts the view and "My requests" as places, not filters: clearing keeps them', () => {
    const state = parse('view=table&mine=true&q=door&tag=steel&page=4');
    expect(familyLibrary.isFiltered(parse('view=table&mine=true'))).toBe(false);
    expect(familyLibrary.isFiltered(state)).toBe(true);
    expect(familyLibrary.serialize(familyLibrary.cleared(state)).toString()).toBe('mine=true&view=table');
  });

  it('starts at the first page when a filter or the view changes', () => {
    const state = parse('page=4&view=table');
    expect(familyLibrary.apply(state, { filters: { view: '' } }).page).toBe(1);
    expect(familyLibrary.apply(state, { filters: { categoryIds: [2] } }).page).toBe(1);
    expect(familyLibrary.apply(state, { page: 5 }).page).toBe(5);
  });

  it('builds the find request: versions as text, rating as a number, sorted by name by default', () => {
    expect(
      familyFindRequest(parse('q=%20door%20&category=3&revit=2024&rating=4&company=7&tag=steel')),
    ).toEqual({
      sort: [{ field: 'revitFamilyName', dir: 'asc' }],
      search: 'door',
      categoryIds: [3],
      revitVersions: ['2024'],
      minRating: 4,
      companyIds: [7],
      tags: ['steel'],
    });
    expect(familyFindRequest(parse(''))).toEqual({ sort: [{ field: 'revitFamilyName', dir: 'asc' }] });
  });

  it('asks for the own pending requests under "My requests"', () => {
    expect(familyFindRequest(parse('mine=true'))).toMatchObject({
      includeTempItems: true,
      tifStatuses: ['RfA', 'RfC', 'RfR', 'RfD', 'P'],
    });
  });
});
