/**
 * A list screen's state (page, size, sort, search, filters) as it lives in the URL query, driven
 * by a small description of the screen's sort fields and filters. One parser and one writer serve
 * every list screen, so links stay shareable and reloads keep the view.
 */

/** How one filter is kept in the URL: `param` names the query key (default: the filter's name). */
export type TFilterSpec =
  { kind: 'boolean'; param?: string } | { kind: 'ids'; param?: string } | { kind: 'text'; param?: string };

export type TFilterSpecs = Record<string, TFilterSpec>;

type TFilterValue<S extends TFilterSpec> = S extends { kind: 'boolean' }
  ? boolean | null
  : S extends { kind: 'ids' }
    ? number[]
    : string;

export type TFilterValues<F extends TFilterSpecs> = { [K in keyof F]: TFilterValue<F[K]> };

export type TSortDir = 'asc' | 'desc';
export type TSort<TField extends string> = { field: TField; dir: TSortDir };

export type TListState<TField extends string, F extends TFilterSpecs> = {
  page: number;
  pageSize: number;
  sort: TSort<TField> | null;
  search: string;
  filters: TFilterValues<F>;
};

/** A change to the state; filters merge one by one. */
export type TListPatch<TField extends string, F extends TFilterSpecs> = Partial<
  Omit<TListState<TField, F>, 'filters'>
> & { filters?: Partial<TFilterValues<F>> };

/** The find request part of a state: paging, sort, search and every filter that narrows. */
export type TListQuery<TField extends string, F extends TFilterSpecs> = {
  page: number;
  pageSize: number;
  sort: TSort<TField>[];
  search?: string;
} & { [K in keyof F]?: NonNullable<TFilterValue<F[K]>> };

export type TListSpec<TField extends string, F extends TFilterSpecs> = {
  /** Fields the server sorts by; anything else in the URL is ignored. */
  sortFields: readonly TField[];
  /** Sent when the person chose no sort, so pages do not shift between requests. */
  defaultSort: TSort<TField>;
  filters: F;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
};

export type TListDefinition<TField extends string, F extends TFilterSpecs> = {
  readonly spec: TListSpec<TField, F>;
  readonly pageSizes: readonly number[];
  parse(params: URLSearchParams): TListState<TField, F>;
  serialize(state: TListState<TField, F>): URLSearchParams;
  apply(state: TListState<TField, F>, patch: TListPatch<TField, F>): TListState<TField, F>;
  isFiltered(state: TListState<TField, F>): boolean;
  cleared(state: TListState<TField, F>): TListState<TField, F>;
  toQuery(state: TListState<TField, F>): TListQuery<TField, F>;
};

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

function readIds(value: string | null): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

function emptyValue(spec: TFilterSpec): boolean | null | number[] | string {
  switch (spec.kind) {
    case 'boolean':
      return null;
    case 'ids':
      return [];
    case 'text':
      return '';
  }
}

function readValue(spec: TFilterSpec, raw: string | null): boolean | null | number[] | string {
  switch (spec.kind) {
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : null;
    case 'ids':
      return readIds(raw);
    case 'text':
      return raw ?? '';
  }
}

/** The URL text of a filter value, or null when the value narrows nothing. */
type TRawValue = boolean | null | number[] | string | undefined;

function writeValue(value: TRawValue): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.length ? value.join(',') : null;
  return String(value);
}

function narrows(value: TRawValue): boolean {
  return writeValue(value) !== null && !(typeof value === 'string' && value.trim() === '');
}

