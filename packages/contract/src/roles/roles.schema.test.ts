import { describe, expect, it } from 'vitest';
import { grantedPermissions, holdsAll, permissionMatrix } from './roles.schema.ts';

describe('role matrices', () => {
  it('turns granted permissions into a full matrix and back', () => {
    const granted = ['usermanagement.read', 'usermanagement.update', 'contentmanagement.delete'];
    const matrix = permissionMatrix(granted);
    expect(matrix).toHaveLength(5);
    expect(grantedPermissions(matrix).sort()).toEqual([...granted].sort());
  });

  it('lets a caller hand out only what it holds, with no shortcut for a partial admin', () => {
    const partner = { permissions: new Set(['usermanagement.read', 'contentmanagement.read']) };
    expect(holdsAll(partner, ['contentmanagement.read'])).toBe(true);
    expect(holdsAll(partner, ['contentmanagement.read', 'adminmanagement.read'])).toBe(false);
    expect(holdsAll(partner, [])).toBe(true);
    // Holding adminmanagement.read alone (the mark of an admin for tenancy) grants nothing more.
    const partialAdmin = { permissions: new Set(['adminmanagement.read']) };
    expect(holdsAll(partialAdmin, ['adminmanagement.delete'])).toBe(false);
  });
});
