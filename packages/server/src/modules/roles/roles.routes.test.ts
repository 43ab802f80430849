import {
  ALL_PERMISSIONS,
  BUILTIN_ROLES,
  PERMISSION_AREAS,
  permissionMatrix,
  type TRole,
} from '@portal/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

const PASSWORD = 'User-Passw0rd!';

let t: TTestApp;
let admin: string;
let partner: string;
let builtIn: Record<string, TRole>;

const matrix = permissionMatrix;

async function saveRole(token: string, roleData: unknown) {
  return t.call('POST', '/api/role/save', { token, body: { roleData } });
}

async function deleteRole(token: string, roleId: number | undefined) {
  return t.call('POST', '/api/role/delete', { token, body: { roleData: { roleId } } });
}

async function roleNamed(name: string): Promise<TRole | undefined> {
  const response = await t.call('POST', '/api/role/find', { token: admin, body: { names: [name] } });
  return (response.body.roleInfos as TRole[])[0];
}

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await t.adminToken();
  const company = await t.company('Roles Co');
  await t.user('roles-partner', 'partnerrole', company);
  partner = (await t.login('roles-partner', PASSWORD)).authToken;
  const response = await t.call('POST', '/api/role/find', { token: admin, body: {} });
  builtIn = Object.fromEntries((response.body.roleInfos as TRole[]).map((r) => [r.roleName, r]));
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/role/find', () => {
  it('lists the four built-in roles with full matrices and user counts when asked by an admin', async () => {
    const response = await t.call('POST', '/api/role/find', {
      token: admin,
      body: { sort: [{ field: 'roleName', dir: 'asc' }] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ responseCode: 200, errorMessages: [], totalCount: 4 });
    const roles = response.body.roleInfos as TRole[];
    expect(roles.map((r) => r.roleName)).toEqual([...BUILTIN_ROLES].sort());
    for (const role of roles) {
      expect(role.builtIn).toBe(true);
      expect(role.rolePermissionInfos.map((i) => i.rolePermissionName)).toEqual([...PERMISSION_AREAS]);
    }
    const byName = Object.fromEntries(roles.map((r) => [r.roleName, r]));
    expect(byName.adminrole?.rolePermissionInfos).toEqual(matrix(ALL_PERMISSIONS));
    expect(byName.userrole?.rolePermissionInfos).toEqual(matrix(['contentmanagement.read']));
    expect(byName.partneruserrole?.rolePermissionInfos).toEqual(
      matrix(['contentmanagement.create', 'contentmanagement.read', 'contentmanagement.update']),
    );
    expect(byName.partnerrole?.rolePermissionInfos).toEqual(
      matrix(ALL_PERMISSIONS.filter((p) => !p.startsWith('adminmanagement.'))),
    );
    expect(byName.adminrole?.userCount).toBe(1);
    expect(byName.partnerrole?.userCount).toBe(1);
    expect(byName.userrole?.userCount).toBe(0);
  });

  it('finds roles by name and free text when filters are given', async () => {
    const byNames = await t.call('POST', '/api/role/find', { token: partner, body: { names: ['USERROLE'] } });
    expect(byNames.status).toBe(200);
    expect((byNames.body.roleInfos as TRole[]).map((r) => r.roleName)).toEqual(['userrole']);
    const bySearch = await t.call('POST', '/api/role/find', { token: admin, body: { search: 'partner' } });
    expect((bySearch.body.roleInfos as TRole[]).map((r) => r.roleName).sort()).toEqual([
      'partnerrole',
      'partneruserrole',
    ]);
    expect(bySearch.body.totalCount).toBe(2);
  });

  it('answers 401 when no token is sent', async () => {
    const response = await t.call('POST', '/api/role/find', { body: {} });
    expect(response.status).toBe(401);
    expect(response.body.responseCode).toBe(401);
  });

  it('answers 400 when the sort field is unknown', async () => {
    const response = await t.call('POST', '/api/role/find', {
      token: admin,
      body: { sort: [{ field: 'secret', dir: 'asc' }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.errorMessages[1]).toMatch(/^\[Detail\] sort field secret is not valid/);
  });
});

describe('POST /api/role/save', () => {
  it('creates a role whose matrix becomes exactly the permissions in the token of its holder', async () => {
    const granted = ['contentmanagement.read', 'usermanagement.read', 'companymanagement.read'];
    const response = await saveRole(admin, { roleName: 'auditor', rolePermissionInfos: matrix(granted) });
    expect(response.status).toBe(200);
    expect(response.body.errorMessages).toEqual([]);
    const [role] = response.body.roleInfos as TRole[];
    expect(role).toMatchObject({ roleName: 'auditor', builtIn: false, userCount: 0 });
    expect(role?.roleId).toBeGreaterThan(0);
    expect(role?.rolePermissionInfos).toEqual(matrix(granted));

    await t.user('roles-auditor', 'auditor', null);
    const { authToken } = await t.login('roles-auditor', PASSWORD);
    const claims = decodeJwt(authToken);
    expect(claims.roles).toEqual(['auditor']);
    expect([...(claims.permissions as string[])].sort()).toEqual([...granted].sort());
    expect((await roleNamed('auditor'))?.userCount).toBe(1);
  });

  it('stores missing areas as no permission when the matrix is partial', async () => {
    const response = await saveRole(admin, {
      roleName: 'partial',
      rolePermissionInfos: [
        {
          rolePermissionName: 'contentmanagement',
          permissionCreate: true,
          permissionRead: true,
          permissionUpdate: false,
          permissionDelete: false,
        },
      ],
    });
    expect(response.status).toBe(200);
    expect((response.body.roleInfos as TRole[])[0]?.rolePermissionInfos).toEqual(
      matrix(['contentmanagement.create', 'contentmanagement.read']),
    );
  });

  it('updates the matrix of a role when its id is sent', async () => {
    const role = await roleNamed('partial');
    const response = await saveRole(admin, {
      roleId: role?.roleId,
      roleName: 'partial-renamed',
      rolePermissionInfos: matrix(['usermanagement.read']),
    });
    expect(response.status).toBe(200);
    expect((response.body.roleInfos as TRole[])[0]).toMatchObject({
      roleId: role?.roleId,
      roleName: 'partial-renamed',
      rolePermissionInfos: matrix(['usermanagement.read']),
    });
    expect(await roleNamed('partial')).toBeUndefined();
  });

  it('answers 409 and creates nothing when the name is taken, in any case', async () => {
    const response = await saveRole(admin, { roleName: 'AUDITOR', rolePermissionInfos: matrix([]) });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] roleName AUDITOR is already taken');
    const all = await t.call('POST', '/api/role/find', { token: admin, body: { search: 'auditor' } });
    expect(all.body.totalCount).toBe(1);
  });

  it('answers 409 and keeps the name when a built-in role is renamed', async () => {
    const response = await saveRole(admin, {
      roleId: builtIn.userrole?.roleId,
      roleName: 'readers',
      rolePermissionInfos: matrix(['contentmanagement.read']),
    });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] A built-in role cannot be renamed');
    expect(await roleNamed('readers')).toBeUndefined();
    expect((await roleNamed('userrole'))?.roleId).toBe(builtIn.userrole?.roleId);
  });

  it('lets an admin change the matrix of a built-in role when its name is kept', async () => {
    const granted = ['contentmanagement.read', 'contentmanagement.create'];
    const response = await saveRole(admin, {
      roleId: builtIn.userrole?.roleId,
      roleName: 'userrole',
      rolePermissionInfos: matrix(granted),
    });
    expect(response.status).toBe(200);
    expect((response.body.roleInfos as TRole[])[0]).toMatchObject({
      builtIn: true,
      rolePermissionInfos: matrix(granted),
    });
    const restore = await saveRole(admin, {
      roleId: builtIn.userrole?.roleId,
      roleName: 'userrole',
      rolePermissionInfos: matrix(['contentmanagement.read']),
    });
    expect(restore.status).toBe(200);
  });

  it('answers 409 and changes nothing when adminrole would lose adminmanagement read or update', async () => {
    const withoutUpdate = ALL_PERMISSIONS.filter((p) => p !== 'adminmanagement.update');
    const response = await saveRole(admin, {
      roleId: builtIn.adminrole?.roleId,
      roleName: 'adminrole',
      rolePermissionInfos: matrix(withoutUpdate),
    });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages[1]).toMatch(/^\[Detail\] adminrole keeps every permission/);
    const withoutRead = await saveRole(admin, {
      roleId: builtIn.adminrole?.roleId,
      roleName: 'adminrole',
      rolePermissionInfos: matrix(ALL_PERMISSIONS.filter((p) => p !== 'adminmanagement.read')),
    });
    expect(withoutRead.status).toBe(409);
    expect((await roleNamed('adminrole'))?.rolePermissionInfos).toEqual(matrix(ALL_PERMISSIONS));
  });

  it('answers 404 when the role id is unknown', async () => {
    const response = await saveRole(admin, {
      roleId: 999_999,
      roleName: 'ghost',
      rolePermissionInfos: matrix([]),
    });
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested role is not found');
  });

  it('answers 403 and changes nothing when a partner saves a role', async () => {
    const create = await saveRole(partner, { roleName: 'partner-made', rolePermissionInfos: matrix([]) });
    expect(create.status).toBe(403);
    expect(create.body.errorMessages).toContain(
      '[Detail] This action needs the adminmanagement.update permission',
    );
    expect(await roleNamed('partner-made')).toBeUndefined();
    const update = await saveRole(partner, {
      roleId: builtIn.partnerrole?.roleId,
      roleName: 'partnerrole',
      rolePermissionInfos: matrix(ALL_PERMISSIONS),
    });
    expect(update.status).toBe(403);
    expect((await roleNamed('partnerrole'))?.rolePermissionInfos).toEqual(
      builtIn.partnerrole?.rolePermissionInfos,
    );
  });

  it('answers 400 with a detail per problem when the body is not valid', async () => {
    const empty = await t.call('POST', '/api/role/save', { token: admin, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessages[0]).toMatch(/^\[Title\] /);
    expect(empty.body.errorMessages).toContain('[Detail] roleData is required');
    const short = await saveRole(admin, { roleName: 'ab', rolePermissionInfos: matrix([]) });
    expect(short.status).toBe(400);
    expect(short.body.errorMessages).toContain('[Detail] roleName minimum length is 3');
    const badName = await saveRole(admin, { roleName: 'has space', rolePermissionInfos: matrix([]) });
    expect(badName.status).toBe(400);
    expect(badName.body.errorMessages).toContain('[Detail] roleName is not valid');
    const repeated = await saveRole(admin, {
      roleName: 'repeated',
      rolePermissionInfos: [...matrix([]), ...matrix([])],
    });
    expect(repeated.status).toBe(400);
    expect(
      repeated.body.errorMessages.some((m) => m.includes('rolePermissionInfos has a repeated area')),
    ).toBe(true);
    const badArea = await saveRole(admin, {
      roleName: 'bad-area',
      rolePermissionInfos: [{ ...matrix([])[0], rolePermissionName: 'everything' }],
    });
    expect(badArea.status).toBe(400);
    expect(await roleNamed('repeated')).toBeUndefined();
    expect(await roleNamed('bad-area')).toBeUndefined();
  });
});

