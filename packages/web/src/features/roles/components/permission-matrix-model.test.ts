import { describe, expect, it } from 'vitest';
import {
  columnState,
  fromMatrix,
  rowState,
  setCell,
  toggleColumn,
  toggleRow,
  toMatrix,
} from './permission-matrix-model.ts';

describe('permission matrix model', () => {
  it('fills missing areas with false and round-trips to one entry per area', () => {
    const matrix = toMatrix([
      {
        rolePermissionName: 'contentmanagement',
        permissionCreate: false,
        permissionRead: true,
        permissionUpdate: false,
        permissionDelete: false,
      },
    ]);
    expect(matrix.contentmanagement.read).toBe(true);
    expect(matrix.adminmanagement).toEqual({ create: false, read: false, update: false, delete: false });
    const infos = fromMatrix(matrix);
    expect(infos.map((i) => i.rolePermissionName)).toEqual([
      'adminmanagement',
      'partnermanagement',
      'companymanagement',
      'usermanagement',
      'contentmanagement',
    ]);
    expect(toMatrix(infos)).toEqual(matrix);
  });

  it('toggles a row on, then off', () => {
    let matrix = setCell(toMatrix([]), 'usermanagement', 'read', true);
    expect(rowState(matrix, 'usermanagement')).toBe('some');
    matrix = toggleRow(matrix, 'usermanagement');
    expect(rowState(matrix, 'usermanagement')).toBe('all');
    matrix = toggleRow(matrix, 'usermanagement');
    expect(rowState(matrix, 'usermanagement')).toBe('none');
  });

  it('toggles a column across all five areas', () => {
    let matrix = toggleColumn(toMatrix([]), 'read');
    expect(columnState(matrix, 'read')).toBe('all');
    expect(columnState(matrix, 'delete')).toBe('none');
    matrix = setCell(matrix, 'adminmanagement', 'read', false);
    expect(columnState(matrix, 'read')).toBe('some');
    matrix = toggleColumn(matrix, 'read');
    expect(columnState(matrix, 'read')).toBe('all');
  });
});
