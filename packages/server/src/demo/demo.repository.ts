import { count, inArray, sql } from 'drizzle-orm';
import { openDatabase, type TDatabase, type TDb } from '../db/client.ts';
import { activity, companies, revitFamilies, users } from '../db/schema/index.ts';

/** An activity row as the log writes it, at a time in the past (the demo's months of use). */
export type TDemoActivityRow = {
  at: Date;
  kind: 'login' | 'family.download';
  userId: number;
  companyId: number | null;
  ownerCompanyId?: number | null;
  familyId?: number;
  ip: string;
};

/** What the large size adds in bulk beside the demo library (benchmark volumes). */
export type TDemoBulkPlan = {
  /** Published demo families the new ones copy (file, preview, types, category, company), in turn. */
  familyTemplateIds: readonly number[];
  families: number;
  /** A demo person whose password hash the new people share (the demo password). */
  passwordFromUserId: number;
  roleId: number;
  companies: number;
  users: number;
  /** Lists of `itemsPerList` items each, filed in turn under these companies. */
  priceListCompanyIds: readonly number[];
  priceLists: number;
  itemsPerList: number;
  currencyId: number | null;
  unitId: number | null;
};

const ids = (values: readonly number[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** Rows per insert statement: well below PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

/** Opens the portal's database as `npm start` does (the runner's only way to db/). */
export const openPortalDatabase = openDatabase;
export type { TDatabase };

/**
 * The little the demo seeding does beside the API: looking for an earlier run, and the past
 * activity (rows the log would have written over the last months, with their download counters).
 */
export class DemoRepository {
  readonly #db: TDb;

  constructor(db: TDb) {
    this.#db = db;
  }

  /** How many of these companies (by name) and logins (any case) exist already. */
  async present(companyNames: readonly string[], logins: readonly string[]) {
    const [companyRow] = await this.#db
      .select({ n: count() })
      .from(companies)
      .where(inArray(companies.name, [...companyNames]));
    const [userRow] = await this.#db
      .select({ n: count() })
      .from(users)
      .where(
        inArray(
          sql`lower(${users.login})`,
          logins.map((login) => login.toLowerCase()),
        ),
      );
    return { companies: Number(companyRow?.n ?? 0), users: Number(userRow?.n ?? 0) };
  }

  /** Writes past activity rows in batches, adds the downloads among them to
   * their families' counters and the sign-ins to the people's last sign-in, as the app would have. */
  async addActivity(rows: readonly TDemoActivityRow[]): Promise<void> {
    await this.#db.transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += BATCH) {
        await tx.insert(activity).values(
          rows.slice(start, start + BATCH).map((row) => ({
            at: row.at,
            kind: row.kind,
            userId: row.userId,
            companyId: row.companyId,
            ownerCompanyId: row.ownerCompanyId ?? null,
            recordType: row.familyId === undefined ? null : 'family',
            recordId: row.familyId === undefined ? null : String(row.familyId),
            ip: row.ip,
          })),
        );
      }
      const downloads = new Map<number, number>();
      for (const row of rows)
        if (row.familyId !== undefined) downloads.set(row.familyId, (downloads.get(row.familyId) ?? 0) + 1);
      for (const [familyId, n] of downloads) {
        await tx
          .update(revitFamilies)
          .set({ downloads: sql`${revitFamilies.downloads} + ${n}` })
          .where(sql`${revitFamilies.id} = ${familyId}`);
      }
      const lastLogins = new Map<number, Date>();
      for (const row of rows)
        if (row.kind === 'login' && row.at > (lastLogins.get(row.userId) ?? new Date(0)))
          lastLogins.set(row.userId, row.at);
      for (const [userId, at] of lastLogins) {
        await tx
          .update(users)
          .set({ lastLogin: at })
          .where(
            sql`${users.id} = ${userId} and (${users.lastLogin} is null or ${users.lastLogin} < ${at.toISOString()}::timestamptz)`,
          );
      }
    });
  }

  /**
   * The large size's volumes, each one `insert … select` over generate_series inside the database
   * (minutes, not the hours a save per record would take). The count tables follow through their
   * triggers; each family gets its current version as a save would have made it.
   */
  async addBulk(plan: TDemoBulkPlan): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const [last] = await tx
        .select({ id: sql<number>`coalesce(max(${revitFamilies.id}), 0)` })
        .from(revitFamilies);
      const before = Number(last?.id ?? 0);
      const n = plan.familyTemplateIds.length;
      await tx.execute(sql`
        insert into revit_families (name, revit_version, family_version, internal_version, category_id, rating,
          description, tags, file_name, file_hash, file_size, picture_file_name, picture_hash, picture_from_file,
          omni_class_code, revit_category, type_catalog_file_name, type_source, types, search_text,
          parameter_list_id, parameter_list_code, cost, company_id, created_by_user_id, tif_status,
          created_on, last_update)
        select t.name || ' ' || lpad(g::text, 6, '0'), t.revit_version, t.family_version, t.internal_version,
          t.category_id, 1 + g % 5, t.description, t.tags, t.file_name, t.file_hash, t.file_size,
          t.picture_file_name, t.picture_hash, t.picture_from_file, t.omni_class_code, t.revit_category,
          t.type_catalog_file_name, t.type_source, t.types,
          lower(t.name || ' ' || lpad(g::text, 6, '0')) || substr(t.search_text, length(t.name) + 1),
          t.parameter_list_id, t.parameter_list_code, t.cost + g % 50, t.company_id, t.created_by_user_id, 'A',
          now() - g * interval '1 minute', now() - g * interval '1 minute'
        from generate_series(1, ${plan.families}) g
        join (select row_number() over (order by id) - 1 as k, f.* from revit_families f
              where f.id in (${ids(plan.familyTemplateIds)})) t on t.k = g % ${n}`);
      await tx.execute(sql`
        insert into family_versions (family_id, file_hash, file_name, size, revit_version, contents, preview_hash,
          uploaded_by, uploaded_at)
        select f.id, v.file_hash, f.file_name, v.size, v.revit_version, v.contents, v.preview_hash, v.uploaded_by,
          f.created_on
        from revit_families f
        join (select distinct on (file_hash) * from family_versions order by file_hash, id desc) v
          on v.file_hash = f.file_hash
        where f.id > ${before}`);
      await tx.execute(sql`
        update revit_families f set current_version_id = v.id
        from family_versions v where v.family_id = f.id and f.id > ${before}`);

      const made = await tx.execute<{ id: number }>(sql`
        insert into companies (name, city, country, email, active, is_partner, use_parent_branding)
        select 'Bench Customer ' || lpad(g::text, 4, '0'), 'Bench City', 'United Kingdom',
          'office' || g || '@bench-customer.example.com', true, false, true
        from generate_series(1, ${plan.companies}) g
        returning id`);
      const companyIds = rowsOf<{ id: number }>(made).map((row) => Number(row.id));
      await tx.execute(sql`
        insert into users (login, password_hash, active, first_name, last_name, email, company_id,
          registration_completed, language, join_date)
        select 'bench.user' || lpad(g::text, 5, '0'), u.password_hash, true,
          (array['Alex','Sam','Kim','Noor','Lena','Omar','Ines','Yuki','Mateo','Ava'])[1 + g % 10],
          (array['Smith','Meyer','Rossi','Tanaka','Novak','Garcia','Dubois','Berg','Chen','Okafor'])[1 + (g / 10) % 10],
          'bench.user' || g || '@bench-customer.example.com',
          (array[${ids(companyIds)}]::int[])[1 + g % ${companyIds.length}], true, 'en',
          now() - g * interval '10 minutes'
        from generate_series(1, ${plan.users}) g, users u where u.id = ${plan.passwordFromUserId}`);
      await tx.execute(sql`
        insert into user_roles (user_id, role_id)
        select id, ${plan.roleId} from users where login like 'bench.user%'`);

      for (let list = 1; list <= plan.priceLists; list += 1) {
        const companyId = plan.priceListCompanyIds[(list - 1) % plan.priceListCompanyIds.length]!;
        await tx.execute(sql`
          with list as (
            insert into price_lists (code, description, active, company_id, is_part_list)
            values (${`BENCH-PRICES-${list}`}, ${`Bench price list ${list}`}, true, ${companyId}, false)
            returning id)
          insert into price_items (price_list_id, order_number, description, value, ref_value1, reference,
            per_unit_id, currency_id)
          select list.id, ${`B${list}-`} || lpad(g::text, 7, '0'),
            (array['Pipe collar','Intumescent wrap','Fire damper','Sealant','Fire batt'])[1 + g % 5] || ' ' || (20 + g % 400) || ' mm',
            round((5 + (g % 997) * 0.37)::numeric, 2), 20 + g % 400, 'BENCH', ${plan.unitId}, ${plan.currencyId}
          from list, generate_series(1, ${plan.itemsPerList}) g`);
      }
    });
  }
}

/** The rows of an execute answer: node-postgres gives them under `rows`, PGlite too. */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}
