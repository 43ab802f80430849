import { FAMILY_SORT_FIELDS, type TFamilyFindRequest, type TTifStatus } from '@portal/contract';
import { defineList, type TListDefinition } from '../../../../shared/list/list-state.ts';

export type TFamilySortField = (typeof FAMILY_SORT_FIELDS)[number];
export type TFamilyView = 'gallery' | 'table';

const filters = {
  categoryIds: { kind: 'ids', param: 'category' },
  revitVersions: { kind: 'ids', param: 'revit' },
  minRating: { kind: 'text', param: 'rating' },
  companyIds: { kind: 'ids', param: 'company' },
  /** Several tags, one per line here and one `tag` parameter each in the URL (tags may hold commas). */
  tags: { kind: 'text', param: 'tag' },
  /** "My requests": the person's own pending items instead of the published library. */
  mine: { kind: 'boolean', param: 'mine' },
  view: { kind: 'text', param: 'view' },
} as const;

export type TFamilyFilters = typeof filters;

const base = defineList({
  sortFields: FAMILY_SORT_FIELDS,
  defaultSort: { field: 'revitFamilyName', dir: 'asc' },
  filters,
  pageSizes: [20, 50, 100],
  defaultPageSize: 50,
});

type TState = ReturnType<typeof base.parse>;

/** The statuses of a person's own requests ("My requests"). */
export const MY_REQUEST_STATUSES: readonly TTifStatus[] = ['RfA', 'RfC', 'RfR', 'RfD', 'P'];

const TAG_SEPARATOR = '\n';

/** The tags of a state, in the order chosen. */
export function tagsOf(state: TState): string[] {
  return state.filters.tags ? state.filters.tags.split(TAG_SEPARATOR).filter(Boolean) : [];
}

/** The tags filter value for a list of tags. */
export function joinTags(tags: readonly string[]): string {
  return tags.join(TAG_SEPARATOR);
}

/** The minimum rating of a state (1 to 5), or null. */
export function minRatingOf(state: TState): number | null {
  const rating = Number(state.filters.minRating);
  return state.filters.minRating && Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null;
}

export function viewOf(state: TState): TFamilyView {
  return state.filters.view === 'table' ? 'table' : 'gallery';
}

/**
 * The library's URL state: `#/families?view=table&page=2&sort=downloads:desc&q=door&category=3,4
 * &revit=2023,2024&rating=4&company=7&tag=steel&tag=fire%20rated&mine=true`. The view and the
 * "My requests" tab are places, not filters: clearing the filters keeps them.
 */
export const familyLibrary: TListDefinition<TFamilySortField, TFamilyFilters> = {
  ...base,
  parse(params) {
    const state = base.parse(params);
    const tags = params
      .getAll('tag')
      .map((tag) => tag.trim())
      .filter(Boolean);
    return {
      ...state,
      filters: {
        ...state.filters,
        tags: joinTags(tags),
        minRating: minRatingOf(state) === null ? '' : state.filters.minRating,
        view: state.filters.view === 'table' ? 'table' : '',
        mine: state.filters.mine === true ? true : null,
      },
    };
  },
  serialize(state) {
    const params = base.serialize({ ...state, filters: { ...state.filters, tags: '' } });
    for (const tag of tagsOf(state)) params.append('tag', tag);
    return params;
  },
  isFiltered(state) {
    return base.isFiltered({ ...state, filters: { ...state.filters, view: '', mine: null } });
  },
  cleared(state) {
    const cleared = base.cleared(state);
    return {
      ...cleared,
      filters: { ...cleared.filters, view: state.filters.view, mine: state.filters.mine },
    };
  },
};

export type TFamilyListState = TState;
export type TFamilyListPatch = Parameters<typeof familyLibrary.apply>[1];

/** The find request of a state, without paging (the gallery pages itself, the table adds its page). */
export function familyFindRequest(state: TFamilyListState): Omit<TFamilyFindRequest, 'page' | 'pageSize'> {
  const { categoryIds, revitVersions, companyIds, mine } = state.filters;
  const search = state.search.trim();
  const tags = tagsOf(state);
  const minRating = minRatingOf(state);
  return {
    sort: [state.sort ?? base.spec.defaultSort],
    ...(search ? { search } : {}),
    ...(categoryIds.length ? { categoryIds } : {}),
    ...(revitVersions.length ? { revitVersions: revitVersions.map(String) } : {}),
    ...(minRating !== null ? { minRating } : {}),
    ...(companyIds.length ? { companyIds } : {}),
    ...(tags.length ? { tags } : {}),
    ...(mine ? { includeTempItems: true, tifStatuses: [...MY_REQUEST_STATUSES] } : {}),
  };
}
