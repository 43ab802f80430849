import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha512Hex } from '../../seed.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeRole, makeUser, signedInUser, type TSignedIn } from '../../../test/factories.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = async (token: string) => (await t.call('GET', '/api/user/me', { token })).status;

/** A user signed in twice, each sign-in used once so the live-session cache holds both. */
async function twiceSignedIn(): Promise<{ user: TSignedIn; other: string }> {
  const user = await signedInUser(t, { password: 'Twice-Passw0rd!' });
  const other = (await t.login(user.login, 'Twice-Passw0rd!')).authToken;
  expect(await me(user.authToken)).toBe(200);
  expect(await me(other)).toBe(200);
  return { user, other };
}

// A live sign-in is remembered for a few seconds; ending one through the portal must still refuse
// its authToken on the very next request.
describe('the live-session cache', () => {
  it('refuses the authToken at once after its logout, and keeps the other sign-in', async () => {
    const { user, other } = await twiceSignedIn();
    expect((await t.call('GET', '/api/user/logout', { token: user.authToken })).status).toBe(200);
    expect(await me(user.authToken)).toBe(401);
    expect(await me(other)).toBe(200);
  });

  it('refuses the other sign-ins at once after a password change, and keeps the changing one', async () => {
    const { user, other } = await twiceSignedIn();
    const changed = await t.call('POST', '/api/user/change-password', {
      token: user.authToken,
      body: { oldPasswordHash: sha512Hex('Twice-Passw0rd!'), newPasswordHash: sha512Hex('Third-Passw0rd!') },
    });
    expect(changed.status).toBe(200);
    expect(await me(other)).toBe(401);
    expect(await me(user.authToken)).toBe(200);
  });

  it('refuses every sign-in at once when an administrator sets a new password', async () => {
    const { user, other } = await twiceSignedIn();
    const saved = await t.call('POST', '/api/user/save', {
      token: await t.adminToken(),
      body: {
        userInfos: [
          {
            id: user.id,
            login: user.login,
            firstName: user.login,
            lastName: 'Tester',
            email: user.email,
            passwordHash: sha512Hex('Admin-Set-Passw0rd!'),
          },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(await me(user.authToken)).toBe(401);
    expect(await me(other)).toBe(401);
  });

  it('refuses every sign-in at once when the user is deactivated', async () => {
    const { user, other } = await twiceSignedIn();
    const approve = await t.call('POST', '/api/user/approve', {
      token: await t.adminToken(),
      body: { userInfos: [{ id: user.id, active: false }] },
    });
    expect(approve.status).toBe(200);
    expect(await me(user.authToken)).toBe(401);
    expect(await me(other)).toBe(401);
  });

  it('refuses every sign-in at once when the user is deleted', async () => {
    const { user, other } = await twiceSignedIn();
    const deleted = await t.call('POST', '/api/user/delete', {
      token: await t.adminToken(),
      body: { userInfos: [{ login: user.login }] },
    });
    expect(deleted.status).toBe(200);
    expect(await me(user.authToken)).toBe(401);
    expect(await me(other)).toBe(401);
  });

  it('refuses the sign-in at once when its refresh token is reused', async () => {
    const user = await signedInUser(t);
    const renewed = await t.call('GET', '/api/user/token-renew', { token: user.refreshToken });
    const next = renewed.body as unknown as { authToken: string };
    expect(await me(next.authToken)).toBe(200);
    expect((await t.call('GET', '/api/user/token-renew', { token: user.refreshToken })).status).toBe(401);
    expect(await me(next.authToken)).toBe(401);
  });

  it('refuses the sign-in at once when the user gets other roles', async () => {
    const role = await makeRole(t, ['usermanagement.read']);
    const user = await makeUser(t);
    const { authToken } = await t.login(user.login, user.password);
    expect(await me(authToken)).toBe(200);
    const saved = await t.call('POST', '/api/user/save', {
      token: await t.adminToken(),
      body: {
        userInfos: [
          {
            id: user.id,
            login: user.login,
            firstName: user.login,
            lastName: 'Tester',
            email: user.email,
            roles: [{ roleId: role.roleId }],
          },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(await me(authToken)).toBe(401);
  });
});
