import { describe, expect, it } from 'vitest';
import { isFiltered, parseUserListState, serializeUserListState, toFindRequest } from './user-list-state.ts';

describe('user list URL state', () => {
  it('reads defaults from an empty query', () => {
    const state = parseUserListState(new URLSearchParams());
    expect(state).toEqual({
      page: 1,
      pageSize: 20,
      sort: null,
      search: '',
      active: null,
      roleIds: [],
      companyIds: [],
    });
    expect(serializeUserListState(state).toString()).toBe('');
    expect(isFiltered(state)).toBe(false);
  });

  it('round-trips every part of the state', () => {
    const query = 'page=3&size=50&sort=lastName%3Adesc&q=smith&active=false&roles=1%2C2&companies=7';
    const state = parseUserListState(new URLSearchParams(query));
    expect(state).toEqual({
      page: 3,
      pageSize: 50,
      sort: { field: 'lastName', dir: 'desc' },
      search: 'smith',
      active: false,
      roleIds: [1, 2],
      companyIds: [7],
    });
    expect(serializeUserListState(state).toString()).toBe(query);
    expect(isFiltered(state)).toBe(true);
  });

  it('ignores unknown sort fields, odd page sizes and bad ids', () => {
    const state = parseUserListState(new URLSearchParams('page=-2&size=13&sort=password:asc&roles=a,0,4'));
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(20);
    expect(state.sort).toBeNull();
    expect(state.roleIds).toEqual([4]);
  });

  it('builds the find request with a stable default sort', () => {
    const state = parseUserListState(new URLSearchParams('q=%20ann%20&active=true'));
    expect(toFindRequest(state)).toEqual({
      page: 1,
      pageSize: 20,
      sort: [{ field: 'login', dir: 'asc' }],
      search: 'ann',
      active: true,
    });
  });
});
