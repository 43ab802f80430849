import type { TLicenseFindRequest } from '@portal/contract';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { likePattern, orderOf, pageOf } from '../../lib/paging.ts';
import type { DbContext } from '../../db/context.ts';
import { companies, licenses } from '../../db/schema/index.ts';

export type TLicenseRow = typeof licenses.$inferSelect;
export type TLicenseWrite = Omit<typeof licenses.$inferInsert, 'id'>;

const SORT_COLUMNS = {
  licenseValidUntil: licenses.validUntil,
  licenseCode: sql`lower(${licenses.code})`,
  maxNumberOfUsers: licenses.maxUsers,
  active: licenses.active,
};

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Licences and the seats their active users take. */
export class LicencesRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async byIds(ids: number[]): Promise<TLicenseRow[]> {
    if (ids.length === 0) return [];
    return this.#ctx.db.select().from(licenses).where(inArray(licenses.id, ids));
  }

  /** The same rows, locked until the transaction ends, so two seat checks cannot both pass. */
  async lock(ids: number[]): Promise<TLicenseRow[]> {
    if (ids.length === 0) return [];
    return this.#ctx.db.select().from(licenses).where(inArray(licenses.id, ids)).for('update');
  }

  /**
   * Active users counted against each licence: users holding it directly or through their company.
   * Each half starts from the licence's own rows (users_license_idx, then each holding company's
   * users by users_company_idx), so the count reads the licences' users, not every user of the
   * portal: it runs for every `me` of a licensed user.
   */
  async seatsUsed(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await queryRows<{ license_id: number; seats: number }>(
      this.#ctx.db,
      sql`
      select license_id, sum(seats)::int as seats from (
        select u.license_id, 1 as seats from users u
        where u.active and u.license_id in (${idList(ids)})
        union all
        select c.license_id, (
          select count(*) from users u where u.company_id = c.id and u.active and u.license_id is null)
        from companies c where c.license_id in (${idList(ids)})
      ) as holders
      group by 1`,
    );
    return new Map(rows.map((r) => [Number(r.license_id), Number(r.seats)]));
  }

  async ofCompanies(companyIds: number[]): Promise<Map<number, number>> {
    if (companyIds.length === 0) return new Map();
    const rows = await this.#ctx.db
      .select({ id: companies.id, licenseId: companies.licenseId })
      .from(companies)
      .where(inArray(companies.id, companyIds));
    return new Map(rows.flatMap((r) => (r.licenseId === null ? [] : [[r.id, r.licenseId] as const])));
  }

  /** A page of licences; `scope` (company ids, null: all) keeps those its companies use. */
  async find(
    filter: TLicenseFindRequest,
    scope: number[] | null,
  ): Promise<{ rows: TLicenseRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (scope !== null)
      conditions.push(
        inArray(
          licenses.id,
          this.#ctx.db
            .select({ id: sql<number>`${companies.licenseId}` })
            .from(companies)
            .where(inArray(companies.id, scope.length ? scope : [0])),
        ),
      );
    if (filter.ids?.length) conditions.push(inArray(licenses.id, filter.ids));
    if (filter.active !== undefined) conditions.push(eq(licenses.active, filter.active));
    if (filter.expiringWithinDays !== undefined)
      conditions.push(
        sql`${licenses.validUntil} < now() + make_interval(days => ${filter.expiringWithinDays})`,
      );
    if (filter.includeExpired === false)
      conditions.push(sql`(${licenses.validUntil} is null or ${licenses.validUntil} >= now())`);
    const search = filter.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      conditions.push(
        sql`(lower(${licenses.code}) like ${pattern} or lower(coalesce(${licenses.description}, '')) like ${pattern} or lower(coalesce(${licenses.accountManager}, '')) like ${pattern})`,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const page = pageOf(filter);
    // The ones that end soonest (expired included) come first unless another order is asked for.
    const order = filter.sort?.length
      ? orderOf(filter.sort, SORT_COLUMNS, licenses.id)
      : [sql`${licenses.validUntil} asc nulls last`, asc(licenses.id)];
    const [rows, totals] = await Promise.all([
      this.#ctx.db
        .select()
        .from(licenses)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      this.#ctx.db.select({ total: count() }).from(licenses).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  /**
   * The first `limit` companies using each licence, by name, and how many use it in all: one
   * statement whose answer stays `limit` rows a licence, however many companies share it.
   */
  async companiesUsing(
    ids: number[],
    limit: number,
  ): Promise<Array<{ licenseId: number; companyId: number; companyName: string; total: number }>> {
    if (ids.length === 0) return [];
    const rows = await queryRows<{ license_id: number; id: number; name: string; total: number }>(
      this.#ctx.db,
      sql`
      select license_id, id, name, total from (
        select license_id, id, name,
          row_number() over (partition by license_id order by name, id) as place,
          count(*) over (partition by license_id)::int as total
        from companies where license_id in (${idList(ids)})
      ) ranked where place <= ${limit}
      order by license_id, place`,
    );
    return rows.map((r) => ({
      licenseId: Number(r.license_id),
      companyId: Number(r.id),
      companyName: r.name,
      total: Number(r.total),
    }));
  }

  async insert(values: TLicenseWrite): Promise<number> {
    const [row] = await this.#ctx.db.insert(licenses).values(values).returning({ id: licenses.id });
    return row!.id;
  }

  async update(id: number, values: Partial<TLicenseWrite>): Promise<void> {
    await this.#ctx.db.update(licenses).set(values).where(eq(licenses.id, id));
  }
}
