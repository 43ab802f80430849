import { z } from 'zod';
import { PERMISSION_AREAS } from '../auth/permissions.ts';
import { sortOf, ZFindQuery, ZId } from '../common/envelope.ts';
import { text } from '../common/fields.ts';

export const ZRolePermissionInfo = z.object({
  rolePermissionName: z.enum(PERMISSION_AREAS),
  permissionCreate: z.boolean(),
  permissionRead: z.boolean(),
  permissionUpdate: z.boolean(),
  permissionDelete: z.boolean(),
});
export type TRolePermissionInfo = z.infer<typeof ZRolePermissionInfo>;

/** The "<area>.<action>" permissions a role's matrix grants. */
export function grantedPermissions(infos: readonly TRolePermissionInfo[]): string[] {
  return infos.flatMap((info) =>
    (
      [
        ['create', info.permissionCreate],
        ['read', info.permissionRead],
        ['update', info.permissionUpdate],
        ['delete', info.permissionDelete],
      ] as const
    ).flatMap(([action, granted]) => (granted ? [`${info.rolePermissionName}.${action}`] : [])),
  );
}

/**
 * Nobody hands out or takes over more than they hold: true when the caller holds every one of
 * `permissions` (a role's grants, or a user's). No shortcut for admins: a real admin holds them all.
 */
export function holdsAll(
  caller: { permissions: ReadonlySet<string> },
  permissions: readonly string[],
): boolean {
  return permissions.every((permission) => caller.permissions.has(permission));
}

/** A full matrix (one entry per area) granting exactly the given "<area>.<action>" permissions. */
export function permissionMatrix(granted: readonly string[]): TRolePermissionInfo[] {
  return PERMISSION_AREAS.map((area) => ({
    rolePermissionName: area,
    permissionCreate: granted.includes(`${area}.create`),
    permissionRead: granted.includes(`${area}.read`),
    permissionUpdate: granted.includes(`${area}.update`),
    permissionDelete: granted.includes(`${area}.delete`),
  }));
}

export const ZRole = z.object({
  roleId: ZId,
  roleName: z.string(),
  builtIn: z.boolean(),
  rolePermissionInfos: z.array(ZRolePermissionInfo),
  userCount: z.number().int().nonnegative(),
});
export type TRole = z.infer<typeof ZRole>;

export const ZRoleData = z.object({
  roleId: ZId.optional(),
  roleName: text('roleName', { min: 3, max: 64 }).regex(/^[A-Za-z0-9_-]+$/, 'roleName is not valid'),
  rolePermissionInfos: z
    .array(ZRolePermissionInfo)
    .refine((infos) => new Set(infos.map((i) => i.rolePermissionName)).size === infos.length, {
      message: 'rolePermissionInfos has a repeated area',
      params: { key: 'repeatedArea' },
    }),
});
export type TRoleData = z.infer<typeof ZRoleData>;

/** The fields a find may sort by. */
export const ROLE_SORT_FIELDS = ['roleName', 'roleId'] as const;

export const ZRoleFindRequest = ZFindQuery.extend({
  sort: sortOf(ROLE_SORT_FIELDS),
  ids: z.array(ZId).max(1000).optional(),
  names: z.array(z.string().max(64)).max(1000).optional(),
});
export type TRoleFindRequest = z.infer<typeof ZRoleFindRequest>;

export const ZRoleSaveRequest = z.object({ roleData: ZRoleData });
export const ZRoleDeleteRequest = z.object({
  roleData: z.object({ roleId: ZId, roleName: z.string().optional() }),
});

export const ZRoleInfos = z.object({ roleInfos: z.array(ZRole) });
export const ZRolePage = ZRoleInfos.extend({ totalCount: z.number().int().nonnegative() });
