import { USER_SORT_FIELDS } from '@portal/contract';
import { defineList } from '../../../shared/list/list-state.ts';

/** The users screen's URL state: `?page=2&size=50&sort=lastName:desc&q=ann&active=false&roles=1,2&companies=7`. */
export const userList = defineList({
  sortFields: USER_SORT_FIELDS,
  defaultSort: { field: 'login', dir: 'asc' },
  filters: {
    active: { kind: 'boolean' },
    roleIds: { kind: 'ids', param: 'roles' },
    companyIds: { kind: 'ids', param: 'companies' },
  },
});

export type TUserListState = ReturnType<typeof userList.parse>;
export type TUserListPatch = Parameters<typeof userList.apply>[1];
export type TUserSortField = (typeof USER_SORT_FIELDS)[number];
export type TUserFilters = typeof userList.spec.filters;
