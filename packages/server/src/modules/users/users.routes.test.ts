import { eq } from 'drizzle-orm';
import type { TRole, TUser } from '@portal/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, licenses } from '../../db/schema/index.ts';
import { createTestApp, sha512Hex, type TTestApp } from '../../../test/test-app.ts';

const PASSWORD = 'User-Passw0rd!';

let t: TTestApp;
let admin: string;
let roleIds: Record<string, number>;
let companyA: number;
let companyA1: number;
let companyB: number;
let partnerA: string;
let userB: number;

/** A create record for /user/save, with a valid password hash and the given extras. */
function newUser(login: string, extra: Record<string, unknown> = {}) {
  return {
    login,
    passwordHash: sha512Hex(PASSWORD),
    firstName: login,
    lastName: 'Tester',
    email: `${login}@example.com`,
    ...extra,
  };
}

async function save(token: string, userInfos: unknown[]) {
  return t.call('POST', '/api/user/save', { token, body: { userInfos } });
}

async function find(token: string, body: Record<string, unknown>) {
  const response = await t.call('POST', '/api/user/find', { token, body });
  return { ...response, users: (response.body.userInfos ?? []) as TUser[] };
}

async function byLogin(login: string): Promise<TUser | undefined> {
  return (await find(admin, { logins: [login] })).users[0];
}

/** Saves changes to an existing user (found by login) as `token` would, keeping its password. */
async function edit(token: string, login: string, changes: Record<string, unknown>) {
  const current = await byLogin(login);
  return save(token, [{ ...newUser(login), id: current?.id, passwordHash: undefined, ...changes }]);
}

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await t.adminToken();
  const roles = await t.call('POST', '/api/role/find', { token: admin, body: {} });
  roleIds = Object.fromEntries((roles.body.roleInfos as TRole[]).map((r) => [r.roleName, r.roleId]));
  companyA = await t.company('Users Co A');
  companyA1 = await t.company('Users Co A1', companyA);
  companyB = await t.company('Users Co B');
  await t.user('partner-a', 'partnerrole', companyA);
  await t.user('user-a', 'userrole', companyA);
  await t.user('user-a1', 'userrole', companyA1);
  userB = await t.user('user-b', 'userrole', companyB);
  partnerA = (await t.login('partner-a', PASSWORD)).authToken;
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/user/find', () => {
  it('answers 401 when no token is sent', async () => {
    const response = await t.call('POST', '/api/user/find', { body: {} });
    expect(response.status).toBe(401);
    expect(response.body.responseCode).toBe(401);
    expect(response.body.errorMessages[0]).toMatch(/^\[Title\] /);
  });

  it('answers 403 when the caller lacks usermanagement.read', async () => {
    const { authToken } = await t.login('user-a', PASSWORD);
    const response = await t.call('POST', '/api/user/find', { token: authToken, body: {} });
    expect(response.status).toBe(403);
    expect(response.body.errorMessages).toContain(
      '[Detail] This action needs the usermanagement.read permission',
    );
  });

  it('pages the result and says the total when page and pageSize are given', async () => {
    for (const login of ['page-1', 'page-2', 'page-3'])
      expect((await save(admin, [newUser(login, { company: { companyId: companyB } })])).status).toBe(200);
    const first = await find(admin, { search: 'page-', page: 1, pageSize: 2, sort: [{ field: 'login' }] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ responseCode: 200, errorMessages: [], totalCount: 3 });
    expect(first.users.map((u) => u.login)).toEqual(['page-1', 'page-2']);
    const second = await find(admin, { search: 'page-', page: 2, pageSize: 2, sort: [{ field: 'login' }] });
    expect(second.body.totalCount).toBe(3);
    expect(second.users.map((u) => u.login)).toEqual(['page-3']);
  });

  it('sorts by login ascending and descending when asked', async () => {
    const asc = await find(admin, { search: 'page-', sort: [{ field: 'login', dir: 'asc' }] });
    expect(asc.users.map((u) => u.login)).toEqual(['page-1', 'page-2', 'page-3']);
    const desc = await find(admin, { search: 'page-', sort: [{ field: 'login', dir: 'desc' }] });
    expect(desc.users.map((u) => u.login)).toEqual(['page-3', 'page-2', 'page-1']);
  });

  it('answers 400 when the sort field is not a user field', async () => {
    const response = await find(admin, { sort: [{ field: 'passwordHash', dir: 'asc' }] });
    expect(response.status).toBe(400);
    expect(response.body.errorMessages[1]).toMatch(/^\[Detail\] sort field passwordHash is not valid/);
  });

  it('finds users by free text in login, name or email when search is given', async () => {
    const response = await find(admin, { search: 'USER-A1@EXAMPLE' });
    expect(response.status).toBe(200);
    expect(response.users.map((u) => u.login)).toEqual(['user-a1']);
    expect(response.body.totalCount).toBe(1);
  });

  it('filters by active, companyIds and roleIds when given', async () => {
    expect(
      (await save(admin, [newUser('inactive-a1', { company: { companyId: companyA1 }, active: false })]))
        .status,
    ).toBe(200);
    const inactive = await find(admin, { active: false });
    expect(inactive.users.map((u) => u.login)).toEqual(['inactive-a1']);
    const inA1 = await find(admin, { companyIds: [companyA1], sort: [{ field: 'login' }] });
    expect(inA1.users.map((u) => u.login)).toEqual(['inactive-a1', 'user-a1']);
    const partners = await find(admin, { roleIds: [roleIds.partnerrole] });
    expect(partners.users.map((u) => u.login)).toEqual(['partner-a']);
    expect(partners.users[0]?.roles).toEqual([{ roleId: roleIds.partnerrole, roleName: 'partnerrole' }]);
  });

  it('shows a partner the users of its company tree and never those of another tree', async () => {
    const response = await find(partnerA, { sort: [{ field: 'login' }] });
    expect(response.status).toBe(200);
    const logins = response.users.map((u) => u.login);
    expect(logins).toEqual(expect.arrayContaining(['partner-a', 'user-a', 'user-a1', 'inactive-a1']));
    expect(logins).not.toContain('user-b');
    expect(logins).not.toContain('admin');
    expect(
      response.users.every((u) => u.company?.companyId === companyA || u.company?.companyId === companyA1),
    ).toBe(true);
    expect(response.body.totalCount).toBe(logins.length);
  });

  it('answers nothing to a partner when companyIds names another tree', async () => {
    const response = await find(partnerA, { companyIds: [companyB] });
    expect(response.status).toBe(200);
    expect(response.users).toEqual([]);
    expect(response.body.totalCount).toBe(0);
    const byId = await find(partnerA, { ids: [userB] });
    expect(byId.users).toEqual([]);
  });
});

