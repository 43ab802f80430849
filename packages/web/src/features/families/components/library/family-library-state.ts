import { FAMILY_SORT_FIELDS, type TFamilyFindRequest, type TTifStatus } from '@portal/contract';
import { defineList, type TListDefinition } from '../../../../shared/list/list-state.ts';

export type TFamilySortField = (typeof FAMILY_SORT_FIELDS)[number];
export type TFamilyView = 'gallery' | 'table';

/**
 * The library's tabs: `all` the published families the person may see, `company` their own
 * company's families with its pending requests, `mine` their own requests waiting for approval.
 */
export const FAMILY_SCOPES = ['all', 'company', 'mine'] as const;
export type TFamilyScope = (typeof FAMILY_SCOPES)[number];

const filters = {
  categoryIds: { kind: 'ids', param: 'category' },
  revitVersions: { kind: 'ids', param: 'revit' },
  minRating: { kind: 'text', param: 'rating' },
  companyIds: { kind: 'ids', param: 'company' },
  /** Several tags, one per line here and one `tag` parameter each in the URL (tags may hold commas). */
  tags: { kind: 'text', param: 'tag' },
  /** Which tab of the library: '' the published library, 'company' or 'mine' (see TFamilyScope). */
  scope: { kind: 'text', param: 'scope' },
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

/** The tab a state shows. */
export function scopeOf(state: TState): TFamilyScope {
  return state.filters.scope === 'company' || state.filters.scope === 'mine' ? state.filters.scope : 'all';
}

export function viewOf(state: TState): TFamilyView {
  return state.filters.view === 'table' ? 'table' : 'gallery';
}

/**
 * The library's URL state: `#/families?view=table&page=2&sort=downloads:desc&q=door&category=3,4
 * &revit=2023,2024&rating=4&company=7&tag=steel&tag=fire%20rated&scope=mine`. The view and the
 * tab are places, not filters: clearing the filters keeps them. `mine=true` (older links) still
 * opens "My requests".
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
        scope: params.get('mine') === 'true' ? 'mine' : scopeOf(state) === 'all' ? '' : scopeOf(state),
      },
    };
  },
  serialize(state) {
    const params = base.serialize({ ...state, filters: { ...state.filters, tags: '' } });
    for (const tag of tagsOf(state)) params.append('tag', tag);
    return params;
  },
  isFiltered(state) {
    return base.isFiltered({ ...state, filters: { ...state.filters, view: '', scope: '' } });
  },
  cleared(state) {
    const cleared = base.cleared(state);
    return {
      ...cleared,
      filters: { ...cleared.filters, view: state.filters.view, scope: state.filters.scope },
    };
  },
};

export type TFamilyListState = TState;
export type TFamilyListPatch = Parameters<typeof familyLibrary.apply>[1];

/** Who is looking: the find of the "company" tab needs their company. */
export type TLibraryViewer = { companyId: number | null };

/**
 * The find request of a state (or of another tab over the same search and filters), without
 * paging: the gallery pages itself, the table adds its page, and a tab's count asks for one row.
 */
export function familyFindRequest(
  state: TFamilyListState,
  viewer: TLibraryViewer,
  scope: TFamilyScope = scopeOf(state),
): Omit<TFamilyFindRequest, 'page' | 'pageSize'> {
  const { categoryIds, revitVersions, companyIds } = state.filters;
  const search = state.search.trim();
  const tags = tagsOf(state);
  const minRating = minRatingOf(state);
  // The company tab starts from the person's company; a company chosen in its facet narrows it.
  const companies =
    scope === 'company' && companyIds.length === 0 && viewer.companyId !== null
      ? [viewer.companyId]
      : companyIds;
  return {
    sort: [state.sort ?? base.spec.defaultSort],
    ...(search ? { search } : {}),
    ...(categoryIds.length ? { categoryIds } : {}),
    ...(revitVersions.length ? { revitVersions: revitVersions.map(String) } : {}),
    ...(minRating !== null ? { minRating } : {}),
    ...(companies.length ? { companyIds: companies } : {}),
    ...(tags.length ? { tags } : {}),
    ...(scope === 'company' ? { includeTempItems: true, tifStatuses: ['A', ...MY_REQUEST_STATUSES] } : {}),
    ...(scope === 'mine' ? { includeTempItems: true, tifStatuses: [...MY_REQUEST_STATUSES] } : {}),
  };
}

/**
 * An open search being typed: the texts its pauses wrote to the URL. Its first pause pushed a
 * history entry; the pauses after it replace that entry, so Back undoes the whole search at once.
 */
export type TSearchSession = { written: readonly string[] } | null;

/** What changed the state: a pause while typing, a search committed (Enter, leaving the box), anything else. */
export type TLibraryChange = 'typing' | 'committed' | 'choice';

/**
 * Whether a change replaces the current history entry or pushes a new one, and the typing session
 * after it. Every choice (a facet, the tab, the view, a sort, a page) pushes; typing pushes once.
 */
export function historyStep(
  session: TSearchSession,
  nextSearch: string,
  change: TLibraryChange,
): { replace: boolean; session: TSearchSession } {
  switch (change) {
    case 'choice':
      return { replace: false, session: null };
    case 'typing':
      return { replace: session !== null, session: { written: [...(session?.written ?? []), nextSearch] } };
    case 'committed':
      return { replace: session !== null, session: null };
  }
}

/**
 * The session once the URL shows `search`: it goes on while the URL shows a text it wrote (the
 * router may show one pause's text after the next pause was written); Back, or any search it did
 * not write, ends it.
 */
export function sessionAtUrl(session: TSearchSession, search: string): TSearchSession {
  return session !== null && session.written.includes(search) ? session : null;
}
