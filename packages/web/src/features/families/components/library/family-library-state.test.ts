import { describe, expect, it } from 'vitest';
import {
  familyFindRequest,
  familyLibrary,
  historyStep,
  scopeOf,
  sessionAtUrl,
  tagsOf,
  type TSearchSession,
  viewOf,
} from './family-library-state.ts';

const parse = (query: string) => familyLibrary.parse(new URLSearchParams(query));
const viewer = { companyId: 7 };

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
    const state = parse('sort=password:asc&rating=9&view=cards&mine=maybe&scope=everything');
    expect(state.sort).toBeNull();
    expect(state.filters.minRating).toBe('');
    expect(viewOf(state)).toBe('gallery');
    expect(scopeOf(state)).toBe('all');
    expect(familyLibrary.serialize(state).toString()).toBe('');
  });

  it('counts the view and the tab as places, not filters: clearing keeps them', () => {
    const state = parse('view=table&scope=mine&q=door&tag=steel&page=4');
    expect(familyLibrary.isFiltered(parse('view=table&scope=company'))).toBe(false);
    expect(familyLibrary.isFiltered(state)).toBe(true);
    expect(familyLibrary.serialize(familyLibrary.cleared(state)).toString()).toBe('scope=mine&view=table');
  });

  it('opens "My requests" from an older mine=true link and writes it as scope=mine', () => {
    const state = parse('mine=true&q=door');
    expect(scopeOf(state)).toBe('mine');
    expect(familyLibrary.serialize(state).toString()).toBe('q=door&scope=mine');
  });

  it('starts at the first page when a filter or the view changes', () => {
    const state = parse('page=4&view=table');
    expect(familyLibrary.apply(state, { filters: { view: '' } }).page).toBe(1);
    expect(familyLibrary.apply(state, { filters: { categoryIds: [2] } }).page).toBe(1);
    expect(familyLibrary.apply(state, { page: 5 }).page).toBe(5);
  });

  it('builds the find request: versions as text, rating as a number, sorted by name by default', () => {
    expect(
      familyFindRequest(parse('q=%20door%20&category=3&revit=2024&rating=4&company=7&tag=steel'), viewer),
    ).toEqual({
      sort: [{ field: 'revitFamilyName', dir: 'asc' }],
      search: 'door',
      categoryIds: [3],
      revitVersions: ['2024'],
      minRating: 4,
      companyIds: [7],
      tags: ['steel'],
    });
    expect(familyFindRequest(parse(''), viewer)).toEqual({
      sort: [{ field: 'revitFamilyName', dir: 'asc' }],
    });
  });

  it('asks for the own pending requests under "My requests"', () => {
    expect(familyFindRequest(parse('scope=mine'), viewer)).toEqual({
      sort: [{ field: 'revitFamilyName', dir: 'asc' }],
      includeTempItems: true,
      tifStatuses: ['RfA', 'RfC', 'RfR', 'RfD', 'P'],
    });
  });

  it("asks for the company's published families and requests under its tab, narrowed by a chosen company", () => {
    expect(familyFindRequest(parse('scope=company&q=door'), viewer)).toEqual({
      sort: [{ field: 'revitFamilyName', dir: 'asc' }],
      search: 'door',
      companyIds: [7],
      includeTempItems: true,
      tifStatuses: ['A', 'RfA', 'RfC', 'RfR', 'RfD', 'P'],
    });
    expect(familyFindRequest(parse('scope=company&company=12'), viewer).companyIds).toEqual([12]);
  });

  it("builds another tab's find over the same search and filters, for its count", () => {
    const state = parse('q=door&category=3&page=3');
    expect(familyFindRequest(state, viewer, 'mine')).toEqual({
      ...familyFindRequest(parse('q=door&category=3&scope=mine'), viewer),
    });
    expect(familyFindRequest(parse('scope=mine&q=door'), viewer, 'all')).toEqual(
      familyFindRequest(parse('q=door'), viewer),
    );
  });
});

describe('historyStep', () => {
  /** Runs changes from no session and answers whether each replaced the history entry. */
  function walk(changes: [string, 'typing' | 'committed' | 'choice'][]) {
    let session: TSearchSession = null;
    return changes.map(([next, how]) => {
      const step = historyStep(session, next, how);
      session = step.session;
      return step.replace;
    });
  }

  it('pushes one entry for a typed search however often typing pauses, and replaces it after', () => {
    expect(
      walk([
        ['do', 'typing'],
        ['doo', 'typing'],
        ['door', 'typing'],
      ]),
    ).toEqual([false, true, true]);
  });

  it('pushes every choice: a facet, a sort, a page, the view', () => {
    expect(
      walk([
        ['', 'choice'],
        ['', 'choice'],
      ]),
    ).toEqual([false, false]);
  });

  it('ends a typed search on Enter or leaving the box: the next typing is a new entry', () => {
    expect(
      walk([
        ['do', 'typing'],
        ['door', 'committed'],
        ['doors', 'typing'],
      ]),
    ).toEqual([false, true, false]);
    // Enter without a pause before it: one entry of its own.
    expect(walk([['door', 'committed']])).toEqual([false]);
  });

  it('starts a new entry after a choice between two pauses', () => {
    expect(
      walk([
        ['do', 'typing'],
        ['do', 'choice'],
        ['door', 'typing'],
      ]),
    ).toEqual([false, false, false]);
  });
});

describe('sessionAtUrl', () => {
  it('keeps the session while the URL shows a text it wrote, even one pause behind', () => {
    const first = historyStep(null, 'do', 'typing').session;
    const second = historyStep(first, 'door', 'typing').session;
    expect(sessionAtUrl(second, 'do')).toBe(second);
    expect(sessionAtUrl(second, 'door')).toBe(second);
  });

  it('ends the session when Back shows a search it did not write', () => {
    const session = historyStep(null, 'door', 'typing').session;
    expect(sessionAtUrl(session, '')).toBeNull();
    expect(historyStep(sessionAtUrl(session, ''), 'win', 'typing').replace).toBe(false);
  });
});