describe('POST /api/user/save', () => {
  it('creates a user and answers it with its id when an admin saves a new record', async () => {
    const response = await save(admin, [
      newUser('created-1', {
        company: { companyId: companyA },
        roles: [{ roleId: roleIds.partneruserrole }],
      }),
    ]);
    expect(response.status).toBe(200);
    expect(response.body.errorMessages).toEqual([]);
    const [created] = response.body.userInfos as TUser[];
    expect(created).toMatchObject({
      login: 'created-1',
      firstName: 'created-1',
      email: 'created-1@example.com',
      active: true,
      registrationCompleted: false,
      company: { companyId: companyA, companyName: 'Users Co A' },
      roles: [{ roleId: roleIds.partneruserrole, roleName: 'partneruserrole' }],
      lastLogin: '0001-01-01T00:00:00Z',
    });
    expect(created?.id).toBeGreaterThan(0);
    expect(created).not.toHaveProperty('passwordHash');
    expect((await byLogin('created-1'))?.id).toBe(created?.id);
  });

  it('gives a new user the userrole when no roles are sent', async () => {
    const response = await save(admin, [newUser('created-2', { company: { companyId: companyA } })]);
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]?.roles).toEqual([
      { roleId: roleIds.userrole, roleName: 'userrole' },
    ]);
  });

  it('answers 400 with the spec templates when fields are missing or not valid', async () => {
    const missing = await save(admin, [{ ...newUser('x'), login: undefined }]);
    expect(missing.status).toBe(400);
    expect(missing.body.responseCode).toBe(400);
    expect(missing.body.errorMessages).toContain('[Detail] login is required');
    const badEmail = await save(admin, [newUser('bad-email', { email: 'not-an-email' })]);
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errorMessages).toContain('[Detail] email is not valid');
    const short = await save(admin, [newUser('ab')]);
    expect(short.status).toBe(400);
    expect(short.body.errorMessages).toContain('[Detail] login minimum length is 3');
    expect(await byLogin('bad-email')).toBeUndefined();
  });

  it('answers 400 when a new user has no password', async () => {
    const response = await save(admin, [{ ...newUser('no-password'), passwordHash: undefined }]);
    expect(response.status).toBe(400);
    expect(response.body.errorMessages[1]).toMatch(
      /^\[Detail\] (userInfos\.0\.passwordHash: )?password is required$/,
    );
  });

  it('answers 409 and writes nothing when the login is taken, in any case', async () => {
    const response = await save(admin, [newUser('fresh-one'), newUser('USER-A')]);
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] login USER-A is already taken');
    expect(await byLogin('fresh-one')).toBeUndefined();
  });

  it('updates a user when its id is sent', async () => {
    const before = await byLogin('created-2');
    const response = await edit(admin, 'created-2', { firstName: 'Renamed', phone: '+41 1 234' });
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]).toMatchObject({
      id: before?.id,
      firstName: 'Renamed',
      phone: '+41 1 234',
      roles: [{ roleId: roleIds.userrole, roleName: 'userrole' }],
    });
    expect((await byLogin('created-2'))?.firstName).toBe('Renamed');
  });

  it('takes every role away when an empty roles list is sent', async () => {
    const before = await byLogin('created-2');
    const response = await save(admin, [
      { ...newUser('created-2'), id: before?.id, passwordHash: undefined, roles: [] },
    ]);
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]?.roles).toEqual([]);
    await save(admin, [
      {
        ...newUser('created-2'),
        id: before?.id,
        passwordHash: undefined,
        roles: [{ roleId: roleIds.userrole }],
      },
    ]);
  });

  it('answers 404 when the id is unknown', async () => {
    const response = await save(admin, [{ ...newUser('ghost'), id: 999_999 }]);
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested user is not found');
  });

  it('answers 403 to a create when the caller has usermanagement.update but not create', async () => {
    const matrix = [
      'adminmanagement',
      'partnermanagement',
      'companymanagement',
      'usermanagement',
      'contentmanagement',
    ].map((area) => ({
      rolePermissionName: area,
      permissionCreate: false,
      permissionRead: area === 'usermanagement' || area === 'contentmanagement',
      permissionUpdate: area === 'usermanagement',
      permissionDelete: false,
    }));
    const role = await t.call('POST', '/api/role/save', {
      token: admin,
      body: { roleData: { roleName: 'user-editor', rolePermissionInfos: matrix } },
    });
    expect(role.status).toBe(200);
    const roleId = (role.body.roleInfos as TRole[])[0]?.roleId;
    await t.user('editor-a', 'user-editor', companyA);
    const editor = (await t.login('editor-a', PASSWORD)).authToken;
    const create = await save(editor, [newUser('by-editor', { company: { companyId: companyA } })]);
    expect(create.status).toBe(403);
    expect(create.body.errorMessages).toContain(
      '[Detail] This action needs the usermanagement.create permission',
    );
    expect(await byLogin('by-editor')).toBeUndefined();
    const target = await byLogin('user-a');
    const update = await save(editor, [
      { ...newUser('user-a'), id: target?.id, passwordHash: undefined, lastName: 'Edited' },
    ]);
    expect(update.status).toBe(200);
    expect((update.body.userInfos as TUser[])[0]?.lastName).toBe('Edited');
    expect(roleId).toBeGreaterThan(0);
  });

  it('lets a partner create a user in a child company of its tree', async () => {
    const response = await save(partnerA, [
      newUser('partner-made', {
        company: { companyId: companyA1 },
        roles: [{ roleId: roleIds.partneruserrole }],
      }),
    ]);
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]?.company?.companyId).toBe(companyA1);
  });

  it('answers 404 and changes nothing when a partner saves a user of another tree', async () => {
    const response = await save(partnerA, [
      { ...newUser('user-b'), id: userB, passwordHash: undefined, firstName: 'Hacked' },
    ]);
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested user is not found');
    expect((await byLogin('user-b'))?.firstName).toBe('user-b');
  });

  it('answers 404 and writes nothing when a partner creates a user in another tree', async () => {
    const response = await save(partnerA, [newUser('into-b', { company: { companyId: companyB } })]);
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested company is not found');
    expect(await byLogin('into-b')).toBeUndefined();
  });

  it('answers 403 when a partner assigns the adminrole', async () => {
    const create = await save(partnerA, [
      newUser('would-be-admin', { company: { companyId: companyA }, roles: [{ roleId: roleIds.adminrole }] }),
    ]);
    expect(create.status).toBe(403);
    expect(create.body.errorMessages).toContain(
      '[Detail] You cannot assign the role adminrole: it grants more than you hold',
    );
    expect(await byLogin('would-be-admin')).toBeUndefined();
    const promote = await edit(partnerA, 'user-a', { roles: [{ roleId: roleIds.adminrole }] });
    expect(promote.status).toBe(403);
    expect((await byLogin('user-a'))?.roles.map((r) => r.roleName)).toEqual(['userrole']);
  });
});

