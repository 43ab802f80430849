import { type TRole, type TRoleData, type TRoleFindRequest, BUILTIN_ROLES } from '@portal/contract';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { RolesRepository } from './roles.repository.ts';

const roleNotFound = () => notFound('The requested role is not found');

/** Roles are portal-wide; built-in ones keep their names, and adminrole keeps admin management. */
export class RolesService {
  readonly #roles: RolesRepository;
  readonly #audit: AuthRepository;

  constructor(roles: RolesRepository, audit: AuthRepository) {
    this.#roles = roles;
    this.#audit = audit;
  }

  async find(filter: TRoleFindRequest): Promise<{ roleInfos: TRole[]; totalCount: number }> {
    const { roles, total } = await this.#roles.find(filter);
    return { roleInfos: roles, totalCount: total };
  }

  async save(auth: TAuth, data: TRoleData): Promise<TRole[]> {
    const existing = data.roleId === undefined ? undefined : await this.#roles.byId(data.roleId);
    if (data.roleId !== undefined && !existing) throw roleNotFound();
    if (!existing && !auth.permissions.has('adminmanagement.create')) {
      throw forbidden('This action needs the adminmanagement.create permission');
    }
    const holder = await this.#roles.byName(data.roleName);
    if (holder && holder.id !== existing?.id) throw conflict(`roleName ${data.roleName} is already taken`);
    if (existing?.builtIn && existing.name !== data.roleName)
      throw conflict('A built-in role cannot be renamed');
    if (!existing && BUILTIN_ROLES.some((name) => name === data.roleName.toLowerCase())) {
      throw conflict(`roleName ${data.roleName} is reserved`);
    }
    if (existing?.name === 'adminrole') {
      const admin = data.rolePermissionInfos.find((i) => i.rolePermissionName === 'adminmanagement');
      if (!admin?.permissionRead || !admin.permissionUpdate) {
        throw conflict(
          'adminrole must keep adminmanagement read and update, or nobody could manage the portal',
        );
      }
    }
    const id = await this.#roles.save({ id: existing?.id, name: data.roleName }, data.rolePermissionInfos);
    await this.#audit.audit({
      action: existing ? 'role.updated' : 'role.created',
      userId: auth.userId,
      targetType: 'role',
      targetId: id,
    });
    const role = await this.#roles.byId(id);
    return this.#roles.load(role ? [role] : []);
  }

  async delete(auth: TAuth, roleId: number): Promise<TRole[]> {
    const role = await this.#roles.byId(roleId);
    if (!role) throw roleNotFound();
    if (role.builtIn) throw conflict('A built-in role cannot be deleted');
    const holders = await this.#roles.userCount(roleId);
    if (holders > 0) throw conflict(`The role is assigned to ${holders} users; take it from them first`);
    const [record] = await this.#roles.load([role]);
    await this.#roles.delete(roleId);
    await this.#audit.audit({
      action: 'role.deleted',
      userId: auth.userId,
      targetType: 'role',
      targetId: roleId,
    });
    return record ? [record] : [];
  }
}
