import { eq } from 'drizzle-orm';
import type { TRole, TUser } from '@portal/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, licenses } from '../../db/schema/index.ts';
import { createTestApp, sha512Hex, type TTestApp } from '../../../test/test-app.ts';
import { sentMails } from '../../../test/harness.ts';
import {
  makeCompany,
  makeRole,
  makeUser,
  PASSWORD,
  signedInUser,
  unique,
  type TMadeCompany,
  type TSignedIn,
} from '../../../test/factories.ts';

let t: TTestApp;
let admin: string;
let roleIds: Record<string, number>;

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

/** Creates users through /user/save as the admin; fails the test on anything but 200. */
async function saveAsAdmin(login: string, extra: Record<string, unknown> = {}): Promise<TUser> {
  const response = await save(admin, [newUser(login, extra)]);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.userInfos as TUser[])[0]!;
}

type TTree = { a: TMadeCompany; a1: TMadeCompany; b: TMadeCompany; partner: TSignedIn };

/** Two company trees, A with its child A1 and B on its own, and a partner of A signed in. */
async function partnerTree(): Promise<TTree> {
  const a = await makeCompany(t, { prefix: 'Users_Co_A' });
  const a1 = await makeCompany(t, { prefix: 'Users_Co_A1', parentId: a.id });
  const b = await makeCompany(t, { prefix: 'Users_Co_B' });
  const partner = await signedInUser(t, { role: 'partnerrole', companyId: a.id, prefix: 'partner' });
  return { a, a1, b, partner };
}

