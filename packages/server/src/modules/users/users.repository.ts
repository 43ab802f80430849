import { eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { INTERFACE_LANGUAGES, MIN_DATE, type TUserFindRequest } from '@portal/contract';
import { queryRows, type TDb } from '../../db/client.ts';
import { FindConditions, FindShapes, pageIdsOf, totalOf, type TParam } from '../../db/find-shapes.ts';
import { isoText } from '../../db/json-sql.ts';
import type { DbContext } from '../../db/context.ts';
import { KeyedReads } from '../../db/keyed-reads.ts';
import { companies, roles, userCounts, userRoles, users } from '../../db/schema/index.ts';
import { likePattern, orderOf, pageOf, sliceOf } from '../../lib/paging.ts';

export type TUserRow = typeof users.$inferSelect;
export type TUserInsert = typeof users.$inferInsert;

const SORT_COLUMNS = {
  login: users.login,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  companyName: companies.name,
  lastLogin: users.lastLogin,
  joinDate: users.joinDate,
  active: users.active,
};

const lowerLogin = sql`lower(${users.login})`;

/**
 * A user's API record as PostgreSQL writes it: the JSON text of TUser but its licence and photo,
 * which the service adds; and the keys of those two (the licence the user holds, else its
 * company's). Never the password hash or the second-factor seed.
 */
export type TUserRecordRow = { id: number; json: string; licenceId: number | null; photoHash: string | null };

/**
 * The record's fields under their API names, moments as ISO text (a never-set last sign-in as the
 * environment's minimum date, CONTRACT 1), the company by id and name, the roles by name. The
 * roles' sub-select reads the user_roles key, so a page costs no extra round trip.
 */
const RECORD_FIELDS = sql.join(
  [
    sql`${users.id} as "id"`,
    sql`${users.login} as "login"`,
    sql`${users.active} as "active"`,
    sql`coalesce((
      select json_agg(json_build_object('roleId', ${roles.id}, 'roleName', ${roles.name}) order by ${roles.name}, ${roles.id})
      from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
      where ${userRoles.userId} = ${users.id}), '[]'::json) as "roles"`,
    sql`${users.firstName} as "firstName"`,
    sql`${users.lastName} as "lastName"`,
    sql`${users.email} as "email"`,
    sql`${users.phone} as "phone"`,
    sql`coalesce(${users.companyName}, ${companies.name}) as "companyName"`,
    sql`case when ${users.companyId} is null then null else json_build_object('companyId', ${users.companyId}, 'companyName', coalesce(${companies.name}, '')) end as "company"`,
    sql`coalesce(${isoText(users.lastLogin)}, ${sql.raw(`'${MIN_DATE}'`)}) as "lastLogin"`,
    sql`${isoText(users.joinDate)} as "joinDate"`,
    sql`${users.registrationCompleted} as "registrationCompleted"`,
    sql`${isoText(users.licenseAcceptanceDate)} as "licenseAcceptanceDate"`,
    sql`coalesce(${users.termsId}, 0) as "termsId"`,
    sql`${users.photoFileName} as "photoFileName"`,
    sql`${users.mfaEnabled} as "mfaEnabled"`,
    sql`case when ${users.language} in (${sql.raw(INTERFACE_LANGUAGES.map((l) => `'${l}'`).join(', '))}) then ${users.language} else 'en' end as "language"`,
  ],
  sql`, `,
);

/** A user's record as one row (see TUserRecordRow); the query reads users left-joined to companies. */
const RECORD = {
  id: users.id,
  json: sql<string>`(select row_to_json(r) from (select ${RECORD_FIELDS}) r)::text`,
  licenceId: sql<number | null>`coalesce(${users.licenseId}, ${companies.licenseId})`,
  photoHash: users.photoHash,
};

const recordsQuery = (db: TDb) =>
  db
    .select(RECORD)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(sql`${users.id} = any(${sql.placeholder('ids')})`)
    .prepare('users_records');

/** The separator of the records in a page's JSON text: ASCII's record separator. */
const RECORD_SEPARATOR = '\x1e';

type TPageRow = {
  json: string | null;
  ids: number[] | null;
  licenceIds: Array<number | null> | null;
  photoHashes: Array<string | null> | null;
};

/** A page's one row back as its record rows, in order. */
function pageRowsOf(found: TPageRow | undefined): TUserRecordRow[] {
  if (!found?.json || !found.ids) return [];
  const { ids, licenceIds, photoHashes } = found;
  return found.json.split(RECORD_SEPARATOR).map((json, index) => ({
    id: ids[index]!,
    json,
    licenceId: licenceIds?.[index] ?? null,
    photoHash: photoHashes?.[index] ?? null,
  }));
}

/**
 * The conditions of a user find, inside `companyScope` (null: every company). A search matches
 * the lower-cased login, names, e-mail and free-text company name (search_text, trigram index) or
 * the name of the user's company: the companies' ids are asked inside the statement as an array,
 * so the users are read through both indexes at once (a bitmap OR).
 */
function conditionsOf(
  filter: TUserFindRequest,
  companyScope: number[] | null,
  search: string | undefined,
  param: TParam,
): FindConditions {
  const find = scopeConditionsOf(companyScope, param, users.companyId);
  if (filter.ids?.length) find.oneOf('ids', users.id, filter.ids);
  if (filter.logins?.length)
    find.oneOf(
      'logins',
      lowerLogin,
      filter.logins.map((l) => l.toLowerCase()),
    );
  if (filter.companyIds?.length) find.oneOf('companyIds', users.companyId, filter.companyIds);
  if (filter.active !== undefined)
    find.add('active', (p) => sql`${users.active} = ${p('active', filter.active)}`);
  if (filter.roleIds?.length)
    find.add(
      'roles',
      (p) =>
        sql`${users.id} in (select ${userRoles.userId} from ${userRoles} where ${userRoles.roleId} = any(${p('roleIds', filter.roleIds)}))`,
    );
  if (search)
    find.add('search', (p) => {
      // Both sides are lower case, so LIKE matches as ILIKE would, and rechecks its rows faster.
      const pattern = p('pattern', likePattern(search));
      return sql`(${users.searchText} like ${pattern} or ${users.companyId} = any(array(
        select ${companies.id} from ${companies} where lower(${companies.name}) like ${pattern})))`;
    });
  return find;
}

/** The condition user_counts also keeps: the caller's company scope (null: every company). */
function scopeConditionsOf(
  companyScope: number[] | null,
  param: TParam,
  companyId: AnyPgColumn,
): FindConditions {
  const find = new FindConditions(param);
  if (companyScope) find.oneOf('scope', companyId, companyScope);
  return find;
}

const COUNTED = new Set(['scope']);

/** Users and their role assignments; the only place that queries the users tables. */
export class UsersRepository {
  readonly #ctx: DbContext;
  readonly #findShapes = new FindShapes('users_find');

  /** One user's record read by many requests at once (`me`): one statement per turn of the event loop. */
  readonly #recordById: KeyedReads<number, TUserRecordRow>;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
    this.#recordById = new KeyedReads(
      (ids) => this.records(ids),
      (row) => row.id,
    );
  }

  get #db() {
    return this.#ctx.db;
  }

  async byLogin(login: string): Promise<TUserRow | undefined> {
    const [row] = await this.#db.select().from(users).where(eq(lowerLogin, login.toLowerCase())).limit(1);
    return row;
  }

  async byLoginOrEmail(text: string): Promise<TUserRow[]> {
    const lower = text.toLowerCase();
    return this.#db
      .select()
      .from(users)
      .where(or(eq(lowerLogin, lower), eq(sql`lower(${users.email})`, lower)))
      .limit(5);
  }

  async byId(id: number): Promise<TUserRow | undefined> {
    const [row] = await this.#db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async byIds(ids: number[]): Promise<TUserRow[]> {
    if (ids.length === 0) return [];
    return this.#db.select().from(users).where(inArray(users.id, ids));
  }

  async byLogins(logins: string[]): Promise<TUserRow[]> {
    if (logins.length === 0) return [];
    return this.#db
      .select()
      .from(users)
      .where(
        inArray(
          lowerLogin,
          logins.map((l) => l.toLowerCase()),
        ),
      );
  }

  async roleIds(userId: number): Promise<number[]> {
    const rows = await this.#db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    return rows.map((r) => r.roleId);
  }

  /**
   * A page of user records matching the filters, inside `companyScope` (null: every company), and
   * their total: one statement, prepared once per shape of find. A search collects the matching
   * ids first (through the trigram and company indexes), counts them and pages through them;
   * otherwise the total is a count beside the page's ids read in the sort's order.
   */
  async find(
    filter: TUserFindRequest,
    companyScope: number[] | null,
  ): Promise<{ rows: TUserRecordRow[]; total: number }> {
    const order = orderOf(filter, SORT_COLUMNS, users.id);
    const page = pageOf(filter);
    const search = filter.search?.trim() || undefined;
    const { name, values, param, where, shape } = this.#findShapes.statementOf(filter.sort, (p) =>
      conditionsOf(filter, companyScope, search, p),
    );
    // Every value is given (and gathered for the prepared statement) before the query is built,
    // which happens once per connection.
    const slice = sliceOf(page);
    const joined = sql`${users} left join ${companies} on ${companies.id} = ${users.companyId}`;
    const sorted = sql.join(order, sql`, `);
    // A search lists its matches' ids in the page's order as it counts them, and the page is
    // those ids' slice; otherwise the total is a count beside the page's ids read in the sort's
    // order (pageIdsOf). Either way only the page's own rows are read again.
    const found = search
      ? {
          totals: sql`(select array_agg(${users.id} order by ${sorted}) as ids, count(*) as total
            from ${joined} where ${where}) as m`,
          pageIds: sql`m.ids[${param('from', slice.from)}::int : ${param('to', slice.to)}::int]`,
          order: sql`array_position(m.ids, ${users.id})`,
        }
      : {
          totals: sql`${totalOf({
            table: users,
            where,
            shape,
            counts: {
              table: userCounts,
              sum: userCounts.users,
              keeps: COUNTED,
              conditions: () => scopeConditionsOf(companyScope, param, userCounts.companyId),
            },
          })} as m cross join ${pageIdsOf({
            id: users.id,
            from: joined,
            where,
            order: sorted,
            limit: param('limit', page.limit),
            offset: param('offset', page.offset),
          })} as k`,
          pageIds: sql`k.ids`,
          order: sql`array_position(k.ids, ${users.id})`,
        };
    const pageRows = (db: TDb) =>
      db
        .select({
          id: RECORD.id,
          json: RECORD.json.as('json'),
          licenceId: RECORD.licenceId.as('licence_id'),
          photoHash: RECORD.photoHash,
        })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(sql`${users.id} = any(${found.pageIds})`)
        .orderBy(found.order);
    // One row: the total, the page's records as JSON joined by a record separator (a character
    // JSON text never holds unescaped) and their keys as arrays, all in the page's order.
    const query = (db: TDb) =>
      db
        .select({
          total: sql<number>`m.total`.mapWith(Number),
          json: sql<string | null>`p.json`,
          ids: sql<number[] | null>`p.ids`,
          licenceIds: sql<Array<number | null> | null>`p.licence_ids`,
          photoHashes: sql<Array<string | null> | null>`p.photo_hashes`,
        })
        .from(
          sql`${found.totals} cross join lateral (select string_agg(r.json, ${sql.raw(`E'\\x1e'`)}) as json,
            array_agg(r.id) as ids, array_agg(r.licence_id) as licence_ids, array_agg(r.photo_hash) as photo_hashes
            from (${pageRows(db)}) r) as p`,
        );
    const [row] = name
      ? await this.#ctx.runPrepared(name, (db) => query(db).prepare(name), values)
      : await query(this.#db);
    return { rows: pageRowsOf(row), total: row?.total ?? 0 };
  }

  /**
   * One user's record row. Outside a transaction the reads of one turn go out as one statement
   * (KeyedReads); inside one, it reads through the transaction.
   */
  record(id: number): Promise<TUserRecordRow | undefined> {
    if (this.#ctx.inTransaction) return this.records([id]).then(([row]) => row);
    return this.#recordById.get(id);
  }

  /** The record rows of the given users, in no order (prepared: every record read uses it). */
  async records(ids: number[]): Promise<TUserRecordRow[]> {
    if (ids.length === 0) return [];
    return this.#ctx.runPrepared('users_records', recordsQuery, { ids });
  }

  async insert(values: TUserInsert, roleIds: number[]): Promise<number> {
    return this.#ctx.transaction(async () => {
      const [row] = await this.#db.insert(users).values(values).returning({ id: users.id });
      if (!row) throw new Error('insert returned no row');
      await this.replaceRoles(row.id, roleIds);
      return row.id;
    });
  }

  async update(id: number, values: Partial<TUserInsert>): Promise<void> {
    await this.#db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  async replaceRoles(userId: number, roleIds: number[]): Promise<void> {
    await this.#db.delete(userRoles).where(eq(userRoles.userId, userId));
    const unique = [...new Set(roleIds)];
    if (unique.length) await this.#db.insert(userRoles).values(unique.map((roleId) => ({ userId, roleId })));
  }

  async delete(ids: number[]): Promise<void> {
    if (ids.length) await this.#db.delete(users).where(inArray(users.id, ids));
  }

  /** How many active users hold a role with the adminmanagement.update permission, apart from `exceptIds`. */
  async countOtherAdmins(exceptIds: number[]): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      this.#db,
      sql`
      select count(distinct u.id)::int as n from users u
      join user_roles ur on ur.user_id = u.id
      join role_permissions p on p.role_id = ur.role_id and p.area = 'adminmanagement' and p.can_update
      where u.active ${
        exceptIds.length
          ? sql`and u.id not in (${sql.join(
              exceptIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** E-mail addresses and languages of active administrators (registration notices). */
  async administrators(): Promise<Array<{ email: string; firstName: string; language: string }>> {
    return queryRows(
      this.#db,
      sql`
      select distinct u.email, u.first_name as "firstName", u.language from users u
      join user_roles ur on ur.user_id = u.id
      join role_permissions p on p.role_id = ur.role_id and p.area = 'usermanagement' and p.can_update
      join role_permissions a on a.role_id = ur.role_id and a.area = 'adminmanagement' and a.can_read
      where u.active`,
    );
  }
}
