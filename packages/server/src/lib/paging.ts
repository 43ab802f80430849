import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE_SIZE, type TFindQuery } from '@portal/contract';
import { badRequest } from './app-error.ts';

export type TPage = { limit: number; offset: number };

/** Page and size of a find; with none given at most DEFAULT_PAGE_SIZE records (CONTRACT 1). */
export function pageOf(query: TFindQuery): TPage {
  const limit = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

/** ORDER BY from the request's sort, allowing only the listed fields; `fallback` keeps paging stable. */
export function orderOf(
  query: TFindQuery,
  columns: Record<string, AnyPgColumn | SQL>,
  fallback: AnyPgColumn,
): SQL[] {
  const order = (query.sort ?? []).map(({ field, dir }) => {
    const column = columns[field];
    if (!column)
      throw badRequest(`sort field ${field} is not valid; use one of ${Object.keys(columns).join(', ')}`);
    return dir === 'desc' ? desc(column) : asc(column);
  });
  return [...order, asc(fallback)];
}

/** Escapes % and _ so a search text matches literally inside ILIKE. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