/** A role that may read and update users (and read content) but not create or delete them. */
function userEditorRole() {
  return makeRole(
    t,
    ['usermanagement.read', 'usermanagement.update', 'contentmanagement.read'],
    'user_editor',
  );
}

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await t.adminToken();
  const roles = await t.call('POST', '/api/role/find', { token: admin, body: {} });
  roleIds = Object.fromEntries((roles.body.roleInfos as TRole[]).map((r) => [r.roleName, r.roleId]));
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
    const { authToken } = await signedInUser(t, { role: 'userrole' });
    const response = await t.call('POST', '/api/user/find', { token: authToken, body: {} });
    expect(response.status).toBe(403);
    expect(response.body.errorMessages).toContain(
      '[Detail] This action needs the usermanagement.read permission',
    );
  });

  /** Three users whose logins share a tag no other test uses, and their logins in order. */
  async function threeTagged(): Promise<{ tag: string; logins: string[] }> {
    const tag = unique('page');
    const company = await makeCompany(t);
    const logins = [1, 2, 3].map((n) => `${tag}-${n}`);
    for (const login of logins) await saveAsAdmin(login, { company: { companyId: company.id } });
    return { tag, logins };
  }

  it('pages the result and says the total when page and pageSize are given', async () => {
    const { tag, logins } = await threeTagged();
    const first = await find(admin, { search: tag, page: 1, pageSize: 2, sort: [{ field: 'login' }] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ responseCode: 200, errorMessages: [], totalCount: 3 });
    expect(first.users.map((u) => u.login)).toEqual(logins.slice(0, 2));
    const second = await find(admin, { search: tag, page: 2, pageSize: 2, sort: [{ field: 'login' }] });
    expect(second.body.totalCount).toBe(3);
    expect(second.users.map((u) => u.login)).toEqual(logins.slice(2));
  });

  it('pages without a search in the order asked, each page with its own full records', async () => {
    const { logins } = await threeTagged();
    const [first] = (await find(admin, { logins: [logins[0]!] })).users;
    const companyIds = [first!.company!.companyId];
    for (const dir of ['asc', 'desc'] as const) {
      const inOrder = dir === 'asc' ? logins : [...logins].reverse();
      const pages = await Promise.all(
        [1, 2, 3].map((page) =>
          find(admin, { companyIds, page, pageSize: 2, sort: [{ field: 'login', dir }] }),
        ),
      );
      expect(pages.map((p) => p.users.map((u) => u.login))).toEqual([
        inOrder.slice(0, 2),
        inOrder.slice(2),
        [],
      ]);
      expect(pages.map((p) => p.body.totalCount)).toEqual([3, 3, 3]);
      expect(pages[1]!.users[0]).toMatchObject({ login: inOrder[2], company: { companyId: companyIds[0] } });
    }
  });

  it('combines every filter, with and without a search, and counts the total past the last page', async () => {
    const { tag, logins } = await threeTagged();
    const [first] = (await find(admin, { logins: [logins[0]!] })).users;
    const roleIds = first!.roles.map((r) => r.roleId);
    const filters = {
      ids: [first!.id, 2_000_000_000],
      logins: [logins[0]!.toUpperCase(), logins[1]!],
      companyIds: [first!.company!.companyId],
      roleIds,
      active: true,
    };
    for (const body of [filters, { ...filters, search: tag }]) {
      const found = await find(admin, body);
      expect(found.status).toBe(200);
      expect(found.users.map((u) => u.login)).toEqual([logins[0]]);
      const past = await find(admin, { ...body, page: 3, pageSize: 1 });
      expect(past.status).toBe(200);
      expect(past.users).toEqual([]);
      expect(past.body.totalCount).toBe(1);
      // A page far past the integer range is as empty.
      const far = await find(admin, { ...body, page: 2_000_000_000, pageSize: 1000 });
      expect([far.status, far.users, far.body.totalCount]).toEqual([200, [], 1]);
    }
  });

  it('sorts by login ascending and descending when asked', async () => {
    const { tag, logins } = await threeTagged();
    const asc = await find(admin, { search: tag, sort: [{ field: 'login', dir: 'asc' }] });
    expect(asc.users.map((u) => u.login)).toEqual(logins);
    const desc = await find(admin, { search: tag, sort: [{ field: 'login', dir: 'desc' }] });
    expect(desc.users.map((u) => u.login)).toEqual([...logins].reverse());
  });

  it('answers 400 when the sort field is not a user field', async () => {
    const response = await find(admin, { sort: [{ field: 'passwordHash', dir: 'asc' }] });
    expect(response.status).toBe(400);
    expect(response.body.errorMessages[1]).toMatch(/^\[Detail\] sort field passwordHash is not valid/);
  });

  it('finds users by free text in login, name or email when search is given', async () => {
    const user = await makeUser(t, { prefix: 'searched' });
    const response = await find(admin, { search: user.email.toUpperCase() });
    expect(response.status).toBe(200);
    expect(response.users.map((u) => u.login)).toEqual([user.login]);
    expect(response.body.totalCount).toBe(1);
  });

  it('filters by active, companyIds and roleIds when given', async () => {
    const company = await makeCompany(t);
    const tag = unique('filtered');
    const activeLogin = `${tag}-active`;
    const inactiveLogin = `${tag}-inactive`;
    const partnerLogin = `${tag}-partner`;
    await saveAsAdmin(activeLogin, { company: { companyId: company.id } });
    await saveAsAdmin(inactiveLogin, { company: { companyId: company.id }, active: false });
    await saveAsAdmin(partnerLogin, {
      company: { companyId: company.id },
      roles: [{ roleId: roleIds.partnerrole }],
    });
    const inactive = await find(admin, { active: false, companyIds: [company.id] });
    expect(inactive.users.map((u) => u.login)).toEqual([inactiveLogin]);
    const active = await find(admin, { active: true, companyIds: [company.id], sort: [{ field: 'login' }] });
    expect(active.users.map((u) => u.login)).toEqual([activeLogin, partnerLogin]);
    const inCompany = await find(admin, { companyIds: [company.id], sort: [{ field: 'login' }] });
    expect(inCompany.users.map((u) => u.login)).toEqual([activeLogin, inactiveLogin, partnerLogin]);
    const partners = await find(admin, { roleIds: [roleIds.partnerrole], companyIds: [company.id] });
    expect(partners.users.map((u) => u.login)).toEqual([partnerLogin]);
    expect(partners.users[0]?.roles).toEqual([{ roleId: roleIds.partnerrole, roleName: 'partnerrole' }]);
    const role = await makeRole(t, ['contentmanagement.read'], 'filter_role');
    const holder = await makeUser(t, { role: role.roleName });
    const holders = await find(admin, { roleIds: [role.roleId] });
    expect(holders.users.map((u) => u.login)).toEqual([holder.login]);
  });

  it('answers a partner the users of its company tree and never those of another when it finds users', async () => {
    const { a, a1, b, partner } = await partnerTree();
    const userA = await makeUser(t, { companyId: a.id });
    const userA1 = await makeUser(t, { companyId: a1.id });
    const inactiveA1 = await saveAsAdmin(unique('inactive'), {
      company: { companyId: a1.id },
      active: false,
    });
    const userB = await makeUser(t, { companyId: b.id });
    const response = await find(partner.authToken, { sort: [{ field: 'login' }] });
    expect(response.status).toBe(200);
    const logins = response.users.map((u) => u.login);
    expect([...logins].sort()).toEqual([partner.login, userA.login, userA1.login, inactiveA1.login].sort());
    expect(logins).not.toContain(userB.login);
    expect(logins).not.toContain('admin');
    for (const user of response.users) expect([a.id, a1.id]).toContain(user.company?.companyId);
    expect(response.body.totalCount).toBe(logins.length);
  });

  it('keeps the total of a whole company tree right as users are added at once, moved and deleted', async () => {
    const { a, a1, b, partner } = await partnerTree();
    const total = async () => {
      const found = await find(partner.authToken, { pageSize: 1 });
      // The same users counted one by one: a condition beside the scope counts the rows.
      const counted = await find(partner.authToken, { pageSize: 1, companyIds: [a.id, a1.id, b.id] });
      expect(found.body.totalCount).toBe(counted.body.totalCount);
      return found.body.totalCount as number;
    };
    const before = await total();
    const tag = unique('counted');
    const saved = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        save(admin, [newUser(`${tag}-${n}`, { company: { companyId: a1.id } })]),
      ),
    );
    expect(saved.map((s) => s.status)).toEqual(Array(20).fill(200));
    expect(await total()).toBe(before + 20);
    const moved = (await find(admin, { search: tag, pageSize: 2 })).users;
    expect((await edit(admin, moved[0]!.login, { company: { companyId: b.id } })).status).toBe(200);
    expect(await total()).toBe(before + 19);
    const deleted = await t.call('POST', '/api/user/delete', {
      token: admin,
      body: { userInfos: [{ login: moved[1]!.login }] },
    });
    expect(deleted.status).toBe(200);
    expect(await total()).toBe(before + 18);
    const all = await find(admin, { pageSize: 1 });
    const active = await find(admin, { pageSize: 1, active: true });
    const inactive = await find(admin, { pageSize: 1, active: false });
    const totals = [all, active, inactive].map((found) => found.body.totalCount as number);
    expect(totals[0]).toBe(totals[1]! + totals[2]!);
  });

  it('answers nothing to a partner when companyIds or ids name another tree', async () => {
    const { b, partner } = await partnerTree();
    const userB = await makeUser(t, { companyId: b.id });
    // The admin sees the user, so the partner's empty answers below come from its scope alone.
    expect((await find(admin, { companyIds: [b.id] })).users.map((u) => u.id)).toEqual([userB.id]);
    const response = await find(partner.authToken, { companyIds: [b.id] });
    expect(response.status).toBe(200);
    expect(response.users).toEqual([]);
    expect(response.body.totalCount).toBe(0);
    const byId = await find(partner.authToken, { ids: [userB.id] });
    expect(byId.users).toEqual([]);
  });
});