describe('users who hold more than the caller', () => {
  let strongId: number;

  beforeAll(async () => {
    strongId = await t.user('strong-a', 'adminrole', companyA);
  });

  it('answers 403 and changes nothing when a partner edits a user of its tree holding more', async () => {
    const response = await save(partnerA, [
      { ...newUser('strong-a'), id: strongId, passwordHash: sha512Hex('Taken-0ver!'), firstName: 'Owned' },
    ]);
    expect(response.status).toBe(403);
    expect(response.body.errorMessages).toContain(
      '[Detail] You cannot change the user strong-a: it holds more than you',
    );
    expect((await byLogin('strong-a'))?.firstName).toBe('strong-a');
    expect((await t.login('strong-a', PASSWORD)).authToken).toBeTruthy();
  });

  it('answers 403 and changes nothing when a partner deactivates or deletes a user holding more', async () => {
    const approve = await t.call('POST', '/api/user/approve', {
      token: partnerA,
      body: { userInfos: [{ id: strongId, active: false }] },
    });
    expect(approve.status).toBe(403);
    const remove = await t.call('POST', '/api/user/delete', {
      token: partnerA,
      body: { userInfos: [{ login: 'strong-a' }] },
    });
    expect(remove.status).toBe(403);
    expect((await byLogin('strong-a'))?.active).toBe(true);
  });
});

