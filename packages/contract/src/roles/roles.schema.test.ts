import { describe, expect, it } from 'vitest';
import { grantedPermissions, holdsAll, permissionMatrix } from './roles.schema.ts';

describe('role matrices', () => {
  it('turns granted permissions into a full matrix and back', () => {
    const granted = ['usermanagement.read', 'usermanagement.update', 'contentmanagement.delete'];
    const matrix = permissionMatrix(granted);
    expect(matrix).toHaveLength(5);
    expect(grantedPermissions(matrix).sort()).toEqual([...granted].sort());
  });

  it('lets a caller hand out only what it holds, and an admin anything', () => {
    const partner = {
      isAdmin: false,
      permissions: new Set(['usermanagement.read', 'contentmanagement.read']),
    };
    expect(holdsAll(partner, ['contentmanagement.read'])).toBe(true);
    expect(holdsAll(partner, ['contentmanagement.read', 'adminmanagement.read'])).toBe(false);
    expect(holdsAll(partner, [])).toBe(true);
    expect(holdsAll({ isAdmin: true, permissions: new Set() }, ['adminmanagement.delete'])).toBe(true);
  });
});