describe('POST /api/user/save', () => {
  it('creates a user and answers it with its id when an admin saves a new record', async () => {
    const company = await makeCompany(t);
    const login = unique('created');
    const response = await save(admin, [
      newUser(login, {
        company: { companyId: company.id },
        roles: [{ roleId: roleIds.partneruserrole }],
      }),
    ]);
    expect(response.status).toBe(200);
    expect(response.body.errorMessages).toEqual([]);
    const [created] = response.body.userInfos as TUser[];
    expect(created).toMatchObject({
      login,
      firstName: login,
      email: `${login}@example.com`,
      active: true,
      registrationCompleted: false,
      company: { companyId: company.id, companyName: company.name },
      roles: [{ roleId: roleIds.partneruserrole, roleName: 'partneruserrole' }],
      lastLogin: '0001-01-01T00:00:00Z',
    });
    expect(created?.id).toBeGreaterThan(0);
    expect(created).not.toHaveProperty('passwordHash');
    expect((await byLogin(login))?.id).toBe(created?.id);
  });

  it('gives a new user the userrole when no roles are sent', async () => {
    const company = await makeCompany(t);
    const response = await save(admin, [newUser(unique('created'), { company: { companyId: company.id } })]);
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]?.roles).toEqual([
      { roleId: roleIds.userrole, roleName: 'userrole' },
    ]);
  });

  it('answers 400 with the spec templates and writes nothing when fields are missing or not valid', async () => {
    const missing = await save(admin, [{ ...newUser(unique('missing')), login: undefined }]);
    expect(missing.status).toBe(400);
    expect(missing.body.responseCode).toBe(400);
    expect(missing.body.errorMessages).toContain('[Detail] login is required');
    const badEmailLogin = unique('bad_email');
    const badEmail = await save(admin, [newUser(badEmailLogin, { email: 'not-an-email' })]);
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errorMessages).toContain('[Detail] email is not valid');
    const short = await save(admin, [newUser('ab')]);
    expect(short.status).toBe(400);
    expect(short.body.errorMessages).toContain('[Detail] login minimum length is 3');
    expect(await byLogin(badEmailLogin)).toBeUndefined();
  });

  it("creates a user who can sign in when the password comes as the spec's hashedPassword", async () => {
    const login = unique('spec_pw');
    const { passwordHash, ...spec } = newUser(login);
    const response = await save(admin, [{ ...spec, hashedPassword: passwordHash }]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await t.login(login, PASSWORD)).authToken).toBeTruthy();
  });

  it('answers 400 and writes nothing when hashedPassword and passwordHash differ', async () => {
    const login = unique('two_pw');
    const response = await save(admin, [newUser(login, { hashedPassword: sha512Hex('Other-Passw0rd!') })]);
    expect(response.status).toBe(400);
    expect(await byLogin(login)).toBeUndefined();
  });

  it('answers 400 and writes nothing when a new user has no password', async () => {
    const login = unique('no_password');
    const response = await save(admin, [{ ...newUser(login), passwordHash: undefined }]);
    expect(response.status).toBe(400);
    expect(response.body.errorMessages[1]).toMatch(
      /^\[Detail\] (userInfos\.0\.passwordHash: )?password is required$/,
    );
    expect(await byLogin(login)).toBeUndefined();
  });

  it('answers 409 and writes nothing when the login is taken, in any case', async () => {
    const taken = await makeUser(t);
    const fresh = unique('fresh');
    const shouted = taken.login.toUpperCase();
    const response = await save(admin, [newUser(fresh), newUser(shouted)]);
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain(`[Detail] login ${shouted} is already taken`);
    expect(await byLogin(fresh)).toBeUndefined();
  });

  it('updates a user when its id is sent', async () => {
    const user = await makeUser(t);
    const response = await edit(admin, user.login, { firstName: 'Renamed', phone: '+41 1 234' });
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]).toMatchObject({
      id: user.id,
      firstName: 'Renamed',
      phone: '+41 1 234',
      roles: [{ roleId: roleIds.userrole, roleName: 'userrole' }],
    });
    expect((await byLogin(user.login))?.firstName).toBe('Renamed');
  });

  it('takes every role away when an empty roles list is sent', async () => {
    const user = await makeUser(t);
    const response = await edit(admin, user.login, { roles: [] });
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]?.roles).toEqual([]);
    expect((await byLogin(user.login))?.roles).toEqual([]);
  });

  it('answers 404 when the id is unknown', async () => {
    const response = await save(admin, [{ ...newUser(unique('ghost')), id: 999_999 }]);
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested user is not found');
  });

  it('answers 403 to a create when the caller has usermanagement.update but not create', async () => {
    const company = await makeCompany(t);
    const role = await userEditorRole();
    expect(role.roleId).toBeGreaterThan(0);
    const editor = await signedInUser(t, { role: role.roleName, companyId: company.id });
    const wanted = unique('by_editor');
    const create = await save(editor.authToken, [newUser(wanted, { company: { companyId: company.id } })]);
    expect(create.status).toBe(403);
    expect(create.body.errorMessages).toContain(
      '[Detail] This action needs the usermanagement.create permission',
    );
    expect(await byLogin(wanted)).toBeUndefined();
    const target = await makeUser(t, { companyId: company.id });
    const update = await save(editor.authToken, [
      { ...newUser(target.login), id: target.id, passwordHash: undefined, lastName: 'Edited' },
    ]);
    expect(update.status).toBe(200);
    expect((update.body.userInfos as TUser[])[0]?.lastName).toBe('Edited');
  });

  it('creates a user when a partner saves one into a child company of its tree', async () => {
    const { a1, partner } = await partnerTree();
    const login = unique('partner_made');
    const response = await save(partner.authToken, [
      newUser(login, { company: { companyId: a1.id }, roles: [{ roleId: roleIds.partneruserrole }] }),
    ]);
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]?.company?.companyId).toBe(a1.id);
    expect((await byLogin(login))?.company?.companyId).toBe(a1.id);
  });

  it('answers 404 and changes nothing when a partner saves a user of another tree', async () => {
    const { b, partner } = await partnerTree();
    const userB = await makeUser(t, { companyId: b.id });
    const response = await save(partner.authToken, [
      { ...newUser(userB.login), id: userB.id, passwordHash: undefined, firstName: 'Hacked' },
    ]);
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested user is not found');
    expect((await byLogin(userB.login))?.firstName).toBe(userB.login);
  });

  it('answers 404 and writes nothing when a partner creates a user in another tree', async () => {
    const { b, partner } = await partnerTree();
    const login = unique('into_b');
    const response = await save(partner.authToken, [newUser(login, { company: { companyId: b.id } })]);
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested company is not found');
    expect(await byLogin(login)).toBeUndefined();
  });

  it('answers 403 and changes nothing when a partner assigns the adminrole', async () => {
    const { a, partner } = await partnerTree();
    const userA = await makeUser(t, { companyId: a.id });
    const wanted = unique('would_be_admin');
    const create = await save(partner.authToken, [
      newUser(wanted, { company: { companyId: a.id }, roles: [{ roleId: roleIds.adminrole }] }),
    ]);
    expect(create.status).toBe(403);
    expect(create.body.errorMessages).toContain(
      '[Detail] You cannot assign the role adminrole: it grants more than you hold',
    );
    expect(await byLogin(wanted)).toBeUndefined();
    const promote = await edit(partner.authToken, userA.login, { roles: [{ roleId: roleIds.adminrole }] });
    expect(promote.status).toBe(403);
    expect((await byLogin(userA.login))?.roles.map((r) => r.roleName)).toEqual(['userrole']);
  });
});

