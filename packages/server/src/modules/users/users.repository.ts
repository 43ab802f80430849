import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TLicense, TUser, TUserFindRequest } from '@portal/contract';
import { queryRows, type TDb, type TTx } from '../../db/client.ts';
import { companies, licenses, roles, userRoles, users } from '../../db/schema/index.ts';
import { iso, isoOrMin } from '../../lib/dates.ts';
import { likePattern, orderOf, pageOf } from '../../lib/paging.ts';

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

type TLicenseRow = typeof licenses.$inferSelect;

function toLicense(row: TLicenseRow, currentNumberOfUsers: number): TLicense {
  return {
    licenseInfoId: row.id,
    licenseCode: row.code,
    licenseType: row.type,
    licenseDescription: row.description,
    licenseValidUntil: iso(row.validUntil),
    maxNumberOfUsers: row.maxUsers,
    currentNumberOfUsers,
    accountManager: row.accountManager,
    licenseStatus: row.status,
    active: row.active,
    licenseClaims: row.claims,
    validCheck: row.validCheck,
    validCheckDate: iso(row.validCheckDate),
  };
}

/** Users and their roles; the only place that queries the users tables. */
export class UsersRepository {
  readonly #db: TDb;

  constructor(db: TDb) {
    this.#db = db;
  }

  async byLogin(login: string, tx: TDb | TTx = this.#db): Promise<TUserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.login})`, login.toLowerCase()))
      .limit(1);
    return row;
  }

  async byLoginOrEmail(text: string): Promise<TUserRow[]> {
    const lower = text.toLowerCase();
    return this.#db
      .select()
      .from(users)
      .where(or(eq(sql`lower(${users.login})`, lower), eq(sql`lower(${users.email})`, lower)))
      .limit(5);
  }

