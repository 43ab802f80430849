import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { sha512Hex } from '../../seed.ts';
import { createTestApp, testConfig, type TTestApp } from '../../../test/test-app.ts';
import { makeApiToken } from '../../../test/firestop.ts';
import { signedInUser } from '../../../test/factories.ts';

const SERVER = Boolean(process.env.TEST_DATABASE_URL);

/** The status `app` answers GET /api/user/me with for `token`. */
async function me(app: FastifyInstance, token: string): Promise<number> {
  const answer = await app.inject({
    method: 'GET',
    url: '/api/user/me',
    headers: { authorization: `Bearer ${token}` },
  });
  return answer.statusCode;
}

/**
 * The status `app` answers for `token` once it is `expected`, asking every 20 ms for at most 1 s
 * (well inside LIVE_SESSION_TTL_MS, so only the revocation bus can have made it so): the last one.
 */
async function statusWithin1s(app: FastifyInstance, token: string, expected: number): Promise<number> {
  const until = Date.now() + 1000;
  let status = await me(app, token);
  while (status !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = await me(app, token);
  }
  return status;
}

/**
 * Two instances of the portal on one PostgreSQL database (two apps, each with its own live-session
 * cache, as two processes have): what one revokes, the other refuses at once, not after its cache's 3 s.
 */
describe.runIf(SERVER)('revocations across the instances on one PostgreSQL database', () => {
  let first: TTestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await createTestApp();
    // The second instance shares the database; only the first closes it.
    second = await buildApp(testConfig(), { ...first.app.database, close: async () => undefined }, false);
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('refuses on one instance a sign-in ended by a logout on the other', async () => {
    const user = await signedInUser(first);
    // The second instance now remembers the sign-in as live.
    expect(await me(second, user.authToken)).toBe(200);
    expect(await me(second, user.authToken)).toBe(200);
    expect((await first.call('GET', '/api/user/logout', { token: user.authToken })).status).toBe(200);
    expect(await statusWithin1s(second, user.authToken, 401)).toBe(401);
  });

  it("refuses a user's other sign-ins on one instance after a password change on the other, keeping the changing one", async () => {
    const user = await signedInUser(first, { password: 'Twice-Passw0rd!' });
    const other = (await first.login(user.login, 'Twice-Passw0rd!')).authToken;
    expect(await me(second, user.authToken)).toBe(200);
    expect(await me(second, other)).toBe(200);
    const changed = await first.call('POST', '/api/user/change-password', {
      token: user.authToken,
      body: { oldPasswordHash: sha512Hex('Twice-Passw0rd!'), newPasswordHash: sha512Hex('Third-Passw0rd!') },
    });
    expect(changed.status).toBe(200);
    expect(await statusWithin1s(second, other, 401)).toBe(401);
    expect(await me(second, user.authToken)).toBe(200);
  });

  it('refuses on one instance an API token revoked on the other', async () => {
    const partner = await signedInUser(first, { role: 'partnerrole' });
    const apiToken = await makeApiToken(first, partner.authToken);
    // Valid, but not accepted on this route: 403, and the second instance remembers who it acts for.
    expect(await me(second, apiToken.token)).toBe(403);
    expect(await me(second, apiToken.token)).toBe(403);
    const revoked = await first.call('POST', '/api/token/delete', {
      token: partner.authToken,
      body: { apiTokenInfos: [{ apiTokenId: apiToken.apiTokenId }] },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(await statusWithin1s(second, apiToken.token, 401)).toBe(401);
  });

  it('lets a sign-in ended on neither instance go on being accepted by both', async () => {
    const user = await signedInUser(first);
    const bystander = await signedInUser(first);
    expect(await me(second, bystander.authToken)).toBe(200);
    expect((await first.call('GET', '/api/user/logout', { token: user.authToken })).status).toBe(200);
    expect(await statusWithin1s(second, user.authToken, 401)).toBe(401);
    expect(await me(second, bystander.authToken)).toBe(200);
    expect(await me(first.app, bystander.authToken)).toBe(200);
  });
});