describe('users who hold more than the caller', () => {
  it('answers 403 and changes nothing when a partner edits a user of its tree holding more', async () => {
    const { a, partner } = await partnerTree();
    const strong = await makeUser(t, { role: 'adminrole', companyId: a.id, prefix: 'strong' });
    const response = await save(partner.authToken, [
      {
        ...newUser(strong.login),
        id: strong.id,
        passwordHash: sha512Hex('Taken-0ver!'),
        firstName: 'Owned',
      },
    ]);
    expect(response.status).toBe(403);
    expect(response.body.errorMessages).toContain(
      `[Detail] You cannot change the user ${strong.login}: it holds more than you`,
    );
    expect((await byLogin(strong.login))?.firstName).toBe(strong.login);
    expect((await t.login(strong.login, PASSWORD)).authToken).toBeTruthy();
  });

  it('answers 403 and changes nothing when a partner deactivates or deletes a user holding more', async () => {
    const { a, partner } = await partnerTree();
    const strong = await makeUser(t, { role: 'adminrole', companyId: a.id, prefix: 'strong' });
    const approve = await t.call('POST', '/api/user/approve', {
      token: partner.authToken,
      body: { userInfos: [{ id: strong.id, active: false }] },
    });
    expect(approve.status).toBe(403);
    const remove = await t.call('POST', '/api/user/delete', {
      token: partner.authToken,
      body: { userInfos: [{ login: strong.login }] },
    });
    expect(remove.status).toBe(403);
    expect((await byLogin(strong.login))?.active).toBe(true);
  });
});