  async byId(id: number, tx: TDb | TTx = this.#db): Promise<TUserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async byLogins(logins: string[]): Promise<TUserRow[]> {
    if (logins.length === 0) return [];
    return this.#db
      .select()
      .from(users)
      .where(
        inArray(
          sql`lower(${users.login})`,
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

  /** Role names and the union of their permissions, as "<area>.<action>". */
  async rolesAndPermissions(userId: number): Promise<{ roleNames: string[]; permissions: string[] }> {
    const rows = await queryRows<{
      name: string;
      area: string | null;
      c: boolean;
      r: boolean;
      u: boolean;
      d: boolean;
    }>(
      this.#db,
      sql`
      select r.name, p.area, p.can_create as c, p.can_read as r, p.can_update as u, p.can_delete as d
      from user_roles ur
      join roles r on r.id = ur.role_id
      left join role_permissions p on p.role_id = r.id
      where ur.user_id = ${userId}`,
    );
    const roleNames = new Set<string>();
    const permissions = new Set<string>();
    for (const row of rows) {
      roleNames.add(row.name);
      if (!row.area) continue;
      if (row.c) permissions.add(`${row.area}.create`);
      if (row.r) permissions.add(`${row.area}.read`);
      if (row.u) permissions.add(`${row.area}.update`);
      if (row.d) permissions.add(`${row.area}.delete`);
    }
    return { roleNames: [...roleNames], permissions: [...permissions].sort() };
  }

  /** A page of users matching the filters, inside `companyScope` (null: every company). */
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
          sql`lower(${users.login})`,
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
    if (filter.search?.trim()) {
      const pattern = likePattern(filter.search.trim());
      conditions.push(
        or(
          ilike(users.login, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
          ilike(users.companyName, pattern),
          ilike(companies.name, pattern),
        )!,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const { limit, offset } = pageOf(filter);
    const [rows, [totals]] = await Promise.all([
      this.#db
        .select({ id: users.id })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(where)
        .orderBy(...orderOf(filter, SORT_COLUMNS, users.id))
        .limit(limit)
        .offset(offset),
      this.#db
        .select({ total: count() })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(where),
    ]);
    return { ids: rows.map((r) => r.id), total: totals?.total ?? 0 };
  }

  /** Full API records of the given users, in the order of `ids`. */
  async load(ids: number[]): Promise<TUser[]> {
    if (ids.length === 0) return [];
    const [rows, roleRows] = await Promise.all([
      this.#db
        .select({ user: users, companyName: companies.name, companyLicenseId: companies.licenseId })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(inArray(users.id, ids)),
      this.#db
        .select({ userId: userRoles.userId, roleId: roles.id, roleName: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, ids))
        .orderBy(roles.name),
    ]);
    const licenseIds = [
      ...new Set(rows.map((r) => r.user.licenseId ?? r.companyLicenseId).filter((id) => id !== null)),
    ];
    const licenseById = new Map<number, TLicense>();
    if (licenseIds.length) {
      const [licenseRows, seats] = await Promise.all([
        this.#db.select().from(licenses).where(inArray(licenses.id, licenseIds)),
        this.seatsUsed(licenseIds),
      ]);
      for (const row of licenseRows) licenseById.set(row.id, toLicense(row, seats.get(row.id) ?? 0));
    }
    const byId = new Map(
      rows.map(({ user, companyName, companyLicenseId }) => {
        const licenseId = user.licenseId ?? companyLicenseId;
        const record: TUser = {
          id: user.id,
          login: user.login,
          active: user.active,
          roles: roleRows
            .filter((r) => r.userId === user.id)
            .map(({ roleId, roleName }) => ({ roleId, roleName })),
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          phone: user.phone,
          companyName: user.companyName ?? companyName,
          company:
            user.companyId !== null ? { companyId: user.companyId, companyName: companyName ?? '' } : null,
          lastLogin: isoOrMin(user.lastLogin),
          joinDate: user.joinDate.toISOString(),
          registrationCompleted: user.registrationCompleted,
          licenseInfo: licenseId !== null ? (licenseById.get(licenseId) ?? null) : null,
          licenseAcceptanceDate: iso(user.licenseAcceptanceDate),
          termsId: user.termsId ?? 0,
          photoFileName: user.photoFileName,
          photoBase64: null,
          mfaEnabled: user.mfaEnabled,
        };
        return [user.id, record] as const;
      }),
    );
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Active users counted against each licence: users holding it directly or through their company. */
  async seatsUsed(licenseIds: number[]): Promise<Map<number, number>> {
    if (licenseIds.length === 0) return new Map();
    const rows = await queryRows<{ license_id: number; seats: number }>(
      this.#db,
      sql`
      select coalesce(u.license_id, c.license_id) as license_id, count(*)::int as seats
      from users u left join companies c on c.id = u.company_id
      where u.active and coalesce(u.license_id, c.license_id) in (${sql.join(
        licenseIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by 1`,
    );
    return new Map(rows.map((r) => [Number(r.license_id), Number(r.seats)]));
  }

  async photoHashes(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .select({ id: users.id, hash: users.photoHash })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.flatMap((r) => (r.hash ? [[r.id, r.hash] as const] : [])));
  }

  async companyLicenceId(companyId: number | null): Promise<number | null> {
    if (companyId === null) return null;
    const [row] = await this.#db
      .select({ licenseId: companies.licenseId })
      .from(companies)
      .where(eq(companies.id, companyId));
    return row?.licenseId ?? null;
  }

  async licenceSeats(licenseId: number): Promise<number> {
    const [row] = await this.#db
      .select({ max: licenses.maxUsers })
      .from(licenses)
      .where(eq(licenses.id, licenseId));
    return row?.max ?? 0;
  }

  async insert(values: TUserInsert, roleIds: number[], tx: TDb | TTx = this.#db): Promise<number> {
    const [row] = await tx.insert(users).values(values).returning({ id: users.id });
    if (!row) throw new Error('insert returned no row');
    if (roleIds.length)
      await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row.id, roleId })));
    return row.id;
  }

  async update(id: number, values: Partial<TUserInsert>, tx: TDb | TTx = this.#db): Promise<void> {
    await tx
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  async replaceRoles(userId: number, roleIds: number[], tx: TDb | TTx = this.#db): Promise<void> {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  }

  async delete(ids: number[], tx: TDb | TTx = this.#db): Promise<void> {
    if (ids.length) await tx.delete(users).where(inArray(users.id, ids));
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

  transaction<T>(work: (tx: TTx) => Promise<T>): Promise<T> {
    return this.#db.transaction(work);
  }
}
