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
import { makeRole, makeUser, signedInUser, unique } from '../../../test/factories.ts';

let t: TTestApp;
let admin: string;
let builtIn: Record<string, TRole>;

const matrix = permissionMatrix;

async function saveRole(token: string, roleData: unknown) {
  return t.call('POST', '/api/role/save', { token, body: { roleData } });
}

async function deleteRole(token: string, roleId: number | undefined) {
  return t.call('POST', '/api/role/delete', { token, body: { roleData: { roleId } } });
}

async function findRoles(body: Record<string, unknown>, token = admin) {
  const response = await t.call('POST', '/api/role/find', { token, body });
  return { ...response, roles: (response.body.roleInfos ?? []) as TRole[] };
}

async function roleNamed(name: string): Promise<TRole | undefined> {
  return (await findRoles({ names: [name] })).roles[0];
}

/** A partner (holds every permission but adminmanagement.*) signed in, in a company of its own. */
async function partnerToken(): Promise<string> {
  return (await signedInUser(t, { role: 'partnerrole', prefix: 'roles_partner' })).authToken;
}

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await t.adminToken();
  // The seeded built-in roles: their ids and first matrices, which every test leaves as it found them.
  const { roles } = await findRoles({ names: [...BUILTIN_ROLES] });
  builtIn = Object.fromEntries(roles.map((r) => [r.roleName, r]));
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/role/find', () => {
  it('lists the four built-in roles with full matrices when an admin asks for them by name', async () => {
    const response = await findRoles({
      names: [...BUILTIN_ROLES],
      sort: [{ field: 'roleName', dir: 'asc' }],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ responseCode: 200, errorMessages: [], totalCount: 4 });
    expect(response.roles.map((r) => r.roleName)).toEqual([...BUILTIN_ROLES].sort());
    for (const role of response.roles) {
      expect(role.builtIn).toBe(true);
      expect(role.rolePermissionInfos.map((i) => i.rolePermissionName)).toEqual([...PERMISSION_AREAS]);
    }
    const byName = Object.fromEntries(response.roles.map((r) => [r.roleName, r]));
    expect(byName.adminrole?.rolePermissionInfos).toEqual(matrix(ALL_PERMISSIONS));
    expect(byName.userrole?.rolePermissionInfos).toEqual(matrix(['contentmanagement.read']));
    expect(byName.partneruserrole?.rolePermissionInfos).toEqual(
      matrix(['contentmanagement.create', 'contentmanagement.read', 'contentmanagement.update']),
    );
    expect(byName.partnerrole?.rolePermissionInfos).toEqual(
      matrix(ALL_PERMISSIONS.filter((p) => !p.startsWith('adminmanagement.'))),
    );
    expect(byName.adminrole?.userCount).toBeGreaterThanOrEqual(1);
  });

  it('lists every role, built-in and made, with the total when no filter is given', async () => {
    const made = await makeRole(t, ['contentmanagement.read']);
    const response = await findRoles({ pageSize: 1000 });
    expect(response.status).toBe(200);
    const names = response.roles.map((r) => r.roleName);
    expect(names).toEqual(expect.arrayContaining([...BUILTIN_ROLES, made.roleName]));
    expect(response.body.totalCount).toBe(names.length);
    expect(response.roles.find((r) => r.roleName === made.roleName)).toMatchObject({
      roleId: made.roleId,
      builtIn: false,
      userCount: 0,
    });
  });

  it('counts one more holder of a built-in role when a user is given it', async () => {
    const before = (await roleNamed('partneruserrole'))?.userCount ?? -1;
    expect(before).toBeGreaterThanOrEqual(0);
    await makeUser(t, { role: 'partneruserrole' });
    expect((await roleNamed('partneruserrole'))?.userCount).toBe(before + 1);
  });

  it('finds roles by name and free text when filters are given', async () => {
    const partner = await partnerToken();
    const byNames = await findRoles({ names: ['USERROLE'] }, partner);
    expect(byNames.status).toBe(200);
    expect(byNames.roles.map((r) => r.roleName)).toEqual(['userrole']);
    const tag = unique('searched');
    for (const suffix of ['one', 'two']) await t.role(`${tag}-${suffix}`, []);
    const bySearch = await findRoles({ search: tag.toUpperCase() });
    expect(bySearch.roles.map((r) => r.roleName).sort()).toEqual([`${tag}-one`, `${tag}-two`]);
    expect(bySearch.body.totalCount).toBe(2);
    const builtInSearch = await findRoles({ search: 'partner' });
    expect(builtInSearch.roles.map((r) => r.roleName)).toEqual(
      expect.arrayContaining(['partnerrole', 'partneruserrole']),
    );
    expect(builtInSearch.roles.map((r) => r.roleName)).not.toContain('userrole');
  });

  it('answers 401 when no token is sent', async () => {
    const response = await t.call('POST', '/api/role/find', { body: {} });
    expect(response.status).toBe(401);
    expect(response.body.responseCode).toBe(401);
  });

  it('answers 400 when the sort field is unknown', async () => {
    const response = await findRoles({ sort: [{ field: 'secret', dir: 'asc' }] });
    expect(response.status).toBe(400);
    expect(response.body.errorMessages[1]).toMatch(/^\[Detail\] sort field secret is not valid/);
  });
});