describe('own account and sign-ins', () => {
  it('saves the own record when the roles sent are the ones held', async () => {
    const self = await byLogin('admin');
    const response = await edit(admin, 'admin', {
      email: 'admin@example.com',
      company: self?.company,
      roles: [{ roleId: roleIds.adminrole }],
    });
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]?.email).toBe('admin@example.com');
    expect((await t.call('GET', '/api/user/me', { token: admin })).status).toBe(200);
  });

  it('answers 409 when a caller changes its own roles', async () => {
    const response = await edit(partnerA, 'partner-a', { roles: [{ roleId: roleIds.userrole }] });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] You cannot change your own roles');
    expect((await byLogin('partner-a'))?.roles.map((r) => r.roleName)).toEqual(['partnerrole']);
  });

  it('ends the sign-ins of a user when its roles change', async () => {
    const { authToken } = await t.login('user-a1', PASSWORD);
    const response = await edit(admin, 'user-a1', { roles: [{ roleId: roleIds.partneruserrole }] });
    expect(response.status).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: authToken })).status).toBe(401);
    const fresh = await t.login('user-a1', PASSWORD);
    expect(decodeJwt(fresh.authToken).roles).toEqual(['partneruserrole']);
  });

  it('keeps the sign-ins of a user when it is saved with unchanged roles', async () => {
    const { authToken } = await t.login('user-a1', PASSWORD);
    const response = await edit(admin, 'user-a1', { roles: [{ roleId: roleIds.partneruserrole }] });
    expect(response.status).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: authToken })).status).toBe(200);
  });

  it('ends the sign-ins of a user when its password is set by someone else', async () => {
    const { authToken } = await t.login('user-a1', PASSWORD);
    const target = await byLogin('user-a1');
    const response = await save(partnerA, [{ ...newUser('user-a1'), id: target?.id }]);
    expect(response.status).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: authToken })).status).toBe(401);
  });
});

