import { and, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { type TRole, type TRoleFindRequest, type TRolePermissionInfo } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import { rolePermissions, roles, userRoles } from '../../db/schema/index.ts';
import { likePattern, orderOf, pageOf } from '../../lib/paging.ts';
import { toRole } from './roles.mapper.ts';

export type TRoleRow = typeof roles.$inferSelect;
export type TPermissionRow = typeof rolePermissions.$inferSelect;

/** Roles and their permission matrix. */
export class RolesRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.db;
  }

  async byId(id: number): Promise<TRoleRow | undefined> {
    const [row] = await this.#db.select().from(roles).where(eq(roles.id, id)).limit(1);
    return row;
  }

  async byName(name: string): Promise<TRoleRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(roles)
      .where(eq(sql`lower(${roles.name})`, name.toLowerCase()))
      .limit(1);
    return row;
  }

  async find(filter: TRoleFindRequest): Promise<{ roles: TRole[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.ids?.length) conditions.push(inArray(roles.id, filter.ids));
    if (filter.names?.length)
      conditions.push(
        inArray(
          sql`lower(${roles.name})`,
          filter.names.map((n) => n.toLowerCase()),
        ),
      );
    if (filter.search?.trim()) conditions.push(ilike(roles.name, likePattern(filter.search.trim())));
    const where = conditions.length ? and(...conditions) : undefined;
    const { limit, offset } = pageOf(filter);
    const [rows, [totals]] = await Promise.all([
      this.#db
        .select()
        .from(roles)
        .where(where)
        .orderBy(...orderOf(filter.sort, { roleName: roles.name, roleId: roles.id }, roles.id))
        .limit(limit)
        .offset(offset),
      this.#db.select({ total: count() }).from(roles).where(where),
    ]);
    return { roles: await this.load(rows), total: totals?.total ?? 0 };
  }

  /** API records of role rows: the full matrix (every area) and how many users hold each. */
  async load(rows: TRoleRow[]): Promise<TRole[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [permissionRows, userCounts] = await Promise.all([
      this.#db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, ids)),
      this.#db
        .select({ roleId: userRoles.roleId, users: count() })
        .from(userRoles)
        .where(inArray(userRoles.roleId, ids))
        .groupBy(userRoles.roleId),
    ]);
    return rows.map((row) =>
      toRole(row, permissionRows, userCounts.find((c) => c.roleId === row.id)?.users ?? 0),
    );
  }

  async save(
    role: { id?: number; name: string; builtIn?: boolean },
    infos: TRolePermissionInfo[],
  ): Promise<number> {
    return this.#ctx.transaction(async () => {
      const tx = this.#db;
      let id = role.id;
      if (id === undefined) {
        const [row] = await tx
          .insert(roles)
          .values({ name: role.name, builtIn: role.builtIn ?? false })
          .returning({ id: roles.id });
        if (!row) throw new Error('insert returned no row');
        id = row.id;
      } else {
        await tx.update(roles).set({ name: role.name }).where(eq(roles.id, id));
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
      }
      const roleId = id;
      if (infos.length) {
        await tx.insert(rolePermissions).values(
          infos.map((info) => ({
            roleId,
            area: info.rolePermissionName,
            canCreate: info.permissionCreate,
            canRead: info.permissionRead,
            canUpdate: info.permissionUpdate,
            canDelete: info.permissionDelete,
          })),
        );
      }
      return roleId;
    });
  }

  /** Role names of a user and the union of their permissions, as "<area>.<action>". */
  async ofUser(userId: number): Promise<{ roleNames: string[]; permissions: string[] }> {
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
    return { roleNames: [...roleNames].sort(), permissions: [...permissions].sort() };
  }

  async userCount(roleId: number): Promise<number> {
    const [row] = await this.#db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
    return row?.n ?? 0;
  }

  async delete(roleId: number): Promise<void> {
    await this.#db.delete(roles).where(eq(roles.id, roleId));
  }
}
