import type { TCustomerFindRequest } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import { likePattern, orderOf, pageOf } from '../../lib/paging.ts';

export type TCustomerRow = {
  customer_type: 'Business' | 'Individual';
  customer_id: number;
  customer_name: string;
  email: string | null;
  login: string | null;
  city: string | null;
  country: string | null;
  active: boolean;
  user_count: number | null;
};

/** Sort fields by name, looked up in a Map (no prototype keys). */
const SORT_COLUMNS = {
  customerName: sql`lower(customer_name)`,
  customerType: sql`customer_type`,
  status: sql`active`,
  country: sql`lower(coalesce(country, ''))`,
};

/**
 * Everyone the portal serves in one list: companies (with their user counts) and users that
 * belong to no company, as one union the filters, search and paging run over.
 */
export class CustomersRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async find(
    filter: TCustomerFindRequest,
    scope: number[] | null,
  ): Promise<{ rows: TCustomerRow[]; total: number }> {
    const types = new Set(filter.customerTypes?.length ? filter.customerTypes : ['Business', 'Individual']);
    // Users without a company belong to no tree: only admins (scope null) see them.
    const parts: SQL[] = [];
    if (types.has('Business')) {
      const inScope =
        scope === null
          ? sql`true`
          : scope.length
            ? sql`c.id in (${sql.join(
                scope.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql`false`;
      parts.push(sql`
        select 'Business' as customer_type, c.id as customer_id, c.name as customer_name, c.email, null::text as login,
               c.city, c.country, c.active,
               (select count(*)::int from users u where u.company_id = c.id) as user_count
        from companies c where ${inScope}`);
    }
    if (types.has('Individual') && scope === null) {
      parts.push(sql`
        select 'Individual' as customer_type, u.id as customer_id,
               trim(u.first_name || ' ' || u.last_name) as customer_name, u.email, u.login,
               null::text as city, null::text as country, u.active, null::int as user_count
        from users u where u.company_id is null`);
    }
    if (parts.length === 0) return { rows: [], total: 0 };
    const conditions: SQL[] = [];
    if (filter.statuses?.length === 1) conditions.push(sql`active = ${filter.statuses[0] === 'Active'}`);
    const search = filter.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      conditions.push(
        sql`(lower(customer_name) like ${pattern} or lower(coalesce(email, '')) like ${pattern} or lower(coalesce(login, '')) like ${pattern})`,
      );
    }
    const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const orderBy = sql.join(
      orderOf(filter.sort, SORT_COLUMNS, sql`lower(customer_name)`, sql`customer_type`, sql`customer_id`),
      sql`, `,
    );
    const page = pageOf(filter);
    const union = sql.join(parts, sql` union all `);
    const [rows, totals] = await Promise.all([
      queryRows<TCustomerRow>(
        this.#ctx.db,
        sql`select * from (${union}) customers ${where} order by ${orderBy} limit ${page.limit} offset ${page.offset}`,
      ),
      queryRows<{ total: number }>(
        this.#ctx.db,
        sql`select count(*)::int as total from (${union}) customers ${where}`,
      ),
    ]);
    return { rows, total: Number(totals[0]?.total ?? 0) };
  }
}
