import type { TTermsFindRequest } from '@portal/contract';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbContext } from '../../db/context.ts';
import { companies, terms, users } from '../../db/schema/index.ts';
import { likePattern, orderOf, pageOf } from '../../lib/paging.ts';

export type TTermsRow = typeof terms.$inferSelect;
export type TTermsWrite = Omit<typeof terms.$inferInsert, 'id'>;

const SORT_COLUMNS = {
  termsTitle: sql`lower(${terms.title})`,
  lastUpdate: terms.lastUpdate,
  createdOn: terms.createdOn,
  active: terms.active,
};

/** Terms and conditions, and which terms each user accepted. */
export class TermsRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async byId(id: number): Promise<TTermsRow | undefined> {
    const [row] = await this.#ctx.db.select().from(terms).where(eq(terms.id, id)).limit(1);
    return row;
  }

  /** Active terms of any of the companies, or portal-wide ones (no company), newest first. */
  async activeFor(companyIds: number[]): Promise<TTermsRow[]> {
    const scope = companyIds.length
      ? or(isNull(terms.companyId), inArray(terms.companyId, companyIds))
      : isNull(terms.companyId);
    return this.#ctx.db
      .select()
      .from(terms)
      .where(and(eq(terms.active, true), scope))
      .orderBy(desc(terms.lastUpdate));
  }

  /** Records that the user accepted these terms now. */
  async recordAcceptance(userId: number, termsId: number): Promise<void> {
    await this.#ctx.db
      .update(users)
      .set({ termsId, licenseAcceptanceDate: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId));
  }

  /** A page of terms within `scope` (company ids; null: all, portal-wide ones included). */
  async find(
    filter: TTermsFindRequest,
    scope: number[] | null,
  ): Promise<{ rows: (TTermsRow & { companyName: string | null })[]; total: number }> {
    const conditions: SQL[] = [];
    if (scope !== null) conditions.push(inArray(terms.companyId, scope.length ? scope : [0]));
    if (filter.ids?.length) conditions.push(inArray(terms.id, filter.ids));
    if (filter.companyIds?.length) conditions.push(inArray(terms.companyId, filter.companyIds));
    if (filter.active !== undefined) conditions.push(eq(terms.active, filter.active));
    const search = filter.search?.trim();
    if (search) conditions.push(sql`lower(${terms.title}) like ${likePattern(search)}`);
    const where = conditions.length ? and(...conditions) : undefined;
    const page = pageOf(filter);
    const order = filter.sort?.length
      ? orderOf(filter.sort, SORT_COLUMNS, terms.id)
      : [desc(terms.lastUpdate), desc(terms.id)];
    const [rows, totals] = await Promise.all([
      this.#ctx.db
        .select({
          id: terms.id,
          companyId: terms.companyId,
          title: terms.title,
          description: terms.description,
          active: terms.active,
          lastUpdate: terms.lastUpdate,
          createdOn: terms.createdOn,
          companyName: companies.name,
        })
        .from(terms)
        .leftJoin(companies, eq(companies.id, terms.companyId))
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      this.#ctx.db.select({ total: count() }).from(terms).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  async insert(values: TTermsWrite): Promise<number> {
    const [row] = await this.#ctx.db.insert(terms).values(values).returning({ id: terms.id });
    return row!.id;
  }

  async update(id: number, values: Partial<TTermsWrite>): Promise<void> {
    await this.#ctx.db
      .update(terms)
      .set({ ...values, lastUpdate: new Date() })
      .where(eq(terms.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.#ctx.db.delete(terms).where(eq(terms.id, id));
  }
}
