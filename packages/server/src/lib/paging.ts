import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE_SIZE, MAX_ID, type TFindQuery } from '@portal/contract';
import { badRequest } from './app-error.ts';

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
 * ORDER BY from the request's sort, allowing only the listed fields (looked up in a Map, so
 * `__proto__` or `constructor` are just unknown fields); `fallback` keeps paging stable.
 */
export function orderOf(
  query: TFindQuery,
  columns: Record<string, AnyPgColumn | SQL>,
  fallback: AnyPgColumn,
): SQL[] {
  const allowed = new Map(Object.entries(columns));
  const order = (query.sort ?? []).map(({ field, dir }) => {
    const column = allowed.get(field);
    if (!column)
      throw badRequest('sortFieldNotValid', { field, fields: [...allowed.keys()].join(', ') }, 'sort');
    return dir === 'desc' ? desc(column) : asc(column);
  });
  return [...order, asc(fallback)];
}

/** Escapes % and _ so a search text matches literally inside LIKE; lower-cased for the trigram indexes. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
