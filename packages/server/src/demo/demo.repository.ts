import { count, inArray, sql } from 'drizzle-orm';
import { openDatabase, type TDatabase, type TDb } from '../db/client.ts';
import { activity, companies, revitFamilies, users } from '../db/schema/index.ts';
import type { TBulkFamily, TBulkPerson } from './demo-bulk.ts';

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

/** A bulk family ready to insert: its generated fields, with the ids of its category and company. */
export type TDemoBulkFamilyRow = Omit<TBulkFamily, 'categoryIndex' | 'manufacturerIndex'> & {
  categoryId: number;
  companyId: number;
  /** The published demo family whose file, preview and versions it shares. */
  templateId: number;
};

/** A bulk person ready to insert, with the id of the company they work for. */
export type TDemoBulkPersonRow = Omit<TBulkPerson, 'customerIndex'> & { companyId: number };

/** What the large size adds in price lists beside the demo library (benchmark volumes). */
export type TDemoBulkPricePlan = {
  /** Lists of `itemsPerList` items each, filed in turn under these companies. */
  priceListCompanyIds: readonly number[];
  priceLists: number;
  itemsPerList: number;
  currencyId: number | null;
  unitId: number | null;
};

/** What the benches check their answers against: counted in the seeded tables. */
export type TDemoSearchFacts = {
  families: number;
  familiesMatching: number;
  familiesInCategory: number;
  familiesInCategoryMatching: number;
  people: number;
  peopleMatching: number;
};

/** Rows per insert statement: well below PostgreSQL's 65,535 parameters. */
const BATCH = 1000;
/** Bulk rows per insert statement (one JSON parameter holds them all). */
const BULK_BATCH = 5000;

/** Opens the portal's database as `npm start` does (the runner's only way to db/). */
export const openPortalDatabase = openDatabase;
export type { TDatabase };

