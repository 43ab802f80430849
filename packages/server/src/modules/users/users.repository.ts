import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TUserFindRequest } from '@portal/contract';
import { queryRows, type TDb } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import { companies, roles, USER_SEARCH_TEXT, userRoles, users } from '../../db/schema/index.ts';
import { likePattern, orderOf, pageOf, pageResult, windowTotal } from '../../lib/paging.ts';

export type TUserRow = typeof users.$inferSelect;
export type TUserInsert = typeof users.$inferInsert;
export type TUserWithCompany = {
  user: TUserRow;
  companyName: string | null;
  companyLicenseId: number | null;
};

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

const withCompaniesQuery = (db: TDb) =>
  db
    .select({ user: users, companyName: companies.name, companyLicenseId: companies.licenseId })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(sql`${users.id} = any(${sql.placeholder('ids')})`)
    .prepare('users_with_companies');

const roleRefsQuery = (db: TDb) =>
  db
    .select({ userId: userRoles.userId, roleId: roles.id, roleName: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(sql`${userRoles.userId} = any(${sql.placeholder('ids')})`)
    .orderBy(roles.name)
    .prepare('users_role_refs');

/** Users and their role assignments; the only place that queries the users tables. */
export class UsersRepository {
  readonly #ctx: DbContext;

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

  /** A page of user ids matching the filters, inside `companyScope` (null: every company). */
  async find(
    filter: TUserFindRequest,
    companyScope: number[] | null,
  ): Promise<{ ids: number[]; total: number }> {
    const conditions: SQL[] = [];
    if (companyScope)
      conditions.push(companyScope.length ? inArray(users.companyId, companyScope) : sql`false`);
    if (filter.ids?.length) conditions.push(inArray(users.id, filter.ids));
    if (filter.logins?.length)
      conditions.push(
        inArray(
          lowerLogin,
          filter.logins.map((l) => l.toLowerCase()),
        ),
      );
    if (filter.companyIds?.length) conditions.push(inArray(users.companyId, filter.companyIds));
    if (filter.active !== undefined) conditions.push(eq(users.active, filter.active));
    if (filter.roleIds?.length) {
      conditions.push(
        inArray(
          users.id,
          this.#db
            .select({ id: userRoles.userId })
            .from(userRoles)
            .where(inArray(userRoles.roleId, filter.roleIds)),
        ),
      );
    }
    const search = filter.search?.trim();
    if (search) {
      // USER_SEARCH_TEXT is what the trigram index holds, so this LIKE is an index scan.
      const pattern = likePattern(search);
      // As an array computed once, the company match can join the trigram index in a bitmap OR.
      const companyIds = sql`array(select ${companies.id} from ${companies} where lower(${companies.name}) like ${pattern})`;
      conditions.push(
        or(sql`${USER_SEARCH_TEXT} like ${pattern}`, sql`${users.companyId} = any(${companyIds})`)!,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const page = pageOf(filter);
    const rows = await this.#db
      .select({ id: users.id, total: windowTotal })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(...orderOf(filter, SORT_COLUMNS, users.id))
      .limit(page.limit)
      .offset(page.offset);
    const result = await pageResult(rows, page, async () => {
      const [totals] = await this.#db.select({ total: count() }).from(users).where(where);
      return totals?.total ?? 0;
    });
    return { ids: result.rows.map((r) => r.id), total: result.total };
  }

  /** Rows of the given users with their company's name and licence (prepared: every record read uses it). */
  async withCompanies(ids: number[]): Promise<TUserWithCompany[]> {
    return ids.length ? this.#ctx.runPrepared('users_with_companies', withCompaniesQuery, { ids }) : [];
  }

  /** The roles each user holds, by name. */
  async roleRefs(ids: number[]): Promise<Array<{ userId: number; roleId: number; roleName: string }>> {
    return ids.length ? this.#ctx.runPrepared('users_role_refs', roleRefsQuery, { ids }) : [];
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
