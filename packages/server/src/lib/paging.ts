import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE_SIZE, MAX_ID, type TFindQuery } from '@portal/contract';

export type TPage = { limit: number; offset: number };

/** Page and size of a find; with none given at most DEFAULT_PAGE_SIZE records (CONTRACT 1). */
export function pageOf(query: TFindQuery): TPage {
  const limit = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

/**
 * The page as the 1-based, inclusive bounds of a PostgreSQL array slice (`ids[from:to]`), kept
 * inside the integer range subscripts take: a page that far out is empty either way.
 */
export function sliceOf(page: TPage): { from: number; to: number } {
  return { from: Math.min(page.offset + 1, MAX_ID), to: Math.min(page.offset + page.limit, MAX_ID) };
}

/**
 * ORDER BY from a request's sort, whose fields the contract schema has already checked (sortOf):
 * every field the schema lists has its column here, and `fallback` (ascending, ending in a unique
 * column) keeps paging stable.
 */
export function orderOf<F extends string>(
  sort: ReadonlyArray<{ field: F; dir: 'asc' | 'desc' }> | undefined,
  columns: Record<F, AnyPgColumn | SQL>,
  ...fallback: Array<AnyPgColumn | SQL>
): SQL[] {
  const order = (sort ?? []).map(({ field, dir }) =>
    dir === 'desc' ? desc(columns[field]) : asc(columns[field]),
  );
  return [...order, ...fallback.map((column) => asc(column))];
}

/** Escapes % and _ so a search text matches literally inside LIKE; lower-cased for the trigram indexes. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The words of a search, at most eight. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
}
