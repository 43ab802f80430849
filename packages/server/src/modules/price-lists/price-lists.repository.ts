import type {
  TPriceItemInput,
  TPriceItemSortField,
  TPriceListFindRequest,
  TPriceListGetRequest,
} from '@portal/contract';
import { and, asc, count, eq, gt, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import { companies, priceItems, priceLists } from '../../db/schema/index.ts';
import { likePattern, orderOf, pageOf } from '../../lib/paging.ts';

export type TPriceListRow = typeof priceLists.$inferSelect;
export type TPriceListWrite = Omit<typeof priceLists.$inferInsert, 'id'>;
export type TPriceItemRow = typeof priceItems.$inferSelect;

const itemCount =
  sql<number>`(select count(*) from ${priceItems} pi where pi.price_list_id = ${priceLists}.id)`.mapWith(
    Number,
  );
const SORT_COLUMNS = { priceListCode: sql`lower(${priceLists.code})`, active: priceLists.active, itemCount };
/**
 * Items travel to PostgreSQL as one JSON parameter, an array of contract item records
 * (TPriceItemInput, with `priceItemId` when rewritten), unpacked by jsonb_to_recordset: one
 * statement per batch, however many rows.
 */
const ITEM_RECORD = sql.raw(`"orderNumber" text, "priceItemDescription" text, "priceItemInformation" text,
  "priceItemValue" numeric, "refValue1" float8, "refValue2" float8, "refValue3" float8, "refValue4" float8,
  "refValue5" float8, "refValue6" float8, "refValue7" float8, "refValue8" float8, "refValue9" float8,
  "kFactor" float8, "refValuesCanBeConverted" boolean, "priceItemReference" text, "priceItemPerUnitId" integer,
  "priceItemMeasurementUnitId" integer, "currencyId" integer`);
/** The table's columns from such a record `x`, in ITEM_COLUMNS' order (empty texts stored as null). */
const ITEM_VALUES = sql.raw(`x."orderNumber", nullif(x."priceItemDescription", ''),
  nullif(x."priceItemInformation", ''), coalesce(x."priceItemValue", 0), x."refValue1", x."refValue2",
  x."refValue3", x."refValue4", x."refValue5", x."refValue6", x."refValue7", x."refValue8", x."refValue9",
  x."kFactor", coalesce(x."refValuesCanBeConverted", false), nullif(x."priceItemReference", ''),
  x."priceItemPerUnitId", x."priceItemMeasurementUnitId", x."currencyId"`);
const ITEM_COLUMNS = sql.raw(`order_number, description, information, value, ref_value1, ref_value2,
  ref_value3, ref_value4, ref_value5, ref_value6, ref_value7, ref_value8, ref_value9, k_factor,
  ref_values_can_be_converted, reference, per_unit_id, measurement_unit_id, currency_id`);
/** The dry-run import's rows: a temporary table of the open transaction. */
const PREVIEW = sql.raw('price_import_preview');
/** A list's items sort by these columns (then by id, the fallback, so paging is stable). */
const ITEM_SORT_COLUMNS: Record<TPriceItemSortField, AnyPgColumn> = {
  priceItemId: priceItems.id,
  orderNumber: priceItems.orderNumber,
  priceItemDescription: priceItems.description,
  priceItemValue: priceItems.value,
  refValue1: priceItems.refValue1,
  refValue2: priceItems.refValue2,
  refValue3: priceItems.refValue3,
  refValue4: priceItems.refValue4,
  refValue5: priceItems.refValue5,
  refValue6: priceItems.refValue6,
  refValue7: priceItems.refValue7,
  refValue8: priceItems.refValue8,
  refValue9: priceItems.refValue9,
  kFactor: priceItems.kFactor,
  priceItemReference: priceItems.reference,
};

/** A list's items, and those whose order number, description or reference hold `search`. */
function itemsWhere(listId: number, search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return eq(priceItems.priceListId, listId);
  const pattern = likePattern(text);
  return and(
    eq(priceItems.priceListId, listId),
    sql`(lower(${priceItems.orderNumber}) like ${pattern}
      or lower(coalesce(${priceItems.description}, '')) like ${pattern}
      or lower(coalesce(${priceItems.reference}, '')) like ${pattern})`,
  );
}
/** Items per statement when a list's items are written from records. */
const BATCH = 2000;

/** Price lists and their items. */
export class PriceListsRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  /** A page of lists; `scope` (company ids; null: all) keeps its companies' lists and the portal-wide ones. */
  async find(
    filter: TPriceListFindRequest,
    scope: number[] | null,
  ): Promise<{ rows: (TPriceListRow & { itemCount: number; companyName: string | null })[]; total: number }> {
    const conditions: (SQL | undefined)[] = [];
    if (scope !== null)
      conditions.push(
        or(isNull(priceLists.companyId), inArray(priceLists.companyId, scope.length ? scope : [0])),
      );
    if (filter.ids?.length) conditions.push(inArray(priceLists.id, filter.ids));
    if (filter.companyIds?.length) conditions.push(inArray(priceLists.companyId, filter.companyIds));
    if (filter.codes?.length)
      conditions.push(
        inArray(
          sql`lower(${priceLists.code})`,
          filter.codes.map((c) => c.toLowerCase()),
        ),
      );
    for (const [flag, column] of [
      [filter.active, priceLists.active],
      [filter.isPartList, priceLists.isPartList],
      [filter.isDefaultList, priceLists.isDefaultList],
      [filter.isTemplateList, priceLists.isTemplateList],
    ] as const) {
      if (flag !== undefined) conditions.push(eq(column, flag));
    }
    const search = filter.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      conditions.push(
        sql`(lower(${priceLists.code}) like ${pattern} or lower(coalesce(${priceLists.description}, '')) like ${pattern})`,
      );
    }
    const where = and(...conditions);
    const page = pageOf(filter);
    const [rows, totals] = await Promise.all([
      this.#ctx.db
        .select({
          id: priceLists.id,
          code: priceLists.code,
          description: priceLists.description,
          active: priceLists.active,
          companyId: priceLists.companyId,
          measurementSystemId: priceLists.measurementSystemId,
          materialId: priceLists.materialId,
          componentTypeId: priceLists.componentTypeId,
          userId: priceLists.userId,
          isPartList: priceLists.isPartList,
          isDefaultList: priceLists.isDefaultList,
          isTemplateList: priceLists.isTemplateList,
          itemCount,
          companyName: companies.name,
        })
        .from(priceLists)
        .leftJoin(companies, eq(companies.id, priceLists.companyId))
        .where(where)
        .orderBy(...orderOf(filter.sort, SORT_COLUMNS, priceLists.id))
        .limit(page.limit)
        .offset(page.offset),
      this.#ctx.db.select({ total: count() }).from(priceLists).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  async lock(id: number): Promise<TPriceListRow | undefined> {
    const [row] = await this.#ctx.db.select().from(priceLists).where(eq(priceLists.id, id)).for('update');
    return row;
  }

  /**
   * One page of a list's items in the request's order (then by id), those matching its search
   * when it has one: at most one page is ever read, however long the list.
   */
  async itemPage(listId: number, query: TPriceListGetRequest): Promise<TPriceItemRow[]> {
    const page = pageOf(query);
    return this.#ctx.db
      .select()
      .from(priceItems)
      .where(itemsWhere(listId, query.search))
      .orderBy(...orderOf(query.sort, ITEM_SORT_COLUMNS, priceItems.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** How many of a list's items match `search` (all of them without one). */
  async countItems(listId: number, search: string | undefined): Promise<number> {
    const [row] = await this.#ctx.db
      .select({ total: count() })
      .from(priceItems)
      .where(itemsWhere(listId, search));
    return row?.total ?? 0;
  }

  /** Copies one list's items into another, in the database. */
  async copyItems(fromListId: number, toListId: number): Promise<void> {
    await this.#ctx.db.execute(sql`
      insert into ${priceItems} (price_list_id, ${ITEM_COLUMNS})
      select ${toListId}, ${ITEM_COLUMNS}
      from ${priceItems} where price_list_id = ${fromListId} order by id`);
  }

  /** Up to `limit` items with an id above `afterId`, in id order (a page of an export). */
  async itemsAfter(listId: number, afterId: number, limit: number): Promise<TPriceItemRow[]> {
    return this.#ctx.db
      .select()
      .from(priceItems)
      .where(and(eq(priceItems.priceListId, listId), gt(priceItems.id, afterId)))
      .orderBy(asc(priceItems.id))
      .limit(limit);
  }

  async insert(values: TPriceListWrite): Promise<number> {
    const [row] = await this.#ctx.db.insert(priceLists).values(values).returning({ id: priceLists.id });
    return row!.id;
  }

  async update(id: number, values: Partial<TPriceListWrite>): Promise<void> {
    await this.#ctx.db.update(priceLists).set(values).where(eq(priceLists.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.#ctx.db.delete(priceLists).where(eq(priceLists.id, id));
  }

  /** Replaces a list's items by the given ones, inserted in batches. */
  async replaceItems(listId: number, items: TPriceItemInput[]): Promise<void> {
    await this.deleteItems(listId);
    await this.insertItems(listId, items);
  }

  /** Adds items, in batches of one statement each. */
  async insertItems(listId: number, items: TPriceItemInput[]): Promise<void> {
    for (let start = 0; start < items.length; start += BATCH)
      await this.insertItemsJson(listId, JSON.stringify(items.slice(start, start + BATCH)));
  }

  /** Which of `ids` are items of the list. */
  async itemIdsOf(listId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.#ctx.db
      .select({ id: priceItems.id })
      .from(priceItems)
      .where(and(eq(priceItems.priceListId, listId), inArray(priceItems.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** Deletes the list's items with these ids. */
  async deleteItemsById(listId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.#ctx.db
      .delete(priceItems)
      .where(and(eq(priceItems.priceListId, listId), inArray(priceItems.id, ids)));
  }

  /** The order numbers of the list (compared in lower case) among `lowered`, but those of `exceptIds`. */
  async takenOrderNumbers(listId: number, lowered: string[], exceptIds: number[]): Promise<string[]> {
    if (lowered.length === 0) return [];
    const rows = await this.#ctx.db
      .select({ orderNumber: priceItems.orderNumber })
      .from(priceItems)
      .where(
        and(
          eq(priceItems.priceListId, listId),
          inArray(sql`lower(${priceItems.orderNumber})`, lowered),
          exceptIds.length ? notInArray(priceItems.id, exceptIds) : undefined,
        ),
      );
    return rows.map((row) => row.orderNumber);
  }

  /**
   * Gives items of the list a stand-in order number (control character 1 and the id), so that
   * rewriting them may swap order numbers without tripping the unique index on the way.
   */
  async parkOrderNumbers(listId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.#ctx.db
      .update(priceItems)
      .set({ orderNumber: sql`chr(1) || ${priceItems.id}::text` })
      .where(and(eq(priceItems.priceListId, listId), inArray(priceItems.id, ids)));
  }

  /** Rewrites items of the list in place: same ids, so they keep their place in id order. */
  async updateItems(listId: number, items: (TPriceItemInput & { priceItemId: number })[]): Promise<void> {
    for (let start = 0; start < items.length; start += BATCH)
      await this.#ctx.db.execute(sql`
        update ${priceItems} p set (${ITEM_COLUMNS}) = (${ITEM_VALUES})
        from jsonb_to_recordset(${JSON.stringify(items.slice(start, start + BATCH))}::jsonb)
          as x("priceItemId" integer, ${ITEM_RECORD})
        where p.id = x."priceItemId" and p.price_list_id = ${listId}`);
  }

  /** Deletes a list's items (an import then adds the new ones in batches). */
  async deleteItems(listId: number): Promise<void> {
    await this.#ctx.db.delete(priceItems).where(eq(priceItems.priceListId, listId));
  }

  /** Adds items in one statement from the JSON text of an array of item records. */
  async insertItemsJson(listId: number, itemsJson: string): Promise<void> {
    await this.#ctx.db.execute(sql`
      insert into ${priceItems} (price_list_id, ${ITEM_COLUMNS})
      select ${listId}, ${ITEM_VALUES}
      from json_to_recordset(${itemsJson}::json) as x(${ITEM_RECORD})`);
  }

  /**
   * Opens the table a dry-run import writes its rows into instead of the list: private to the
   * open transaction and dropped when it ends, its columns those of the items.
   */
  async openImportPreview(): Promise<void> {
    await this.#ctx.db.execute(sql`
      create temp table ${PREVIEW} on commit drop as
      select ${ITEM_COLUMNS} from ${priceItems} with no data`);
  }

  /** Adds a dry-run import's rows from the JSON text of an array of item records. */
  async insertPreviewJson(itemsJson: string): Promise<void> {
    await this.#ctx.db.execute(sql`
      insert into ${PREVIEW} (${ITEM_COLUMNS})
      select ${ITEM_VALUES}
      from json_to_recordset(${itemsJson}::json) as x(${ITEM_RECORD})`);
  }

  /**
   * The dry-run rows against the list's items, matched by order number in any case (as the
   * service keeps them unique): one full join counts rows added, items removed, and matched pairs
   * that differ in any column or in none.
   */
  async comparePreview(
    listId: number,
  ): Promise<{ added: number; changed: number; removed: number; unchanged: number }> {
    const [row] = await queryRows<Record<'added' | 'changed' | 'removed' | 'unchanged', number | string>>(
      this.#ctx.db,
      sql`
      select
        count(*) filter (where c.key is null) as added,
        count(*) filter (where s.key is null) as removed,
        count(*) filter (where s.key is not null and c.key is not null and s.item is distinct from c.item) as changed,
        count(*) filter (where s.key is not null and c.key is not null and s.item is not distinct from c.item) as unchanged
      from (select lower(order_number) as key, row(${ITEM_COLUMNS}) as item from ${PREVIEW}) s
      full join (
        select lower(order_number) as key, row(${ITEM_COLUMNS}) as item
        from ${priceItems} where price_list_id = ${listId}
      ) c on c.key = s.key`,
    );
    return {
      added: Number(row?.added ?? 0),
      changed: Number(row?.changed ?? 0),
      removed: Number(row?.removed ?? 0),
      unchanged: Number(row?.unchanged ?? 0),
    };
  }

  /** Clears the default flag of the other lists with the same company, material and component type. */
  async clearDefault(
    row: Pick<TPriceListRow, 'id' | 'companyId' | 'materialId' | 'componentTypeId'>,
  ): Promise<void> {
    const same = (column: AnyPgColumn, value: number | null) =>
      value === null ? isNull(column) : eq(column, value);
    await this.#ctx.db
      .update(priceLists)
      .set({ isDefaultList: false })
      .where(
        and(
          ne(priceLists.id, row.id),
          eq(priceLists.isDefaultList, true),
          same(priceLists.companyId, row.companyId),
          same(priceLists.materialId, row.materialId),
          same(priceLists.componentTypeId, row.componentTypeId),
        ),
      );
  }

  /** Codes taken that start with `prefix` (any case). */
  async codesStartingWith(prefix: string): Promise<Set<string>> {
    const rows = await this.#ctx.db
      .select({ code: priceLists.code })
      .from(priceLists)
      .where(
        sql`lower(${priceLists.code}) like ${`${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      );
    return new Set(rows.map((r) => r.code.toLowerCase()));
  }
}
