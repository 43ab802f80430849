import type { TUserFindRequest } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { userList } from './user-list-state.ts';

describe('users list URL state', () => {
  it('reads defaults from an empty query', () => {
    const state = userList.parse(new URLSearchParams());
    expect(state).toEqual({
      page: 1,
      pageSize: 20,
      sort: null,
      search: '',
      filters: { active: null, roleIds: [], companyIds: [] },
    });
    expect(userList.serialize(state).toString()).toBe('');
    expect(userList.isFiltered(state)).toBe(false);
  });

  it('keeps the links shared before the list kit working', () => {
    const query = 'page=3&size=50&sort=lastName%3Adesc&q=smith&active=false&roles=1%2C2&companies=7';
    const state = userList.parse(new URLSearchParams(query));
    expect(state).toEqual({
      page: 3,
      pageSize: 50,
      sort: { field: 'lastName', dir: 'desc' },
      search: 'smith',
      filters: { active: false, roleIds: [1, 2], companyIds: [7] },
    });
    expect(userList.serialize(state).toString()).toBe(query);
  });

  it('builds the user find request with a stable default sort', () => {
    const state = userList.parse(new URLSearchParams('q=%20ann%20&active=true&roles=4'));
    const request: TUserFindRequest = userList.toQuery(state);
    expect(request).toEqual({
      page: 1,
      pageSize: 20,
      sort: [{ field: 'login', dir: 'asc' }],
      search: 'ann',
      active: true,
      roleIds: [4],
    });
  });
});
