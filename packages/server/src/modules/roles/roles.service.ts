import {
  ALL_PERMISSIONS,
  BUILTIN_ROLES,
  grantedPermissions,
  type TRole,
  type TRoleData,
  type TRoleFindRequest,
  type TRolePermissionInfo,
} from '@portal/contract';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { TAuth } from '../../lib/caller.ts';
import { changesOf, type ActivityService } from '../activity/activity.service.ts';
import type { RolesRepository } from './roles.repository.ts';

export type TRolesDeps = { repo: RolesRepository; activity: ActivityService; transaction: TTransaction };

const roleNotFound = () => notFound('notFound', { name: 'role' });

/**
 * Roles are portal-wide. Built-in ones keep their names, adminrole keeps every permission, and
 * nobody grants through a role a permission they do not hold themselves.
 */
export class RolesService {
  readonly #d: TRolesDeps;

  constructor(deps: TRolesDeps) {
    this.#d = deps;
  }

  async find(filter: TRoleFindRequest): Promise<{ roleInfos: TRole[]; totalCount: number }> {
    const { roles, total } = await this.#d.repo.find(filter);
    return { roleInfos: roles, totalCount: total };
  }

  /** Records of the given roles; throws 404 when one does not exist. */
  async byIds(ids: number[]): Promise<TRole[]> {
    const unique = [...new Set(ids)];
    const { roles } = await this.#d.repo.find({ ids: unique });
    if (roles.length !== unique.length) throw roleNotFound();
    return roles;
  }

  /** The role self-registered and staff-created users get when none is given. */
  async defaultRoleIds(): Promise<number[]> {
    const role = await this.#d.repo.byName('userrole');
    return role ? [role.id] : [];
  }

  /** Creates a built-in role with its first matrix when it is missing (start-up seed). */
  async ensureBuiltIn(name: string, matrix: TRolePermissionInfo[]): Promise<void> {
    if (!(await this.#d.repo.byName(name))) await this.#d.repo.save({ name, builtIn: true }, matrix);
  }

  ofUser(userId: number): Promise<{ roleNames: string[]; permissions: string[] }> {
    return this.#d.repo.ofUser(userId);
  }

  async save(auth: TAuth, data: TRoleData): Promise<TRole[]> {
    const lacking = grantedPermissions(data.rolePermissionInfos).find((p) => !auth.permissions.has(p));
    if (lacking) throw forbidden('roleGrantExceeds', { permission: lacking });
    const id = await this.#d.transaction(async () => {
      const existing = data.roleId === undefined ? undefined : await this.#d.repo.byId(data.roleId);
      if (data.roleId !== undefined && !existing) throw roleNotFound();
      if (!existing && !auth.permissions.has('adminmanagement.create'))
        throw forbidden('permissionRequired', { permission: 'adminmanagement.create' });
      const holder = await this.#d.repo.byName(data.roleName);
      if (holder && holder.id !== existing?.id)
        throw conflict('roleNameTaken', { roleName: data.roleName }, 'roleName');
      if (existing?.builtIn && existing.name !== data.roleName) throw conflict('builtInRoleRename');
      if (!existing && BUILTIN_ROLES.some((name) => name === data.roleName.toLowerCase()))
        throw conflict('roleNameReserved', { roleName: data.roleName }, 'roleName');
      if (existing?.name === 'adminrole') {
        const granted = new Set(grantedPermissions(data.rolePermissionInfos));
        if (!ALL_PERMISSIONS.every((p) => granted.has(p))) throw conflict('adminRoleKeepsAll');
      }
      const before = existing ? (await this.#d.repo.load([existing]))[0] : undefined;
      const saved = await this.#d.repo.save(
        { id: existing?.id, name: data.roleName },
        data.rolePermissionInfos,
      );
      const stored = await this.#d.repo.byId(saved);
      const after = stored ? (await this.#d.repo.load([stored]))[0] : undefined;
      await this.#d.activity.record({
        kind: existing ? 'role.update' : 'role.create',
        userId: auth.userId,
        companyId: auth.companyId,
        recordType: 'role',
        recordId: saved,
        changes: changesOf(before, after),
      });
      return saved;
    });
    return this.byIds([id]);
  }

  async delete(auth: TAuth, roleId: number): Promise<TRole[]> {
    return this.#d.transaction(async () => {
      const role = await this.#d.repo.byId(roleId);
      if (!role) throw roleNotFound();
      if (role.builtIn) throw conflict('builtInRoleDelete');
      const holders = await this.#d.repo.userCount(roleId);
      if (holders > 0) throw conflict('roleInUse', { count: holders });
      const records = await this.#d.repo.load([role]);
      await this.#d.repo.delete(roleId);
      await this.#d.activity.record({
        kind: 'role.delete',
        userId: auth.userId,
        companyId: auth.companyId,
        recordType: 'role',
        recordId: roleId,
        changes: changesOf(records[0], undefined),
      });
      return records;
    });
  }
}