describe('own account and sign-ins', () => {
  it('answers each of many people asking for their own record at once with their own', async () => {
    const people = await Promise.all(
      Array.from({ length: 4 }, () => signedInUser(t, { role: 'userrole', prefix: 'me_at_once' })),
    );
    // Their reads share one statement per turn of the event loop; each still gets its own record.
    const asks = Array.from({ length: 24 }, (_, n) => people[n % people.length]!);
    const answers = await Promise.all(
      asks.map((person) => t.call('GET', '/api/user/me', { token: person.authToken })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(asks.map(() => 200));
    expect(answers.map((answer) => (answer.body.userInfos as TUser[])[0]?.login)).toEqual(
      asks.map((person) => person.login),
    );
  });

  it('saves the own record when the roles sent are the ones held', async () => {
    const self = await signedInUser(t, { role: 'adminrole', prefix: 'own' });
    const email = `${unique('own_mail')}@example.com`;
    const response = await edit(self.authToken, self.login, {
      email,
      company: { companyId: self.companyId },
      roles: [{ roleId: roleIds.adminrole }],
    });
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]?.email).toBe(email);
    expect((await byLogin(self.login))?.email).toBe(email);
    expect((await t.call('GET', '/api/user/me', { token: self.authToken })).status).toBe(200);
  });

  it('answers 409 and keeps the roles when a caller changes its own roles', async () => {
    const { partner } = await partnerTree();
    const response = await edit(partner.authToken, partner.login, { roles: [{ roleId: roleIds.userrole }] });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] You cannot change your own roles');
    expect((await byLogin(partner.login))?.roles.map((r) => r.roleName)).toEqual(['partnerrole']);
  });

  it('ends the sign-ins of a user when its roles change', async () => {
    const user = await signedInUser(t, { role: 'userrole' });
    const response = await edit(admin, user.login, { roles: [{ roleId: roleIds.partneruserrole }] });
    expect(response.status).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: user.authToken })).status).toBe(401);
    const fresh = await t.login(user.login, PASSWORD);
    expect(decodeJwt(fresh.authToken).roles).toEqual(['partneruserrole']);
  });

  it('keeps the sign-ins of a user when it is saved with unchanged roles', async () => {
    const user = await signedInUser(t, { role: 'partneruserrole' });
    const response = await edit(admin, user.login, { roles: [{ roleId: roleIds.partneruserrole }] });
    expect(response.status).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: user.authToken })).status).toBe(200);
  });

  it('ends the sign-ins of a user when its password is set by someone else', async () => {
    const { a1, partner } = await partnerTree();
    const user = await signedInUser(t, { companyId: a1.id });
    const response = await save(partner.authToken, [{ ...newUser(user.login), id: user.id }]);
    expect(response.status).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: user.authToken })).status).toBe(401);
  });
});

