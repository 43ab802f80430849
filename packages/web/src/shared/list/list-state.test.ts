import { describe, expect, it } from 'vitest';
import { defineList, pageLocally } from './list-state.ts';

const list = defineList({
  sortFields: ['name', 'size'],
  defaultSort: { field: 'name', dir: 'asc' },
  filters: {
    active: { kind: 'boolean' },
    ownerIds: { kind: 'ids', param: 'owners' },
    region: { kind: 'text' },
  },
  pageSizes: [10, 25],
  defaultPageSize: 25,
});

describe('defineList', () => {
  it('reads defaults from an empty query and writes them back as nothing', () => {
    const state = list.parse(new URLSearchParams());
    expect(state).toEqual({
      page: 1,
      pageSize: 25,
      sort: null,
      search: '',
      filters: { active: null, ownerIds: [], region: '' },
    });
    expect(list.serialize(state).toString()).toBe('');
    expect(list.isFiltered(state)).toBe(false);
  });

  it('round-trips every kind of value under its own URL key', () => {
    const query = 'page=4&size=10&sort=size%3Adesc&q=b%C3%A4r&active=true&owners=3%2C9&region=nord';
    const state = list.parse(new URLSearchParams(query));
    expect(state).toEqual({
      page: 4,
      pageSize: 10,
      sort: { field: 'size', dir: 'desc' },
      search: 'bär',
      filters: { active: true, ownerIds: [3, 9], region: 'nord' },
    });
    expect(list.serialize(state).toString()).toBe(query);
    expect(list.isFiltered(state)).toBe(true);
  });

  it('ignores what it cannot read: unknown sort fields, odd sizes and pages, bad ids', () => {
    const state = list.parse(
      new URLSearchParams('page=0&size=13&sort=secret:asc&owners=x,-1,5&active=maybe'),
    );
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(25);
    expect(state.sort).toBeNull();
    expect(state.filters).toEqual({ active: null, ownerIds: [5], region: '' });
  });

  it('goes back to the first page when the search, a filter, the sort or the size changes', () => {
    const state = list.parse(new URLSearchParams('page=3'));
    expect(list.apply(state, { search: 'x' }).page).toBe(1);
    expect(list.apply(state, { filters: { active: false } }).page).toBe(1);
    expect(list.apply(state, { sort: { field: 'size', dir: 'asc' } }).page).toBe(1);
    expect(list.apply(state, { pageSize: 10 }).page).toBe(1);
    expect(list.apply(state, { page: 5 }).page).toBe(5);
    expect(list.apply(state, { filters: { region: 'süd' } }).filters).toEqual({
      active: null,
      ownerIds: [],
      region: 'süd',
    });
  });

  it('clears the search and filters but keeps sort and size', () => {
    const state = list.parse(new URLSearchParams('page=2&size=10&sort=size:asc&q=a&active=false&owners=1'));
    expect(list.serialize(list.cleared(state)).toString()).toBe('size=10&sort=size%3Aasc');
  });

  it('builds the find query with the default sort and only the filters that narrow', () => {
    const state = list.parse(new URLSearchParams('q=%20x%20&active=false&region=%20'));
    expect(list.toQuery(state)).toEqual({
      page: 1,
      pageSize: 25,
      sort: [{ field: 'name', dir: 'asc' }],
      search: 'x',
      active: false,
    });
  });
});

describe('pageLocally', () => {
  const rows = [
    { name: 'Cedar', size: 3 },
    { name: 'ash', size: 1 },
    { name: 'Birch', size: 2 },
  ];
  const options = {
    compare: {
      name: (a: (typeof rows)[number], b: (typeof rows)[number]) => a.name.localeCompare(b.name),
      size: (a: (typeof rows)[number], b: (typeof rows)[number]) => a.size - b.size,
    },
    defaultSort: { field: 'name' as const, dir: 'asc' as const },
    matches: (row: (typeof rows)[number], search: string) => row.name.toLowerCase().includes(search),
  };

  it('sorts, searches and pages rows in memory', () => {
    const state = { page: 1, pageSize: 2, sort: null, search: '' };
    expect(pageLocally(rows, state, options)).toEqual({ rows: [rows[1], rows[2]], total: 3 });
    expect(pageLocally(rows, { ...state, page: 2 }, options).rows).toEqual([rows[0]]);
    expect(pageLocally(rows, { ...state, sort: { field: 'size', dir: 'desc' } }, options).rows).toEqual([
      rows[0],
      rows[2],
    ]);
    expect(pageLocally(rows, { ...state, search: ' BIR ' }, options)).toEqual({ rows: [rows[2]], total: 1 });
    expect(pageLocally(rows, state, { ...options, paged: false }).rows).toHaveLength(3);
  });
});