/** Builds the parser, writer and helpers of one list screen's URL state. */
export function defineList<TField extends string, F extends TFilterSpecs>(
  spec: TListSpec<TField, F>,
): TListDefinition<TField, F> {
  const pageSizes = spec.pageSizes ?? PAGE_SIZES;
  const defaultPageSize = spec.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const filterKeys = Object.keys(spec.filters) as (keyof F & string)[];
  const paramOf = (key: keyof F & string) => spec.filters[key]?.param ?? key;
  const isSortField = (value: string): value is TField =>
    (spec.sortFields as readonly string[]).includes(value);
  const emptyFilters = () =>
    Object.fromEntries(
      filterKeys.map((key) => [key, emptyValue(spec.filters[key] as TFilterSpec)]),
    ) as TFilterValues<F>;

  const definition: TListDefinition<TField, F> = {
    spec,
    pageSizes,

    parse(params) {
      const page = Number(params.get('page'));
      const pageSize = Number(params.get('size'));
      const [field = '', dir] = (params.get('sort') ?? '').split(':');
      return {
        page: Number.isInteger(page) && page >= 1 ? page : 1,
        pageSize: pageSizes.includes(pageSize) ? pageSize : defaultPageSize,
        sort: isSortField(field) ? { field, dir: dir === 'desc' ? 'desc' : 'asc' } : null,
        search: params.get('q') ?? '',
        filters: Object.fromEntries(
          filterKeys.map((key) => [
            key,
            readValue(spec.filters[key] as TFilterSpec, params.get(paramOf(key))),
          ]),
        ) as TFilterValues<F>,
      };
    },

    serialize(state) {
      const params = new URLSearchParams();
      if (state.page !== 1) params.set('page', String(state.page));
      if (state.pageSize !== defaultPageSize) params.set('size', String(state.pageSize));
      if (state.sort) params.set('sort', `${state.sort.field}:${state.sort.dir}`);
      if (state.search) params.set('q', state.search);
      for (const key of filterKeys) {
        const text = writeValue(state.filters[key]);
        if (text !== null) params.set(paramOf(key), text);
      }
      return params;
    },

    apply(state, patch) {
      const { filters, ...rest } = patch;
      const next = { ...state, ...rest, filters: { ...state.filters, ...filters } };
      // A new search, filter, sort or page size shows a different list: start it at its first page.
      const reshaped =
        filters !== undefined ||
        (patch.search !== undefined && patch.search !== state.search) ||
        (patch.pageSize !== undefined && patch.pageSize !== state.pageSize) ||
        (patch.sort !== undefined && JSON.stringify(patch.sort) !== JSON.stringify(state.sort));
      return patch.page === undefined && reshaped ? { ...next, page: 1 } : next;
    },

    isFiltered(state) {
      return state.search.trim() !== '' || filterKeys.some((key) => narrows(state.filters[key]));
    },

    cleared(state) {
      return { ...state, page: 1, search: '', filters: emptyFilters() };
    },

    toQuery(state) {
      const narrowing = filterKeys.filter((key) => narrows(state.filters[key]));
      return {
        page: state.page,
        pageSize: state.pageSize,
        sort: [state.sort ?? spec.defaultSort],
        ...(state.search.trim() ? { search: state.search.trim() } : {}),
        ...Object.fromEntries(narrowing.map((key) => [key, state.filters[key]])),
      } as TListQuery<TField, F>;
    },
  };
  return definition;
}

/**
 * Sorts, searches and pages rows already in memory (a short list the server answers whole), so
 * such a screen keeps the same URL state and table as a server-paged one.
 */
export function pageLocally<T, TField extends string>(
  rows: readonly T[],
  state: { page: number; pageSize: number; sort: TSort<TField> | null; search: string },
  options: {
    compare: Record<TField, (a: T, b: T) => number>;
    defaultSort: TSort<TField>;
    matches: (row: T, search: string) => boolean;
    paged?: boolean;
  },
): { rows: T[]; total: number } {
  const search = state.search.trim().toLocaleLowerCase();
  const { field, dir } = state.sort ?? options.defaultSort;
  const sign = dir === 'desc' ? -1 : 1;
  const found = rows
    .filter((row) => !search || options.matches(row, search))
    .sort((a, b) => sign * options.compare[field](a, b));
  if (options.paged === false) return { rows: found, total: found.length };
  const start = (state.page - 1) * state.pageSize;
  return { rows: found.slice(start, start + state.pageSize), total: found.length };
}