describe('POST /api/user/approve', () => {
  it('approves a user and mails it when active is set to true', async () => {
    const { a, partner } = await partnerTree();
    const login = unique('to_approve');
    const { id } = await saveAsAdmin(login, { company: { companyId: a.id }, active: false });
    const mailsBefore = (await sentMails(t)).length;
    const response = await t.call('POST', '/api/user/approve', {
      token: partner.authToken,
      body: { userInfos: [{ id, active: true }] },
    });
    expect(response.status).toBe(200);
    expect(response.body.errorMessages).toEqual([]);
    expect((response.body.userInfos as TUser[])[0]).toMatchObject({ id, login, active: true });
    const mails = (await sentMails(t)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: `${login}@example.com`,
      subject: 'Your Family Portal account is approved',
    });
    expect((await t.login(login, PASSWORD)).authToken).toBeTruthy();
  });

  it('deactivates a user and its token stops working when active is set to false', async () => {
    const user = await signedInUser(t);
    expect((await t.call('GET', '/api/user/me', { token: user.authToken })).status).toBe(200);
    const mailsBefore = (await sentMails(t)).length;
    const response = await t.call('POST', '/api/user/approve', {
      token: admin,
      body: { userInfos: [{ id: user.id, active: false }] },
    });
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]?.active).toBe(false);
    expect(await sentMails(t)).toHaveLength(mailsBefore);
    const me = await t.call('GET', '/api/user/me', { token: user.authToken });
    expect(me.status).toBe(401);
    expect(me.body.responseCode).toBe(401);
  });

  it('answers 409 and keeps the account active when a caller deactivates itself', async () => {
    const { partner } = await partnerTree();
    const response = await t.call('POST', '/api/user/approve', {
      token: partner.authToken,
      body: { userInfos: [{ id: partner.id, active: false }] },
    });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] You cannot deactivate your own account');
    expect((await byLogin(partner.login))?.active).toBe(true);
  });

  it('answers 404 and changes nothing when a partner approves a user of another tree', async () => {
    const { b, partner } = await partnerTree();
    const login = unique('pending_b');
    const { id } = await saveAsAdmin(login, { company: { companyId: b.id }, active: false });
    const response = await t.call('POST', '/api/user/approve', {
      token: partner.authToken,
      body: { userInfos: [{ id, active: true }] },
    });
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested user is not found');
    expect((await byLogin(login))?.active).toBe(false);
  });

  it('answers 400 when active is missing', async () => {
    const user = await makeUser(t);
    const response = await t.call('POST', '/api/user/approve', {
      token: admin,
      body: { userInfos: [{ id: user.id }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.errorMessages).toContain('[Detail] active is required');
  });
});

describe('licence seats', () => {
  /** A company whose one-seat licence is taken by an active holder, with an inactive user waiting. */
  async function fullLicence() {
    const code = unique('ONE_SEAT');
    const [licence] = await t.database.db
      .insert(licenses)
      .values({ code, maxUsers: 1 })
      .returning({ id: licenses.id });
    const company = await makeCompany(t, { prefix: 'Users_Co_Licensed' });
    await t.database.db.update(companies).set({ licenseId: licence?.id }).where(eq(companies.id, company.id));
    const waiting = await saveAsAdmin(unique('seat_waiting'), {
      company: { companyId: company.id },
      active: false,
    });
    const holder = await saveAsAdmin(unique('seat_holder'), { company: { companyId: company.id } });
    return { code, companyId: company.id, waiting, holder };
  }

  it('answers 409 and writes nothing when an active user is created in a full licence', async () => {
    const { companyId } = await fullLicence();
    const login = unique('seat_extra');
    const response = await save(admin, [newUser(login, { company: { companyId } })]);
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] The company licence is full (1 users)');
    expect(await byLogin(login)).toBeUndefined();
  });

  it('answers 409 and changes nothing when a user is approved into a full licence', async () => {
    const { waiting } = await fullLicence();
    const response = await t.call('POST', '/api/user/approve', {
      token: admin,
      body: { userInfos: [{ id: waiting.id, active: true }] },
    });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] The company licence is full (1 users)');
    expect((await byLogin(waiting.login))?.active).toBe(false);
  });

  it('answers the licence with its seats used when a licensed user is found', async () => {
    const { code, holder } = await fullLicence();
    expect((await byLogin(holder.login))?.licenseInfo).toMatchObject({
      licenseCode: code,
      maxNumberOfUsers: 1,
      currentNumberOfUsers: 1,
    });
  });

  it('still creates an inactive user when the licence is full', async () => {
    const { companyId } = await fullLicence();
    const response = await save(admin, [
      newUser(unique('seat_later'), { company: { companyId }, active: false }),
    ]);
    expect(response.status).toBe(200);
    expect((response.body.userInfos as TUser[])[0]?.active).toBe(false);
  });
});