describe('POST /api/user/approve', () => {
  it('approves a user and mails it when active is set to true', async () => {
    const created = await save(admin, [
      newUser('to-approve', { company: { companyId: companyA }, active: false }),
    ]);
    const id = (created.body.userInfos as TUser[])[0]?.id;
    const mailsBefore = t.mailer.sent.length;
    const response = await t.call('POST', '/api/user/approve', {
      token: partnerA,
      body: { userInfos: [{ id, active: true }] },
    });
    expect(response.status).toBe(200);
    expect(response.body.errorMessages).toEqual([]);
    expect((response.body.userInfos as TUser[])[0]).toMatchObject({ id, login: 'to-approve', active: true });
    const mails = t.mailer.sent.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'to-approve@example.com',
      subject: 'Your Family Portal account is approved',
    });
    expect((await t.login('to-approve', PASSWORD)).authToken).toBeTruthy();
  });

  it('deactivates a user and its token stops working when active is set to false', async () => {
    const { authToken } = await t.login('to-approve', PASSWORD);
    expect((await t.call('GET', '/api/user/me', { token: authToken })).status).toBe(200);
    const id = (await byLogin('to-approve'))?.id;
    const mailsBefore = t.mailer.sent.length;
    const response = await t.call('POST', '/api/user/approve', {
      token: admin,
      body: { userInfos: [{ id, active: false }] },
    });
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]?.active).toBe(false);
    expect(t.mailer.sent.length).toBe(mailsBefore);
    const me = await t.call('GET', '/api/user/me', { token: authToken });
    expect(me.status).toBe(401);
    expect(me.body.responseCode).toBe(401);
  });

  it('answers 409 when a caller deactivates itself', async () => {
    const id = (await byLogin('partner-a'))?.id;
    const response = await t.call('POST', '/api/user/approve', {
      token: partnerA,
      body: { userInfos: [{ id, active: false }] },
    });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] You cannot deactivate your own account');
    expect((await byLogin('partner-a'))?.active).toBe(true);
  });

  it('answers 404 and changes nothing when a partner approves a user of another tree', async () => {
    const created = await save(admin, [
      newUser('pending-b', { company: { companyId: companyB }, active: false }),
    ]);
    const id = (created.body.userInfos as TUser[])[0]?.id;
    const response = await t.call('POST', '/api/user/approve', {
      token: partnerA,
      body: { userInfos: [{ id, active: true }] },
    });
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested user is not found');
    expect((await byLogin('pending-b'))?.active).toBe(false);
  });

  it('answers 400 when active is missing', async () => {
    const response = await t.call('POST', '/api/user/approve', {
      token: admin,
      body: { userInfos: [{ id: userB }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.errorMessages).toContain('[Detail] active is required');
  });
});

describe('licence seats', () => {
  let licensed: number;

  beforeAll(async () => {
    const [licence] = await t.database.db
      .insert(licenses)
      .values({ code: 'ONE-SEAT', maxUsers: 1 })
      .returning({ id: licenses.id });
    licensed = await t.company('Users Co Licensed');
    await t.database.db.update(companies).set({ licenseId: licence?.id }).where(eq(companies.id, licensed));
    expect(
      (await save(admin, [newUser('seat-waiting', { company: { companyId: licensed }, active: false })]))
        .status,
    ).toBe(200);
    expect((await save(admin, [newUser('seat-holder', { company: { companyId: licensed } })])).status).toBe(
      200,
    );
  });

  it('answers 409 and writes nothing when an active user is created in a full licence', async () => {
    const response = await save(admin, [newUser('seat-extra', { company: { companyId: licensed } })]);
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] The company licence is full (1 users)');
    expect(await byLogin('seat-extra')).toBeUndefined();
  });

  it('answers 409 and changes nothing when a user is approved into a full licence', async () => {
    const id = (await byLogin('seat-waiting'))?.id;
    const response = await t.call('POST', '/api/user/approve', {
      token: admin,
      body: { userInfos: [{ id, active: true }] },
    });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] The company licence is full (1 users)');
    expect((await byLogin('seat-waiting'))?.active).toBe(false);
  });

  it('answers the licence with its seats used when a licensed user is found', async () => {
    const holder = await byLogin('seat-holder');
    expect(holder?.licenseInfo).toMatchObject({
      licenseCode: 'ONE-SEAT',
      maxNumberOfUsers: 1,
      currentNumberOfUsers: 1,
    });
  });

  it('still creates an inactive user when the licence is full', async () => {
    const response = await save(admin, [
      newUser('seat-later', { company: { companyId: licensed }, active: false }),
    ]);
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]?.active).toBe(false);
  });
});

