import { CATEGORY_SORT_FIELDS } from '@portal/contract';
import { defineList, type TListDefinition, type TListState } from '../../../shared/list/list-state.ts';

export type TCategorySortField = (typeof CATEGORY_SORT_FIELDS)[number];
export type TCategoryView = 'grid' | 'table';

const VIEW_PARAM = 'view';

/** The view a query asks for: `view=table`, else the picture grid. */
export function readView(params: URLSearchParams): TCategoryView {
  return params.get(VIEW_PARAM) === 'table' ? 'table' : 'grid';
}

/** The query with the view set (the grid, the default, writes nothing). */
export function withViewParam(params: URLSearchParams, view: TCategoryView): URLSearchParams {
  const next = new URLSearchParams(params);
  if (view === 'table') next.set(VIEW_PARAM, view);
  else next.delete(VIEW_PARAM);
  return next;
}

const base = defineList({
  sortFields: CATEGORY_SORT_FIELDS,
  defaultSort: { field: 'categoryName', dir: 'asc' },
  filters: { active: { kind: 'boolean' } },
});

type TFilters = typeof base.spec.filters;
type TState = TListState<TCategorySortField, TFilters>;
type TViewed = TState & { view?: TCategoryView };

const viewOf = (state: TState): TCategoryView => (state as TViewed).view ?? 'grid';

function keepView(state: TState, view: TCategoryView): TState {
  const viewed: TViewed = { ...state, view };
  return viewed;
}

/**
 * The categories screen's URL state: `?page=2&size=50&sort=familyCount:desc&q=door&active=false&view=table`.
 * The list kit writes its query afresh on every change; the view rides along in the state so a
 * new page, sort or filter keeps it, and clearing the filters does not switch it back.
 */
export const categoryList: TListDefinition<TCategorySortField, TFilters> = {
  ...base,
  parse: (params) => keepView(base.parse(params), readView(params)),
  serialize: (state) => withViewParam(base.serialize(state), viewOf(state)),
  apply: (state, patch) => keepView(base.apply(state, patch), viewOf(state)),
  cleared: (state) => keepView(base.cleared(state), viewOf(state)),
};

export type TCategoryListState = TState;
export type TCategoryListPatch = Parameters<typeof categoryList.apply>[1];
export type TCategoryFilters = TFilters;