describe('POST /api/user/delete', () => {
  it('deletes a user and answers the deleted record when it is in scope', async () => {
    const { a1, partner } = await partnerTree();
    const doomed = await makeUser(t, { companyId: a1.id, prefix: 'to_delete' });
    const response = await t.call('POST', '/api/user/delete', {
      token: partner.authToken,
      body: { userInfos: [{ login: doomed.login }] },
    });
    expect(response.status).toBe(200);
    expect(response.body.errorMessages).toEqual([]);
    expect((response.body.userInfos as TUser[]).map((u) => u.login)).toEqual([doomed.login]);
    expect(await byLogin(doomed.login)).toBeUndefined();
  });

  it('ends the sign-ins of a user when it is deleted', async () => {
    const doomed = await signedInUser(t, { prefix: 'to_delete' });
    const response = await t.call('POST', '/api/user/delete', {
      token: admin,
      body: { userInfos: [{ login: doomed.login }] },
    });
    expect(response.status).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: doomed.authToken })).status).toBe(401);
  });

  it('answers 409 and keeps the account when a caller deletes itself', async () => {
    const self = await signedInUser(t, { role: 'adminrole', prefix: 'self_delete' });
    const response = await t.call('POST', '/api/user/delete', {
      token: self.authToken,
      body: { userInfos: [{ login: self.login }] },
    });
    expect(response.status).toBe(409);
    expect(response.body.errorMessages).toContain('[Detail] You cannot delete your own account');
    expect(await byLogin(self.login)).toBeDefined();
  });

  it('answers 404 and deletes nothing when a partner deletes a user of another tree', async () => {
    const { a1, b, partner } = await partnerTree();
    const userA1 = await makeUser(t, { companyId: a1.id });
    const userB = await makeUser(t, { companyId: b.id });
    const response = await t.call('POST', '/api/user/delete', {
      token: partner.authToken,
      body: { userInfos: [{ login: userA1.login }, { login: userB.login }] },
    });
    expect(response.status).toBe(404);
    expect(response.body.errorMessages).toContain('[Detail] The requested user is not found');
    expect(await byLogin(userB.login)).toBeDefined();
    expect(await byLogin(userA1.login)).toBeDefined();
  });

  it('answers 404 when the login is unknown', async () => {
    const response = await t.call('POST', '/api/user/delete', {
      token: admin,
      body: { userInfos: [{ login: unique('nobody') }] },
    });
    expect(response.status).toBe(404);
  });

  it('answers 403 and deletes nothing when the caller lacks usermanagement.delete', async () => {
    const company = await makeCompany(t);
    const role = await userEditorRole();
    const editor = await signedInUser(t, { role: role.roleName, companyId: company.id });
    const target = await makeUser(t, { companyId: company.id });
    const response = await t.call('POST', '/api/user/delete', {
      token: editor.authToken,
      body: { userInfos: [{ login: target.login }] },
    });
    expect(response.status).toBe(403);
    expect(await byLogin(target.login)).toBeDefined();
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
    const partner = await signedInUser(t, { role: 'partnerrole', prefix: 'partner' });
    const claims = decodeJwt(partner.authToken);
    expect(claims).toMatchObject({
      login: partner.login,
      roles: ['partnerrole'],
      companyId: partner.companyId,
    });
    expect(claims.permissions).toContain('usermanagement.create');
    expect(claims.permissions).not.toContain('adminmanagement.read');
  });
});