describe('POST /api/user/delete', () => {
  it('deletes a user and answers the deleted record when it is in scope', async () => {
    await save(admin, [newUser('to-delete', { company: { companyId: companyA1 } })]);
    const response = await t.call('POST', '/api/user/delete', {
      token: partnerA,
      body: { userInfos: [{ login: 'to-delete' }] },
    });
    expect(response.status).toBe(200);
    expect(response.body.errorMessages).toEqual([]);
    expect((response.body.userInfos as TUser[]).map((u) => u.login)).toEqual(['to-delete']);
    expect(await byLogin('to-delete')).toBeUndefined();
  });

  it('ends the sign-ins of a deleted user', async () => {
    await save(admin, [newUser('to-delete-2', { company: { companyId: companyA } })]);
    const { authToken } = await t.login('to-delete-2', PASSWORD);
    const response = await t.call('POST', '/api/user/delete', {
      token: admin,
      body: { userInfos: [{ login: 'to-delete-2' }] },
    });
    expect(response.status).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: authToken })).status).toBe(401);
  });

  it('answers 409 when a caller deletes itself', async () => {
    const response = await t.call('POST', '/api/user/delete', {
      token: admin,
      body: { userInfos: [{ login: 'admin' }] },
    });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] You cannot delete your own account');
    expect(await byLogin('admin')).toBeDefined();
  });

  it('answers 404 and deletes nothing when a partner deletes a user of another tree', async () => {
    const response = await t.call('POST', '/api/user/delete', {
      token: partnerA,
      body: { userInfos: [{ login: 'user-a1' }, { login: 'user-b' }] },
    });
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested user is not found');
    expect(await byLogin('user-b')).toBeDefined();
    expect(await byLogin('user-a1')).toBeDefined();
  });

  it('answers 404 when the login is unknown', async () => {
    const response = await t.call('POST', '/api/user/delete', {
      token: admin,
      body: { userInfos: [{ login: 'nobody-here' }] },
    });
    expect(response.status).toBe(404);
  });

  it('answers 403 when the caller lacks usermanagement.delete', async () => {
    const { authToken } = await t.login('editor-a', PASSWORD);
    const response = await t.call('POST', '/api/user/delete', {
      token: authToken,
      body: { userInfos: [{ login: 'user-a' }] },
    });
    expect(response.status).toBe(403);
    expect(await byLogin('user-a')).toBeDefined();
  });

  it('answers 400 when the body has no userInfos', async () => {
    const response = await t.call('POST', '/api/user/delete', { token: admin, body: {} });
    expect(response.status).toBe(400);
    expect(response.body.errorMessages[0]).toMatch(/^\[Title\] /);
    expect(response.body.errorMessages).toContain('[Detail] userInfos is required');
  });
});

describe('the token of a user', () => {
  it('carries the union of its roles as permissions when it signs in', async () => {
    const { authToken } = await t.login('partner-a', PASSWORD);
    const claims = decodeJwt(authToken);
    expect(claims).toMatchObject({ login: 'partner-a', roles: ['partnerrole'], companyId: companyA });
    expect(claims.permissions).toContain('usermanagement.create');
    expect(claims.permissions).not.toContain('adminmanagement.read');
  });
});
