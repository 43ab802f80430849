import { PERMISSION_AREAS, type TRole } from '@portal/contract';
import type { TPermissionRow, TRoleRow } from './roles.repository.ts';

/** The one place a role row becomes the API record: the full matrix (every area) and its holders. */
export function toRole(row: TRoleRow, permissionRows: readonly TPermissionRow[], userCount: number): TRole {
  return {
    roleId: row.id,
    roleName: row.name,
    builtIn: row.builtIn,
    userCount,
    rolePermissionInfos: PERMISSION_AREAS.map((area) => {
      const p = permissionRows.find((r) => r.roleId === row.id && r.area === area);
      return {
        rolePermissionName: area,
        permissionCreate: p?.canCreate ?? false,
        permissionRead: p?.canRead ?? false,
        permissionUpdate: p?.canUpdate ?? false,
        permissionDelete: p?.canDelete ?? false,
      };
    }),
  };
}