describe('POST /api/role/delete', () => {
  it('answers 409 and keeps the role when it is built in', async () => {
    const response = await deleteRole(admin, builtIn.userrole?.roleId);
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] A built-in role cannot be deleted');
    expect(await roleNamed('userrole')).toBeDefined();
  });

  it('answers 409 and keeps the role when a user holds it', async () => {
    const role = await roleNamed('auditor');
    const response = await deleteRole(admin, role?.roleId);
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain(
      '[Detail] The role is assigned to 1 users; take it from them first',
    );
    expect(await roleNamed('auditor')).toBeDefined();
  });

  it('deletes an unused role and answers the deleted record', async () => {
    const role = await roleNamed('partial-renamed');
    const response = await deleteRole(admin, role?.roleId);
    expect(response.status).toBe(200);
    expect(response.body.errorMessages).toEqual([]);
    expect(response.body.roleInfos).toEqual([role]);
    expect(await roleNamed('partial-renamed')).toBeUndefined();
  });

  it('answers 404 when the role is unknown', async () => {
    const response = await deleteRole(admin, 999_999);
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested role is not found');
  });

  it('answers 403 and keeps the role when a partner deletes it', async () => {
    const created = await saveRole(admin, { roleName: 'spare', rolePermissionInfos: matrix([]) });
    const roleId = (created.body.roleInfos as TRole[])[0]?.roleId;
    const response = await deleteRole(partner, roleId);
    expect(response.status).toBe(403);
    expect(response.body.errorMessages).toContain(
      '[Detail] This action needs the adminmanagement.delete permission',
    );
    expect(await roleNamed('spare')).toBeDefined();
  });

  it('answers 400 when the roleId is missing', async () => {
    const response = await t.call('POST', '/api/role/delete', { token: admin, body: { roleData: {} } });
    expect(response.status).toBe(400);
    expect(response.body.errorMessages).toContain('[Detail] roleId is required');
  });
});
