import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import { companies, users } from '../../db/schema/index.ts';
import { likePattern, orderOf, pageOf } from '../../lib/paging.ts';
import type { TFindQuery } from '@portal/contract';

export type TCompanyRow = typeof companies.$inferSelect;
export type TCompanyInsert = typeof companies.$inferInsert;

/** Companies and the parent/child tree. */
export class CompaniesRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.db;
  }

  /** The company and all its descendants, recursively. */
  async treeIds(companyId: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      this.#db,
      sql`
      with recursive tree(id) as (
        select id from companies where id = ${companyId}
        union
        select c.id from companies c join tree t on c.parent_id = t.id
      ) select id from tree`,
    );
    return rows.map((r) => Number(r.id));
  }

  /** The company and its ancestors, nearest first. */
  async chainIds(companyId: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      this.#db,
      sql`
      with recursive chain(id, parent_id, depth) as (
        select id, parent_id, 0 from companies where id = ${companyId}
        union all
        select c.id, c.parent_id, chain.depth + 1 from companies c join chain on c.id = chain.parent_id
        where chain.depth < 100
      ) select id from chain order by depth`,
    );
    return rows.map((r) => Number(r.id));
  }

  async byId(id: number): Promise<TCompanyRow | undefined> {
    const [row] = await this.#db.select().from(companies).where(eq(companies.id, id)).limit(1);
    return row;
  }

  /** Names of the given companies by id, in one query. */
  async namesOf(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(inArray(companies.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async byName(name: string): Promise<TCompanyRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(companies)
      .where(eq(sql`lower(${companies.name})`, name.toLowerCase()))
      .limit(1);
    return row;
  }

  async insert(values: TCompanyInsert): Promise<number> {
    const [row] = await this.#db.insert(companies).values(values).returning({ id: companies.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  /**
   * A page of active companies' names by name (those matching `search`), for the sign-up form, and
   * how many there are.
   */
  async activeNames(
    query: TFindQuery,
  ): Promise<{ rows: Array<{ companyId: number; companyName: string }>; total: number }> {
    const search = query.search?.trim();
    const where = and(
      eq(companies.active, true),
      search ? ilike(companies.name, likePattern(search)) : undefined,
    );
    const { limit, offset } = pageOf(query);
    const [rows, [totals]] = await Promise.all([
      this.#db
        .select({ companyId: companies.id, companyName: companies.name })
        .from(companies)
        .where(where)
        .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
        .limit(limit)
        .offset(offset),
      this.#db.select({ total: count() }).from(companies).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  }

  async find(
    filter: TFindQuery & {
      ids?: number[] | undefined;
      names?: string[] | undefined;
      active?: boolean | undefined;
      parentIds?: number[] | undefined;
      isPartnerCompany?: boolean | undefined;
    },
    scope: number[] | null,
  ): Promise<{ rows: TCompanyRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (scope) conditions.push(scope.length ? inArray(companies.id, scope) : sql`false`);
    if (filter.ids?.length) conditions.push(inArray(companies.id, filter.ids));
    if (filter.names?.length)
      conditions.push(
        inArray(
          sql`lower(${companies.name})`,
          filter.names.map((n) => n.toLowerCase()),
        ),
      );
    if (filter.active !== undefined) conditions.push(eq(companies.active, filter.active));
    if (filter.parentIds?.length) conditions.push(inArray(companies.parentId, filter.parentIds));
    if (filter.isPartnerCompany !== undefined)
      conditions.push(eq(companies.isPartner, filter.isPartnerCompany));
    if (filter.search?.trim()) conditions.push(ilike(companies.name, likePattern(filter.search.trim())));
    const where = conditions.length ? and(...conditions) : undefined;
    const { limit, offset } = pageOf(filter);
    const [rows, [totals]] = await Promise.all([
      this.#db
        .select()
        .from(companies)
        .where(where)
        .orderBy(
          ...orderOf(
            filter.sort,
            {
              companyName: sql`lower(${companies.name})`,
              companyCity: companies.city,
              companyCountry: companies.country,
              active: companies.active,
              companyId: companies.id,
              lastUpdate: companies.lastUpdate,
            },
            companies.id,
          ),
        )
        .limit(limit)
        .offset(offset),
      this.#db.select({ total: count() }).from(companies).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  }

  /**
   * The first `limit` children of each company, by name, each with how many children its parent
   * has in all: `limit` rows a company, however many children it has.
   */
  async childrenShown(
    ids: number[],
    limit: number,
  ): Promise<Array<{ parentId: number; companyId: number; companyName: string; total: number }>> {
    if (ids.length === 0) return [];
    const rows = await queryRows<{ parent_id: number; id: number; name: string; total: number }>(
      this.#db,
      sql`
      select parent_id, id, name, total from (
        select parent_id, id, name,
          row_number() over (partition by parent_id order by name, id) as place,
          count(*) over (partition by parent_id)::int as total
        from companies where parent_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
      ) ranked where place <= ${limit}
      order by parent_id, place`,
    );
    return rows.map((r) => ({
      parentId: Number(r.parent_id),
      companyId: Number(r.id),
      companyName: r.name,
      total: Number(r.total),
    }));
  }

  /** How many child companies a company has. */
  async childCount(id: number): Promise<number> {
    const [row] = await this.#db.select({ total: count() }).from(companies).where(eq(companies.parentId, id));
    return row?.total ?? 0;
  }

  /** The row, locked until the transaction ends (a stale-update check and its write stay together). */
  async lockById(id: number): Promise<TCompanyRow | undefined> {
    const [row] = await this.#db.select().from(companies).where(eq(companies.id, id)).for('update');
    return row;
  }

  async update(id: number, values: Partial<TCompanyInsert>): Promise<Date> {
    const [row] = await this.#db
      .update(companies)
      .set({ ...values, lastUpdate: new Date() })
      .where(eq(companies.id, id))
      .returning({ lastUpdate: companies.lastUpdate });
    return row!.lastUpdate;
  }

  async delete(id: number): Promise<void> {
    await this.#db.delete(companies).where(eq(companies.id, id));
  }

  /** Users per company, for the given companies. */
  async userCounts(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .select({ companyId: users.companyId, total: count() })
      .from(users)
      .where(inArray(users.companyId, ids))
      .groupBy(users.companyId);
    return new Map(rows.map((r) => [r.companyId!, r.total]));
  }

  /** Moves every user of one company to another (or to none); answers their ids. */
  async moveUsers(fromId: number, toId: number | null): Promise<number[]> {
    const rows = await this.#db
      .update(users)
      .set({ companyId: toId })
      .where(eq(users.companyId, fromId))
      .returning({ id: users.id });
    return rows.map((r) => r.id);
  }

  /** Hangs the children of one company under another (or at the top). */
  async moveChildren(fromId: number, toId: number | null): Promise<void> {
    await this.#db
      .update(companies)
      .set({ parentId: toId, lastUpdate: new Date() })
      .where(eq(companies.parentId, fromId));
  }
}