/**
 * The little the demo seeding does beside the API: looking for an earlier run, the past activity
 * (rows the log would have written over the last months, with their download counters), and the
 * large size's bulk volumes (minutes, not the hours a save per record would take).
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

  /** Logins in use (any case), so bulk people take others. */
  async logins(): Promise<string[]> {
    const rows = await this.#db.select({ login: users.login }).from(users);
    return rows.map((row) => row.login);
  }

  /**
   * Bulk families, one statement per batch (the batch as one JSON parameter, read by
   * json_to_recordset: one round trip, no parameter limit), each sharing its template's file and
   * preview and given its current version as a save would have made it: the ids of both come from
   * their sequences first, so the family is written once, with its version, and never updated
   * (an update would write every index, the trigram one too, a second time). The count tables
   * follow through their triggers.
   */
  async addBulkFamilies(batches: Iterable<TDemoBulkFamilyRow[]>): Promise<number> {
    let added = 0;
    await this.#db.transaction(async (tx) => {
      // The trigram index's new entries wait in its pending list until settle()'s VACUUM merges
      // them all at once, instead of merging every 4 MB (the default limit) while inserting.
      await tx.execute(sql`set local gin_pending_list_limit = '1GB'`);
      let inFlight: Promise<unknown> | undefined;
      for (const rows of batches) {
        added += rows.length;
        // Sent before the previous batch is awaited, so the next one is generated while the
        // database writes this one (the connection runs them in turn). A real promise: drizzle's
        // query runs again on every `then`.
        const statement = Promise.resolve(
          tx.execute(sql`
          with r as materialized (
            select r.*, t.current_version_id as "templateVersionId",
              nextval(pg_get_serial_sequence('revit_families', 'id')) as id,
              nextval(pg_get_serial_sequence('family_versions', 'id')) as version_id
            from json_to_recordset(${JSON.stringify(rows)}::json) as r("templateId" int, "name" text,
              "categoryId" int, "rating" float8, "description" text, "tags" jsonb, "types" jsonb,
              "searchText" text, "fileName" text, "revitCategory" text, "companyId" int, "downloads" int,
              "createdOn" timestamptz)
            join revit_families t on t.id = r."templateId"),
          families as (
            insert into revit_families (id, name, revit_version, family_version, internal_version, category_id,
              rating, description, tags, file_name, file_hash, file_size, current_version_id, picture_file_name,
              picture_hash, picture_from_file, revit_category, type_source, types, search_text, cost, company_id,
              downloads, created_by_user_id, tif_status, created_on, last_update)
            select r.id, r."name", t.revit_version, t.family_version, t.internal_version, r."categoryId",
              r."rating", r."description", r."tags", r."fileName", t.file_hash, t.file_size, r.version_id,
              t.picture_file_name, t.picture_hash, t.picture_from_file, r."revitCategory", 'partAtom', r."types",
              r."searchText", t.cost, r."companyId", r."downloads", t.created_by_user_id, 'A', r."createdOn",
              r."createdOn"
            from r join revit_families t on t.id = r."templateId")
          insert into family_versions (id, family_id, file_hash, file_name, size, revit_version, contents,
            preview_hash, uploaded_by, uploaded_at)
          select r.version_id, r.id, v.file_hash, r."fileName", v.size, v.revit_version, v.contents,
            v.preview_hash, v.uploaded_by, r."createdOn"
          from r join family_versions v on v.id = r."templateVersionId"`),
        );
        // Awaited below; a failure of the one before must not leave this one unhandled meanwhile.
        statement.catch(() => undefined);
        await inFlight;
        inFlight = statement;
      }
      await inFlight;
    });
    return added;
  }

  /**
   * Bulk people with one role each, sharing one demo person's password hash (the demo password),
   * in multi-row inserts as addBulkFamilies.
   */
  async addBulkPeople(
    people: readonly TDemoBulkPersonRow[],
    plan: { passwordFromUserId: number; roleId: number },
  ): Promise<void> {
    await this.#db.transaction(async (tx) => {
      for (let start = 0; start < people.length; start += BULK_BATCH) {
        await tx.execute(sql`
          with added as (
            insert into users (login, password_hash, active, first_name, last_name, email, phone, company_id,
              registration_completed, language, join_date, last_login)
            select r."login", u.password_hash, r."active", r."firstName", r."lastName", r."email", r."phone",
              r."companyId", r."active", 'en', r."joinDate", r."lastLogin"
            from json_to_recordset(${JSON.stringify(people.slice(start, start + BULK_BATCH))}::json) as r(
              "login" text, "firstName" text, "lastName" text, "email" text, "phone" text, "companyId" int,
              "active" boolean, "joinDate" timestamptz, "lastLogin" timestamptz)
            cross join users u where u.id = ${plan.passwordFromUserId}
            returning id)
          insert into user_roles (user_id, role_id) select id, ${plan.roleId} from added`);
      }
    });
  }

  /** Bulk price lists, each one `insert … select` over generate_series inside the database. */
  async addBulkPriceLists(plan: TDemoBulkPricePlan): Promise<void> {
    await this.#db.transaction(async (tx) => {
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

  /**
   * VACUUM ANALYZE of the tables the bulk volumes filled, as autovacuum would have done in
   * service: right after a bulk insert a GIN index holds its new entries in a pending list that
   * every search reads through, and the planner, pricing that, scans the table instead. The
   * pending lists are merged first with more memory than VACUUM's default 64 MB, which merges
   * the families' trigrams in a few sorted passes instead of many.
   */
  async settle(): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      await tx.execute(sql`
        select gin_clean_pending_list(i.indexrelid)
        from pg_index i
        join pg_class c on c.oid = i.indexrelid
        join pg_am a on a.oid = c.relam
        where a.amname = 'gin' and i.indrelid in ('revit_families'::regclass, 'users'::regclass)`);
    });
    await this.#db.execute(
      sql`vacuum analyze revit_families, family_versions, categories, companies, users, user_roles`,
    );
    await this.#db.execute(sql`analyze price_lists, price_items`);
  }

  /** How many families (all, and in one category) and people hold a search word, as seeded. */
  async searchFacts(categoryId: number, familyWord: string, personWord: string): Promise<TDemoSearchFacts> {
    const familyPattern = `%${familyWord.toLowerCase()}%`;
    const [families] = rowsOf<Record<string, string | number>>(
      await this.#db.execute(sql`
        select count(*) as "families",
          count(*) filter (where search_text like ${familyPattern}) as "familiesMatching",
          count(*) filter (where category_id = ${categoryId}) as "familiesInCategory",
          count(*) filter (where category_id = ${categoryId} and search_text like ${familyPattern})
            as "familiesInCategoryMatching"
        from revit_families`),
    );
    const [people] = rowsOf<Record<string, string | number>>(
      await this.#db.execute(sql`
        select count(*) as "people",
          count(*) filter (where search_text like ${`%${personWord.toLowerCase()}%`}) as "peopleMatching"
        from users`),
    );
    const n = (value: string | number | undefined) => Number(value ?? 0);
    return {
      families: n(families?.families),
      familiesMatching: n(families?.familiesMatching),
      familiesInCategory: n(families?.familiesInCategory),
      familiesInCategoryMatching: n(families?.familiesInCategoryMatching),
      people: n(people?.people),
      peopleMatching: n(people?.peopleMatching),
    };
  }
}

/** The rows of an execute answer: node-postgres gives them under `rows`, PGlite too. */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}
