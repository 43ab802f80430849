import type { TListFindRequest } from '@portal/contract';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import { genericListItems, genericLists } from '../../db/schema/index.ts';
import { likePattern, orderOf, pageOf } from '../../lib/paging.ts';

export type TListRow = typeof genericLists.$inferSelect;
export type TListItemRow = typeof genericListItems.$inferSelect;

const SORT_COLUMNS = { listCode: sql`lower(${genericLists.code})`, active: genericLists.active };

/** A list's item ids and codes by the list's code (any case), in the list's order: one prepared statement. */
const codesQuery = (db: TDb) =>
  db
    .select({ id: genericListItems.id, code: genericListItems.code })
    .from(genericListItems)
    .innerJoin(genericLists, eq(genericLists.id, genericListItems.listId))
    .where(eq(sql`lower(${genericLists.code})`, sql`lower(${sql.placeholder('code')})`))
    .orderBy(asc(genericListItems.sortOrder), asc(genericListItems.id))
    .prepare('generic_list_codes');

/** Generic lists and their items. */
export class ListsRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async find(filter: TListFindRequest): Promise<{ rows: TListRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.ids?.length) conditions.push(inArray(genericLists.id, filter.ids));
    if (filter.names?.length)
      conditions.push(
        inArray(
          sql`lower(${genericLists.code})`,
          filter.names.map((n) => n.toLowerCase()),
        ),
      );
    if (filter.active !== undefined) conditions.push(eq(genericLists.active, filter.active));
    const search = filter.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      conditions.push(
        sql`(lower(${genericLists.code}) like ${pattern} or lower(coalesce(${genericLists.description}, '')) like ${pattern})`,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const page = pageOf(filter);
    const [rows, totals] = await Promise.all([
      this.#ctx.db
        .select()
        .from(genericLists)
        .where(where)
        .orderBy(...orderOf(filter.sort, SORT_COLUMNS, genericLists.id))
        .limit(page.limit)
        .offset(page.offset),
      this.#ctx.db.select({ total: count() }).from(genericLists).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  async items(listIds: number[]): Promise<TListItemRow[]> {
    if (listIds.length === 0) return [];
    return this.#ctx.db
      .select()
      .from(genericListItems)
      .where(inArray(genericListItems.listId, listIds))
      .orderBy(asc(genericListItems.sortOrder), asc(genericListItems.id));
  }

  async byCode(code: string): Promise<TListRow | undefined> {
    const [row] = await this.#ctx.db
      .select()
      .from(genericLists)
      .where(eq(sql`lower(${genericLists.code})`, code.toLowerCase()));
    return row;
  }

  /** Item ids and codes of the list `code` (none when the list is missing). */
  async codesOf(code: string): Promise<Array<{ id: number; code: string }>> {
    return this.#ctx.runPrepared('generic_list_codes', codesQuery, { code });
  }

  async lock(id: number): Promise<TListRow | undefined> {
    const [row] = await this.#ctx.db.select().from(genericLists).where(eq(genericLists.id, id)).for('update');
    return row;
  }

  async insert(values: Omit<typeof genericLists.$inferInsert, 'id'>): Promise<number> {
    const [row] = await this.#ctx.db.insert(genericLists).values(values).returning({ id: genericLists.id });
    return row!.id;
  }

  async update(id: number, values: Partial<typeof genericLists.$inferInsert>): Promise<void> {
    await this.#ctx.db.update(genericLists).set(values).where(eq(genericLists.id, id));
  }

  /** Replaces a list's items by the given ones. */
  async replaceItems(
    listId: number,
    items: Array<{ code: string; value: string; sortOrder: number }>,
  ): Promise<void> {
    await this.#ctx.db.delete(genericListItems).where(eq(genericListItems.listId, listId));
    if (items.length)
      await this.#ctx.db.insert(genericListItems).values(items.map((item) => ({ ...item, listId })));
  }

  /** Which of the ids are items of the list with that code. */
  async itemIdsOf(code: string, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.#ctx.db
      .select({ id: genericListItems.id })
      .from(genericListItems)
      .innerJoin(genericLists, eq(genericLists.id, genericListItems.listId))
      .where(
        and(inArray(genericListItems.id, ids), eq(sql`lower(${genericLists.code})`, code.toLowerCase())),
      );
    return new Set(rows.map((r) => r.id));
  }
}
