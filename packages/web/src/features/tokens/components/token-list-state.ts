import {
  API_TOKEN_SCOPES,
  API_TOKEN_SORT_FIELDS,
  type TApiTokenFindRequest,
  type TApiTokenScope,
} from '@portal/contract';
import { defineList, type TListQuery } from '../../../shared/list/list-state.ts';

export type TTokenSortField = (typeof API_TOKEN_SORT_FIELDS)[number];

/** The tokens screen's URL state: `?sort=validUntil:asc&q=revit&scope=lookup&company=12`. */
export const tokenList = defineList({
  sortFields: API_TOKEN_SORT_FIELDS,
  // The newest first: the one just made is on top.
  defaultSort: { field: 'createdOn', dir: 'desc' },
  filters: { scope: { kind: 'text' }, company: { kind: 'ids' } },
});

export type TTokenFilters = typeof tokenList.spec.filters;

const isScope = (value: string | undefined): value is TApiTokenScope =>
  API_TOKEN_SCOPES.some((scope) => scope === value);

/** The find request of a list query. */
export function tokenFindRequest(query: TListQuery<TTokenSortField, TTokenFilters>): TApiTokenFindRequest {
  const { scope, company, ...rest } = query;
  return {
    ...rest,
    ...(isScope(scope) ? { scopes: [scope] } : {}),
    ...(company?.length ? { companyIds: company } : {}),
  };
}
