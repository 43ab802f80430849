import type { TRole } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser } from '../../../test/factories.ts';
import { makeApiToken } from '../../../test/firestop.ts';

let t: TTestApp;
let admin: string;
let roleIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const roles = await t.call('POST', '/api/role/find', { token: admin, body: {} });
  roleIds = Object.fromEntries((roles.body.roleInfos as TRole[]).map((r) => [r.roleName, r.roleId]));
});
afterAll(() => t.close());

/** Saves the user as the admin with the given roles and company (its password kept). */
async function editUser(user: { id: number; login: string }, role: string, companyId: number) {
  const saved = await t.call('POST', '/api/user/save', {
    token: admin,
    body: {
      userInfos: [
        {
          id: user.id,
          login: user.login,
          firstName: user.login,
          lastName: 'Tester',
          email: `${user.login}@example.com`,
          roles: [{ roleId: roleIds[role] }],
          company: { companyId },
        },
      ],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

// The caller a token acts for is remembered for a few seconds (LiveSessions); a change made
// through this process must show on the very next request.
describe('an API token acts for its creator as it is now', () => {
  it('takes the roles and company its creator is given on the next request', async () => {
    const a = await makeCompany(t, { prefix: 'tokcall_a' });
    const b = await makeCompany(t, { prefix: 'tokcall_b' });
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: a.id, prefix: 'tokcall' });
    const { token } = await makeApiToken(t, partner.authToken, { scopes: ['lookup'] });
    const before = await t.services.apiTokens.authenticate(token);
    expect(before).toMatchObject({ userId: partner.id, companyId: a.id, roles: ['partnerrole'] });
    expect(before.permissions.has('partnermanagement.read')).toBe(true);
    expect(await t.services.apiTokens.authenticate(token)).toBe(before);

    await editUser(partner, 'partneruserrole', b.id);
    const after = await t.services.apiTokens.authenticate(token);
    expect(after).toMatchObject({ companyId: b.id, roles: ['partneruserrole'] });
    expect(after.permissions.has('partnermanagement.read')).toBe(false);
    expect(after.permissions.has('contentmanagement.read')).toBe(true);
  });

  it('is refused on the next request once its creator is deleted', async () => {
    const partner = await signedInUser(t, { role: 'partnerrole', prefix: 'tokcall_del' });
    const { token } = await makeApiToken(t, partner.authToken, { scopes: ['lookup'] });
    await t.services.apiTokens.authenticate(token);
    const removed = await t.call('POST', '/api/user/delete', {
      token: admin,
      body: { userInfos: [{ login: partner.login }] },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await expect(t.services.apiTokens.authenticate(token)).rejects.toMatchObject({ status: 401 });
  });
});
