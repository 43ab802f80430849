import { and, count, eq, inArray, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { TUserFindRequest } from '@portal/contract';
import { queryRows, type TDb } from '../../db/client.ts';
import { isoText } from '../../db/json-sql.ts';
import type { DbContext } from '../../db/context.ts';
import { companies, roles, userRoles, users } from '../../db/schema/index.ts';
import { likePattern, orderOf, pageOf, pageResult } from '../../lib/paging.ts';

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

/** What an API record of a user is made from, as PostgreSQL builds it: one JSON object per user. */
export type TUserRecordRow = {
  id: number;
  login: string;
  active: boolean;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  /** The free-text company name the user gave, if any. */
  companyName: string | null;
  companyId: number | null;
  lastLogin: string | null;
  joinDate: string;
  registrationCompleted: boolean;
  licenseId: number | null;
  licenseAcceptanceDate: string | null;
  termsId: number | null;
  photoFileName: string | null;
  photoHash: string | null;
  mfaEnabled: boolean;
  language: string;
  /** The name of the company the user belongs to. */
  companyDisplayName: string | null;
  companyLicenseId: number | null;
  roles: Array<{ roleId: number; roleName: string }>;
};

/**
 * A user's record in one column: the columns it shows (never the password hash or second-factor
 * seed), moments already as ISO text, its company's name and licence, and its roles by name. The
 * driver parses one JSON value per row instead of mapping some twenty columns, and the roles'
 * sub-select reads the user_roles key, so a page costs no extra round trip.
 */
const RECORD = sql<TUserRecordRow>`json_build_object(
  'id', ${users.id}, 'login', ${users.login}, 'active', ${users.active},
  'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'email', ${users.email},
  'phone', ${users.phone}, 'companyName', ${users.companyName}, 'companyId', ${users.companyId},
  'lastLogin', ${isoText(users.lastLogin)}, 'joinDate', ${isoText(users.joinDate)},
  'registrationCompleted', ${users.registrationCompleted}, 'licenseId', ${users.licenseId},
  'licenseAcceptanceDate', ${isoText(users.licenseAcceptanceDate)}, 'termsId', ${users.termsId},
  'photoFileName', ${users.photoFileName}, 'photoHash', ${users.photoHash},
  'mfaEnabled', ${users.mfaEnabled}, 'language', ${users.language},
  'companyDisplayName', ${companies.name}, 'companyLicenseId', ${companies.licenseId},
  'roles', coalesce((
    select json_agg(json_build_object('roleId', ${roles.id}, 'roleName', ${roles.name}) order by ${roles.name}, ${roles.id})
    from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
    where ${userRoles.userId} = ${users.id}), '[]'::json))`;

const recordsQuery = (db: TDb) =>
  db
    .select({ record: RECORD })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(sql`${users.id} = any(${sql.placeholder('ids')})`)
    .prepare('users_records');

/** A value of a find: a placeholder of a prepared statement, or written in. */
type TParam = (name: string, value: unknown) => SQL | Placeholder;
// As one parameter: an array written into `sql` would be spread into a list.
const inline: TParam = (_name, value) => sql`${sql.param(value)}`;

/**
 * Each shape of find (which filters, which sort) is one prepared statement on every pooled
 * connection; past this many shapes, rarer ones are built for each request.
 */
const MAX_FIND_SHAPES = 32;

/** The conditions of a user find, with each value given through `param`. */
function findConditions(
  filter: TUserFindRequest,
  companyScope: number[] | null,
  search: string | undefined,
  namedCompanyIds: number[],
  param: TParam,
): SQL[] {
  const conditions: SQL[] = [];
  // `= any(array)` keeps one statement for any number of values (an empty scope matches no one).
  if (companyScope) conditions.push(sql`${users.companyId} = any(${param('scope', companyScope)})`);
  if (filter.ids?.length) conditions.push(sql`${users.id} = any(${param('ids', filter.ids)})`);
  if (filter.logins?.length)
    conditions.push(
      sql`${lowerLogin} = any(${param(
        'logins',
        filter.logins.map((l) => l.toLowerCase()),
      )})`,
    );
  if (filter.companyIds?.length)
    conditions.push(sql`${users.companyId} = any(${param('companyIds', filter.companyIds)})`);
  if (filter.active !== undefined) conditions.push(sql`${users.active} = ${param('active', filter.active)}`);
  if (filter.roleIds?.length)
    conditions.push(
      sql`${users.id} in (select ${userRoles.userId} from ${userRoles} where ${userRoles.roleId} = any(${param('roleIds', filter.roleIds)}))`,
    );
  if (search) {
    // Both sides are lower case, so LIKE matches as ILIKE would, and rechecks its rows faster.
    const text = sql`${users.searchText} like ${param('pattern', likePattern(search))}`;
    conditions.push(
      namedCompanyIds.length
        ? sql`(${text} or ${users.companyId} = any(${param('named', namedCompanyIds)}))`
        : text,
    );
  }
  return conditions;
}

/** Users and their role assignments; the only place that queries the users tables. */
export class UsersRepository {
  readonly #ctx: DbContext;
  /** Prepared statements of user finds by shape (which filters, which sort). */
  readonly #findShapes = new Map<string, string>();

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
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

  /** A page of user records matching the filters, inside `companyScope` (null: every company), and their total. */
  async find(
    filter: TUserFindRequest,
    companyScope: number[] | null,
  ): Promise<{ rows: TUserRecordRow[]; total: number }> {
    const order = orderOf(filter, SORT_COLUMNS, users.id);
    const page = pageOf(filter);
    const search = filter.search?.trim();
    // The companies whose name matches are looked up first: given as values, the planner knows
    // how few users they hold, and reads search_text's trigram index (beside users_company_idx
    // in a bitmap OR). Asked inside the statement, it guesses a quarter of all users and scans them.
    const named = search
      ? (
          await this.#db
            .select({ id: companies.id })
            .from(companies)
            .where(sql`lower(${companies.name}) like ${likePattern(search)}`)
        ).map((c) => c.id)
      : [];
    const values: Record<string, unknown> = { limit: page.limit, offset: page.offset };
    const placeholder: TParam = (name, value) => {
      values[name] = value;
      return sql.placeholder(name);
    };
    const conditionsOf = (param: TParam) => findConditions(filter, companyScope, search, named, param);
    const query = (db: TDb, param: TParam) => {
      const where = and(...conditionsOf(param));
      // The total as a sub-select is one count over the matching users, where `count(*) over ()`
      // would read and sort every one of them before the page could be cut.
      const total = sql<number>`(select count(*) from ${users} where ${where ?? sql`true`})`.mapWith(Number);
      return db
        .select({ record: RECORD, total })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(where)
        .orderBy(...order);
    };
    // A search is planned for its own words (a generic plan could not judge the pattern); other
    // finds of one shape share a statement built and prepared once, and only their values are
    // gathered per request.
    const name = search ? undefined : this.#findStatement(filter, companyScope);
    if (name) conditionsOf(placeholder);
    const rows = name
      ? await this.#ctx.runPrepared(
          name,
          (db) =>
            query(db, placeholder)
              .limit(sql.placeholder('limit'))
              .offset(sql.placeholder('offset'))
              .prepare(name),
          values,
        )
      : await query(this.#db, inline).limit(page.limit).offset(page.offset);
    const result = await pageResult(rows, page, async () => {
      const conditions = findConditions(filter, companyScope, search, named, inline);
      const [totals] = await this.#db
        .select({ total: count() })
        .from(users)
        .where(and(...conditions));
      return totals?.total ?? 0;
    });
    return { rows: result.rows.map((row) => row.record), total: result.total };
  }

  /** The prepared statement's name for finds of this shape (filters given, sort); none past MAX_FIND_SHAPES. */
  #findStatement(filter: TUserFindRequest, companyScope: number[] | null): string | undefined {
    const shape = [
      companyScope ? 'scope' : '',
      filter.ids?.length ? 'ids' : '',
      filter.logins?.length ? 'logins' : '',
      filter.companyIds?.length ? 'companies' : '',
      filter.active === undefined ? '' : 'active',
      filter.roleIds?.length ? 'roles' : '',
      ...(filter.sort ?? []).map(({ field, dir }) => `${field}:${dir}`),
    ].join('|');
    let name = this.#findShapes.get(shape);
    if (!name && this.#findShapes.size < MAX_FIND_SHAPES)
      this.#findShapes.set(shape, (name = `users_find_${this.#findShapes.size}`));
    return name;
  }

  /** The record rows of the given users, in no order (prepared: every record read uses it). */
  async records(ids: number[]): Promise<TUserRecordRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.#ctx.runPrepared('users_records', recordsQuery, { ids });
    return rows.map((row) => row.record);
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
