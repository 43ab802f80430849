import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  INTERFACE_LANGUAGES,
  MIN_DATE,
  type TUser,
  type TUserFindRequest,
  type USER_SORT_FIELDS,
} from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import { isoText } from '../../db/json-sql.ts';
import { KeyedReads } from '../../db/keyed-reads.ts';
import { FindConditions, PagedFind, type TRecordRow } from '../../db/paged-find.ts';
import { companies, roles, userCounts, userRoles, users } from '../../db/schema/index.ts';
import type { JsonPage } from '../../lib/json-page.ts';
import { likePattern } from '../../lib/paging.ts';

export type TUserRow = typeof users.$inferSelect;
export type TUserInsert = typeof users.$inferInsert;

const SORT_COLUMNS: Record<(typeof USER_SORT_FIELDS)[number], AnyPgColumn | SQL> = {
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

/**
 * The users' paged find: a user's API record as PostgreSQL writes it (TUser but its licence and
 * photo), with the keys of those two beside it (the licence the user holds, else its company's;
 * the photo's hash), which the service adds: the licence with its seat count, the photo from the
 * file store. Never the password hash or the second-factor seed.
 */
type TUserKeys = { licenceId: SQL<number | null>; photoHash: SQL<string | null> };
const FIND = new PagedFind<TUser, (typeof USER_SORT_FIELDS)[number], TUserKeys>({
  name: 'users_find',
  table: users,
  id: users.id,
  from: sql`${users} left join ${companies} on ${companies.id} = ${users.companyId}`,
  sort: SORT_COLUMNS,
  record: RECORD_FIELDS,
  keys: {
    licenceId: sql<number | null>`coalesce(${users.licenseId}, ${companies.licenseId})`,
    photoHash: sql<string | null>`${users.photoHash}`,
  },
  counts: { table: userCounts, sum: userCounts.users, keeps: new Set(['scope']) },
});

/** Users' records as PostgreSQL wrote them, with the keys of what the service adds to each. */
export type TUserRecords = {
  page: JsonPage<TUser>;
  keys: { licenceId: Array<number | null>; photoHash: Array<string | null> };
};
type TUserRecordRow = TRecordRow<TUserKeys>;

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
): FindConditions {
  const find = scopeConditionsOf(companyScope, users.companyId);
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
function scopeConditionsOf(companyScope: number[] | null, companyId: AnyPgColumn): FindConditions {
  const find = new FindConditions();
  if (companyScope) find.oneOf('scope', companyId, companyScope);
  return find;
}

/** A user find as the paged find takes it. */
function findRequestOf(filter: TUserFindRequest, companyScope: number[] | null) {
  const search = filter.search?.trim() || undefined;
  return {
    query: filter,
    conditions: conditionsOf(filter, companyScope, search),
    collect: search !== undefined,
    counted: () => scopeConditionsOf(companyScope, userCounts.companyId),
  };
}

/** Users and their role assignments; the only place that queries the users tables. */
export class UsersRepository {
  readonly #ctx: DbContext;

  /** One user's record read by many requests at once (`me`): one statement per turn of the event loop. */
  readonly #recordById: KeyedReads<number, TUserRecordRow>;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
    this.#recordById = new KeyedReads(
      (ids) => FIND.rows(ctx, ids),
      (row) => row.id,
      () => ctx.inTransaction,
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
   * their total: one statement, prepared once per shape of find (db/paged-find.ts). A search
   * matches through the trigram and company indexes; a list of whole companies sums user_counts.
   */
  find(filter: TUserFindRequest, companyScope: number[] | null): Promise<TUserRecords> {
    return FIND.find(this.#ctx, findRequestOf(filter, companyScope));
  }

  /** The SQL of a find (the checked-in copies in db/sql/). */
  findSql(filter: TUserFindRequest, companyScope: number[] | null) {
    return FIND.sqlOf(this.#ctx.db, findRequestOf(filter, companyScope));
  }

  /**
   * One user's record. Outside a transaction the reads of one turn go out as one statement
   * (KeyedReads, `me` under load); inside one, it reads through the transaction.
   */
  async record(id: number): Promise<TUserRecords | undefined> {
    const row = await this.#recordById.get(id);
    return row ? FIND.pageOf([row]) : undefined;
  }

  /** The records of the given users, in the order of `ids` (missing ones left out). */
  records(ids: number[]): Promise<TUserRecords> {
    return FIND.page(this.#ctx, ids);
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
