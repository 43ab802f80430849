import type { TUserFindRequest } from '@portal/contract';
import { USER_SORT_FIELDS } from '@portal/contract';

export type TUserSortField = (typeof USER_SORT_FIELDS)[number];

/** Everything the users screen shows, as kept in the URL query (shareable, survives reload). */
export type TUserListState = {
  page: number;
  pageSize: number;
  sort: { field: TUserSortField; dir: 'asc' | 'desc' } | null;
  search: string;
  active: boolean | null;
  roleIds: number[];
  companyIds: number[];
};

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

function ids(value: string | null): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

function isSortField(value: string): value is TUserSortField {
  return (USER_SORT_FIELDS as readonly string[]).includes(value);
}

/** Reads the state from the query; anything unreadable falls back to the default. */
export function parseUserListState(params: URLSearchParams): TUserListState {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('size'));
  const [field = '', dir] = (params.get('sort') ?? '').split(':');
  const active = params.get('active');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    sort: isSortField(field) ? { field, dir: dir === 'desc' ? 'desc' : 'asc' } : null,
    search: params.get('q') ?? '',
    active: active === 'true' ? true : active === 'false' ? false : null,
    roleIds: ids(params.get('roles')),
    companyIds: ids(params.get('companies')),
  };
}

/** Writes the state back, leaving defaults out so URLs stay short. */
export function serializeUserListState(state: TUserListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  if (state.sort) params.set('sort', `${state.sort.field}:${state.sort.dir}`);
  if (state.search) params.set('q', state.search);
  if (state.active !== null) params.set('active', String(state.active));
  if (state.roleIds.length) params.set('roles', state.roleIds.join(','));
  if (state.companyIds.length) params.set('companies', state.companyIds.join(','));
  return params;
}

/** The POST /user/find body for the state. */
export function toFindRequest(state: TUserListState): TUserFindRequest {
  return {
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort ? [state.sort] : [{ field: 'login', dir: 'asc' }],
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(state.active !== null ? { active: state.active } : {}),
    ...(state.roleIds.length ? { roleIds: state.roleIds } : {}),
    ...(state.companyIds.length ? { companyIds: state.companyIds } : {}),
  };
}

/** True when the list is narrowed by a search or a filter (for the empty state's wording). */
export function isFiltered(state: TUserListState): boolean {
  return (
    state.search.trim() !== '' ||
    state.active !== null ||
    state.roleIds.length > 0 ||
    state.companyIds.length > 0
  );
}
