import { inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import { companies, licenses } from '../../db/schema/index.ts';

export type TLicenseRow = typeof licenses.$inferSelect;

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

  /** Active users counted against each licence: users holding it directly or through their company. */
  async seatsUsed(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await queryRows<{ license_id: number; seats: number }>(
      this.#ctx.db,
      sql`
      select coalesce(u.license_id, c.license_id) as license_id, count(*)::int as seats
      from users u left join companies c on c.id = u.company_id
      where u.active and coalesce(u.license_id, c.license_id) in (${idList(ids)})
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
}
