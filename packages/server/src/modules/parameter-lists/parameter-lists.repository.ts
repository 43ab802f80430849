import type { TParameterListFindRequest } from '@portal/contract';
import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbContext } from '../../db/context.ts';
import {
  companies,
  genericListItems,
  genericLists,
  parameterLists,
  parameters,
  revitFamilies,
} from '../../db/schema/index.ts';
import { likePattern, orderOf, pageOf } from '../../lib/paging.ts';

export type TParameterListRow = typeof parameterLists.$inferSelect & {
  companyName: string | null;
  familyCount: number;
};
export type TParameterRow = typeof parameters.$inferSelect;
export type TParameterWrite = Omit<typeof parameters.$inferInsert, 'id'>;

const familyCount =
  sql<number>`(select count(*) from ${revitFamilies} rf where rf.parameter_list_id = ${parameterLists}.id)`.mapWith(
    Number,
  );
const SORT_COLUMNS = { parameterListCode: sql`lower(${parameterLists.code})`, active: parameterLists.active };

/** Parameter lists and their parameters. */
export class ParameterListsRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  /** A page of lists; `scope` (company ids; null: all) keeps its companies' lists and the portal-wide ones. */
  async find(
    filter: TParameterListFindRequest,
    scope: number[] | null,
  ): Promise<{ rows: TParameterListRow[]; total: number }> {
    const conditions: (SQL | undefined)[] = [];
    if (scope !== null)
      conditions.push(
        or(isNull(parameterLists.companyId), inArray(parameterLists.companyId, scope.length ? scope : [0])),
      );
    if (filter.ids?.length) conditions.push(inArray(parameterLists.id, filter.ids));
    if (filter.companyIds?.length) conditions.push(inArray(parameterLists.companyId, filter.companyIds));
    if (filter.codes?.length)
      conditions.push(
        inArray(
          sql`lower(${parameterLists.code})`,
          filter.codes.map((c) => c.toLowerCase()),
        ),
      );
    if (filter.active !== undefined) conditions.push(eq(parameterLists.active, filter.active));
    const search = filter.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      conditions.push(
        sql`(lower(${parameterLists.code}) like ${pattern} or lower(coalesce(${parameterLists.description}, '')) like ${pattern})`,
      );
    }
    const where = and(...conditions);
    const page = pageOf(filter);
    const [rows, totals] = await Promise.all([
      this.#ctx.db
        .select({
          id: parameterLists.id,
          code: parameterLists.code,
          description: parameterLists.description,
          active: parameterLists.active,
          companyId: parameterLists.companyId,
          userId: parameterLists.userId,
          companyName: companies.name,
          familyCount,
        })
        .from(parameterLists)
        .leftJoin(companies, eq(companies.id, parameterLists.companyId))
        .where(where)
        .orderBy(...orderOf(filter.sort, SORT_COLUMNS, parameterLists.id))
        .limit(page.limit)
        .offset(page.offset),
      this.#ctx.db.select({ total: count() }).from(parameterLists).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  async parameters(listIds: number[]): Promise<TParameterRow[]> {
    if (listIds.length === 0) return [];
    return this.#ctx.db
      .select()
      .from(parameters)
      .where(inArray(parameters.listId, listIds))
      .orderBy(asc(parameters.id));
  }

  async lock(id: number): Promise<typeof parameterLists.$inferSelect | undefined> {
    const [row] = await this.#ctx.db
      .select()
      .from(parameterLists)
      .where(eq(parameterLists.id, id))
      .for('update');
    return row;
  }

  async insert(values: Omit<typeof parameterLists.$inferInsert, 'id'>): Promise<number> {
    const [row] = await this.#ctx.db
      .insert(parameterLists)
      .values(values)
      .returning({ id: parameterLists.id });
    return row!.id;
  }

  async update(id: number, values: Partial<typeof parameterLists.$inferInsert>): Promise<void> {
    await this.#ctx.db.update(parameterLists).set(values).where(eq(parameterLists.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.#ctx.db.delete(parameterLists).where(eq(parameterLists.id, id));
  }

  /** How many parameters a list holds. */
  async parameterCount(listId: number): Promise<number> {
    const [row] = await this.#ctx.db
      .select({ total: count() })
      .from(parameters)
      .where(eq(parameters.listId, listId));
    return row?.total ?? 0;
  }

  async insertParameter(values: TParameterWrite): Promise<void> {
    await this.#ctx.db.insert(parameters).values(values);
  }

  async updateParameter(id: number, listId: number, values: Partial<TParameterWrite>): Promise<boolean> {
    const rows = await this.#ctx.db
      .update(parameters)
      .set(values)
      .where(and(eq(parameters.id, id), eq(parameters.listId, listId)))
      .returning({ id: parameters.id });
    return rows.length > 0;
  }

  async parameterById(id: number): Promise<TParameterRow | undefined> {
    const [row] = await this.#ctx.db.select().from(parameters).where(eq(parameters.id, id));
    return row;
  }

  async deleteParameter(id: number): Promise<void> {
    await this.#ctx.db.delete(parameters).where(eq(parameters.id, id));
  }

  async familiesUsing(listId: number): Promise<number> {
    const [row] = await this.#ctx.db
      .select({ total: count() })
      .from(revitFamilies)
      .where(eq(revitFamilies.parameterListId, listId));
    return row?.total ?? 0;
  }

  /** Which of the ids are items of the unit list. */
  async unitItemIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.#ctx.db
      .select({ id: genericListItems.id })
      .from(genericListItems)
      .innerJoin(genericLists, eq(genericLists.id, genericListItems.listId))
      .where(and(inArray(genericListItems.id, ids), eq(genericLists.code, 'unitlist')));
    return new Set(rows.map((r) => r.id));
  }
}