describe('POST /api/role/save', () => {
  it('creates a role whose matrix becomes exactly the permissions in the token of its holder when an admin saves it', async () => {
    const granted = ['contentmanagement.read', 'usermanagement.read', 'companymanagement.read'];
    const roleName = unique('auditor');
    const response = await saveRole(admin, { roleName, rolePermissionInfos: matrix(granted) });
    expect(response.status).toBe(200);
    expect(response.body.errorMessages).toEqual([]);
    const [role] = response.body.roleInfos as TRole[];
    expect(role).toMatchObject({ roleName, builtIn: false, userCount: 0 });
    expect(role?.roleId).toBeGreaterThan(0);
    expect(role?.rolePermissionInfos).toEqual(matrix(granted));

    const holder = await signedInUser(t, { role: roleName, companyId: null });
    const claims = decodeJwt(holder.authToken);
    expect(claims.roles).toEqual([roleName]);
    expect([...(claims.permissions as string[])].sort()).toEqual([...granted].sort());
    expect((await roleNamed(roleName))?.userCount).toBe(1);
  });

  it('stores missing areas as no permission when the matrix is partial', async () => {
    const roleName = unique('partial');
    const response = await saveRole(admin, {
      roleName,
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
    expect((await roleNamed(roleName))?.rolePermissionInfos).toEqual(
      matrix(['contentmanagement.create', 'contentmanagement.read']),
    );
  });

  it('updates the name and matrix of a role when its id is sent', async () => {
    const role = await makeRole(t, ['contentmanagement.create', 'contentmanagement.read'], 'partial');
    const renamed = unique('renamed');
    const response = await saveRole(admin, {
      roleId: role.roleId,
      roleName: renamed,
      rolePermissionInfos: matrix(['usermanagement.read']),
    });
    expect(response.status).toBe(200);
    expect((response.body.roleInfos as TRole[])[0]).toMatchObject({
      roleId: role.roleId,
      roleName: renamed,
      rolePermissionInfos: matrix(['usermanagement.read']),
    });
    expect(await roleNamed(role.roleName)).toBeUndefined();
    expect((await roleNamed(renamed))?.roleId).toBe(role.roleId);
  });

  it('answers 409 and creates nothing when the name is taken, in any case', async () => {
    const taken = await makeRole(t, ['contentmanagement.read'], 'auditor');
    const shouted = taken.roleName.toUpperCase();
    const response = await saveRole(admin, { roleName: shouted, rolePermissionInfos: matrix([]) });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain(`[Detail] roleName ${shouted} is already taken`);
    const all = await findRoles({ search: taken.roleName });
    expect(all.roles.map((r) => r.roleId)).toEqual([taken.roleId]);
    expect(all.body.totalCount).toBe(1);
  });

  it('answers 409 and keeps the name when a built-in role is renamed', async () => {
    const readers = unique('readers');
    const response = await saveRole(admin, {
      roleId: builtIn.userrole?.roleId,
      roleName: readers,
      rolePermissionInfos: matrix(['contentmanagement.read']),
    });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] A built-in role cannot be renamed');
    expect(await roleNamed(readers)).toBeUndefined();
    expect((await roleNamed('userrole'))?.roleId).toBe(builtIn.userrole?.roleId);
  });

  it('lets an admin change the matrix of a built-in role when its name is kept', async () => {
    const granted = ['contentmanagement.read', 'contentmanagement.create'];
    try {
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
    } finally {
      // userrole is shared by every test of this file: put its seeded matrix back whatever happened.
      const restore = await saveRole(admin, {
        roleId: builtIn.userrole?.roleId,
        roleName: 'userrole',
        rolePermissionInfos: builtIn.userrole?.rolePermissionInfos,
      });
      expect(restore.status).toBe(200);
    }
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

  it('answers 404 and creates nothing when the role id is unknown', async () => {
    const ghost = unique('ghost');
    const response = await saveRole(admin, {
      roleId: 999_999,
      roleName: ghost,
      rolePermissionInfos: matrix([]),
    });
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested role is not found');
    expect(await roleNamed(ghost)).toBeUndefined();
  });

  it('answers 403 and changes nothing when a partner saves a role', async () => {
    const partner = await partnerToken();
    const wanted = unique('partner_made');
    const create = await saveRole(partner, { roleName: wanted, rolePermissionInfos: matrix([]) });
    expect(create.status).toBe(403);
    expect(create.body.errorMessages).toContain(
      '[Detail] This action needs the adminmanagement.update permission',
    );
    expect(await roleNamed(wanted)).toBeUndefined();
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

  it('answers 400 with a detail per problem and creates nothing when the body is not valid', async () => {
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
    const repeatedName = unique('repeated');
    const repeated = await saveRole(admin, {
      roleName: repeatedName,
      rolePermissionInfos: [...matrix([]), ...matrix([])],
    });
    expect(repeated.status).toBe(400);
    expect(
      repeated.body.errorMessages.some((m) => m.includes('rolePermissionInfos has a repeated area')),
    ).toBe(true);
    const badAreaName = unique('bad_area');
    const badArea = await saveRole(admin, {
      roleName: badAreaName,
      rolePermissionInfos: [{ ...matrix([])[0], rolePermissionName: 'everything' }],
    });
    expect(badArea.status).toBe(400);
    expect(await roleNamed(repeatedName)).toBeUndefined();
    expect(await roleNamed(badAreaName)).toBeUndefined();
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
    const role = await makeRole(t, ['contentmanagement.read'], 'held');
    await makeUser(t, { role: role.roleName });
    const response = await deleteRole(admin, role.roleId);
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain(
      '[Detail] The role is assigned to 1 users; take it from them first',
    );
    expect(await roleNamed(role.roleName)).toBeDefined();
  });

  it('deletes a role and answers the deleted record when nobody holds it', async () => {
    const made = await makeRole(t, ['usermanagement.read'], 'unused');
    const role = await roleNamed(made.roleName);
    expect(role?.roleId).toBe(made.roleId);
    const response = await deleteRole(admin, made.roleId);
    expect(response.status).toBe(200);
    expect(response.body.errorMessages).toEqual([]);
    expect(response.body.roleInfos).toEqual([role]);
    expect(await roleNamed(made.roleName)).toBeUndefined();
  });

  it('answers 404 when the role is unknown', async () => {
    const response = await deleteRole(admin, 999_999);
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested role is not found');
  });

  it('answers 403 and keeps the role when a partner deletes it', async () => {
    const spare = await makeRole(t, [], 'spare');
    const response = await deleteRole(await partnerToken(), spare.roleId);
    expect(response.status).toBe(403);
    expect(response.body.errorMessages).toContain(
      '[Detail] This action needs the adminmanagement.delete permission',
    );
    expect((await roleNamed(spare.roleName))?.roleId).toBe(spare.roleId);
  });

  it('answers 400 when the roleId is missing', async () => {
    const response = await t.call('POST', '/api/role/delete', { token: admin, body: { roleData: {} } });
    expect(response.status).toBe(400);
    expect(response.body.errorMessages).toContain('[Detail] roleId is required');
  });
});
