import type { TPermissionAction, TPermissionArea, TRolePermissionInfo } from '@portal/contract';
import { PERMISSION_ACTIONS, PERMISSION_AREAS } from '@portal/contract';

export type TMatrix = Record<TPermissionArea, Record<TPermissionAction, boolean>>;

const FIELD: Record<TPermissionAction, keyof Omit<TRolePermissionInfo, 'rolePermissionName'>> = {
  create: 'permissionCreate',
  read: 'permissionRead',
  update: 'permissionUpdate',
  delete: 'permissionDelete',
};

function emptyRow(): Record<TPermissionAction, boolean> {
  return { create: false, read: false, update: false, delete: false };
}

/** The five areas by four actions of a role, all false where the role says nothing. */
export function toMatrix(infos: readonly TRolePermissionInfo[]): TMatrix {
  const matrix = Object.fromEntries(PERMISSION_AREAS.map((area) => [area, emptyRow()])) as TMatrix;
  for (const info of infos) {
    const row = matrix[info.rolePermissionName];
    for (const action of PERMISSION_ACTIONS) row[action] = info[FIELD[action]];
  }
  return matrix;
}

/** One rolePermissionInfos entry per area, as role save expects. */
export function fromMatrix(matrix: TMatrix): TRolePermissionInfo[] {
  return PERMISSION_AREAS.map((area) => ({
    rolePermissionName: area,
    permissionCreate: matrix[area].create,
    permissionRead: matrix[area].read,
    permissionUpdate: matrix[area].update,
    permissionDelete: matrix[area].delete,
  }));
}

export function setCell(
  matrix: TMatrix,
  area: TPermissionArea,
  action: TPermissionAction,
  value: boolean,
): TMatrix {
  return { ...matrix, [area]: { ...matrix[area], [action]: value } };
}

/** Row toggle: all four actions of an area on, or all off when they already are. */
export function toggleRow(matrix: TMatrix, area: TPermissionArea): TMatrix {
  const value = !PERMISSION_ACTIONS.every((action) => matrix[area][action]);
  return { ...matrix, [area]: { create: value, read: value, update: value, delete: value } };
}

/** Column toggle: one action in every area on, or off when it already is everywhere. */
export function toggleColumn(matrix: TMatrix, action: TPermissionAction): TMatrix {
  const value = !PERMISSION_AREAS.every((area) => matrix[area][action]);
  const next = { ...matrix };
  for (const area of PERMISSION_AREAS) next[area] = { ...matrix[area], [action]: value };
  return next;
}

export function rowState(matrix: TMatrix, area: TPermissionArea): 'all' | 'some' | 'none' {
  const count = PERMISSION_ACTIONS.filter((action) => matrix[area][action]).length;
  return count === PERMISSION_ACTIONS.length ? 'all' : count === 0 ? 'none' : 'some';
}

export function columnState(matrix: TMatrix, action: TPermissionAction): 'all' | 'some' | 'none' {
  const count = PERMISSION_AREAS.filter((area) => matrix[area][action]).length;
  return count === PERMISSION_AREAS.length ? 'all' : count === 0 ? 'none' : 'some';
}
