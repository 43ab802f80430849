import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { z } from 'zod';
import { API_TOKEN_MAX_DAYS, API_TOKEN_PREFIX } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, activity } from '../../db/schema/index.ts';
import { authPlugin } from '../../plugins/auth.ts';
import { errorsPlugin } from '../../plugins/errors.ts';
import { routesOf } from '../../plugins/routes.ts';
import { serializerCompilerOf, validatorCompiler } from '../../plugins/schemas.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, unique, type TSignedIn } from '../../../test/factories.ts';
import {
  inDays,
  makeApiToken,
  RFA_FIXTURE as FIXTURE,
  saveFamily,
  type TApiToken as TToken,
  type TDetail,
} from '../../../test/firestop.ts';

let t: TTestApp;
let admin: string;
let companyA: number;
let childOfA: number;
let companyB: number;
let partnerA: TSignedIn;
let partnerChild: TSignedIn;
let partnerB: TSignedIn;
let familyA: number;
let familyB: number;

const detailsOf = (body: Record<string, unknown>) => body.errorDetails as TDetail[];

const family = async (companyId: number) => (await saveFamily(t, companyId)).revitFamilyId;

function saveTokens(token: string | undefined, apiTokenInfos: unknown[]) {
  return t.call('POST', '/api/token/save', { token, body: { apiTokenInfos } });
}

const made = (token: string, input: Parameters<typeof makeApiToken>[2] = {}) => makeApiToken(t, token, input);

async function find(token: string, body: Record<string, unknown> = {}) {
  const found = await t.call('POST', '/api/token/find', { token, body });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return found.body as unknown as { apiTokenInfos: TToken[]; totalCount: number };
}

function download(id: number, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/family/download/content/${id}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  companyA = (await makeCompany(t, { prefix: 'tokens_a' })).id;
  childOfA = (await makeCompany(t, { prefix: 'tokens_a_child', parentId: companyA })).id;
  companyB = (await makeCompany(t, { prefix: 'tokens_b' })).id;
  partnerA = await signedInUser(t, { role: 'partnerrole', companyId: companyA, prefix: 'tok_pa' });
  partnerChild = await signedInUser(t, { role: 'partnerrole', companyId: childOfA, prefix: 'tok_pc' });
  partnerB = await signedInUser(t, { role: 'partnerrole', companyId: companyB, prefix: 'tok_pb' });
  familyA = await family(childOfA);
  familyB = await family(companyB);
});
afterAll(() => t.close());

describe('API tokens', () => {
  it('creates a token whose secret is shown once, stored only as its SHA-256, and audited', async () => {
    const token = await made(partnerA.authToken, { scopes: ['lookup', 'download'] });
    expect(token.token).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(token).toMatchObject({
      scopes: ['lookup', 'download'],
      createdByLogin: partnerA.login,
      companyId: companyA,
      lastUsed: null,
      tokenHint: token.token.slice(0, API_TOKEN_PREFIX.length + 4),
    });
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, token.apiTokenId));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.token.slice(API_TOKEN_PREFIX.length));

    const found = await find(partnerA.authToken, { ids: [token.apiTokenId] });
    expect(found.totalCount).toBe(1);
    expect(found.apiTokenInfos[0]).not.toHaveProperty('token');
    expect(JSON.stringify(found)).not.toContain(token.token.slice(API_TOKEN_PREFIX.length));

    const audited = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'apiToken.create'), eq(activity.recordId, String(token.apiTokenId))));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.userId).toBe(partnerA.id);
  });

  it('downloads a family of its tree with the download scope, no ticket needed, and records its last use once a minute', async () => {
    const token = await made(partnerA.authToken);
    const first = await download(familyA, token.token);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(FIXTURE)).toBe(true);
    const used = (await find(partnerA.authToken, { ids: [token.apiTokenId] })).apiTokenInfos[0]!.lastUsed;
    expect(used).not.toBeNull();
    expect((await download(familyA, token.token)).statusCode).toBe(200);
    expect((await find(partnerA.authToken, { ids: [token.apiTokenId] })).apiTokenInfos[0]!.lastUsed).toBe(
      used,
    );
  });

  it("answers 404 for another tree's family, as for anyone of that tree", async () => {
    const token = await made(partnerA.authToken);
    const other = await download(familyB, token.token);
    expect(other.statusCode).toBe(404);
    const child = await made(partnerChild.authToken);
    expect((await download(familyA, child.token)).statusCode).toBe(200);
    expect((await download(familyB, child.token)).statusCode).toBe(404);
  });

  it('refuses a token outside its scopes with 403, and any token on every other route', async () => {
    const lookup = await made(partnerA.authToken, { scopes: ['lookup'] });
    const refused = await download(familyA, lookup.token);
    expect(refused.statusCode).toBe(403);
    expect(detailsOf(refused.json())[0]).toMatchObject({
      key: 'apiTokenScopeMissing',
      values: { scope: 'download' },
    });

    const both = await made(partnerA.authToken, { scopes: ['lookup', 'download'] });
    for (const [method, url] of [
      ['GET', '/api/user/me'],
      ['POST', '/api/token/find'],
      ['POST', '/api/family/find'],
      ['GET', '/api/info/env'],
      ['POST', '/api/family/download/ticket'],
    ] as const) {
      const answer = await t.call(method, url, {
        token: both.token,
        body: method === 'POST' ? {} : undefined,
      });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(detailsOf(answer.body)[0]!.key).toBe('apiTokenNotAccepted');
    }
    const save = await saveTokens(both.token, [
      { apiTokenName: 'x', scopes: ['lookup'], validUntil: inDays(1) },
    ]);
    expect(save.status).toBe(403);
  });

  it('declares the scope on the download route in the route table', () => {
    const row = t.app.routeTable.find((r) => r.url === '/api/family/download/content/:id');
    expect(row?.tokenScope).toBe('download');
    expect(t.app.routeTable.filter((r) => r.url.startsWith('/api/token/')).map((r) => r.permission)).toEqual([
      'partnermanagement.read',
      'partnermanagement.create',
      'partnermanagement.delete',
    ]);
  });

  it('answers 401 to an expired token', async () => {
    const token = await made(partnerA.authToken);
    await t.database.db
      .update(apiTokens)
      .set({ validUntil: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, token.apiTokenId));
    const answer = await download(familyA, token.token);
    expect(answer.statusCode).toBe(401);
    expect(detailsOf(answer.json())[0]!.key).toBe('apiTokenNotValid');
    const listed = await find(partnerA.authToken, { ids: [token.apiTokenId] });
    expect(listed.totalCount).toBe(1);
    expect(
      (await find(partnerA.authToken, { ids: [token.apiTokenId], includeExpired: false })).totalCount,
    ).toBe(0);
  });

  it('revokes at once: the next request is 401, the revocation audited', async () => {
    const token = await made(partnerA.authToken);
    expect((await download(familyA, token.token)).statusCode).toBe(200);
    const revoked = await t.call('POST', '/api/token/delete', {
      token: partnerA.authToken,
      body: { apiTokenInfos: [{ apiTokenId: token.apiTokenId }] },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect((revoked.body.apiTokenInfos as TToken[])[0]!.apiTokenId).toBe(token.apiTokenId);
    expect((await download(familyA, token.token)).statusCode).toBe(401);
    expect((await find(partnerA.authToken, { ids: [token.apiTokenId] })).totalCount).toBe(0);
    const audited = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'apiToken.delete'), eq(activity.recordId, String(token.apiTokenId))));
    expect(audited).toHaveLength(1);
  });

  it("keeps each tree's tokens to itself: another company's partner neither sees nor revokes them", async () => {
    const mine = await made(partnerA.authToken);
    const childs = await made(partnerChild.authToken);
    const theirs = await made(partnerB.authToken);

    const seenByA = (await find(partnerA.authToken)).apiTokenInfos.map((x) => x.apiTokenId);
    expect(seenByA).toEqual(expect.arrayContaining([mine.apiTokenId, childs.apiTokenId]));
    expect(seenByA).not.toContain(theirs.apiTokenId);
    const seenByChild = (await find(partnerChild.authToken)).apiTokenInfos.map((x) => x.apiTokenId);
    expect(seenByChild).toContain(childs.apiTokenId);
    expect(seenByChild).not.toContain(mine.apiTokenId);
    expect((await find(partnerB.authToken, { ids: [mine.apiTokenId] })).totalCount).toBe(0);

    const refused = await t.call('POST', '/api/token/delete', {
      token: partnerB.authToken,
      body: { apiTokenInfos: [{ apiTokenId: theirs.apiTokenId }, { apiTokenId: mine.apiTokenId }] },
    });
    expect(refused.status).toBe(404);
    // All or nothing: B's own token in the same request stays too.
    expect((await find(partnerB.authToken, { ids: [theirs.apiTokenId] })).totalCount).toBe(1);
    expect((await download(familyA, mine.token)).statusCode).toBe(200);

    const all = await find(admin, { companyIds: [companyB] });
    expect(all.apiTokenInfos.map((x) => x.apiTokenId)).toContain(theirs.apiTokenId);
    expect(all.apiTokenInfos.every((x) => x.companyId === companyB)).toBe(true);
    const adminSees = (await find(admin, { pageSize: 1000 })).apiTokenInfos.map((x) => x.apiTokenId);
    expect(adminSees).toEqual(expect.arrayContaining([mine.apiTokenId, theirs.apiTokenId]));
  });

  it('stops working on the next request when its creator is deactivated (401)', async () => {
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: companyA, prefix: 'tok_gone' });
    const token = await made(partner.authToken);
    expect((await download(familyA, token.token)).statusCode).toBe(200);
    const deactivated = await t.call('POST', '/api/user/approve', {
      token: admin,
      body: { userInfos: [{ id: partner.id, active: false }] },
    });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    expect((await download(familyA, token.token)).statusCode).toBe(401);
  });

  it('answers strangers 401, end users and partner users 403, and unknown secrets 401', async () => {
    expect((await t.call('POST', '/api/token/find', { body: {} })).status).toBe(401);
    expect(
      (await saveTokens(undefined, [{ apiTokenName: 'x', scopes: ['lookup'], validUntil: inDays(1) }]))
        .status,
    ).toBe(401);
    for (const role of ['userrole', 'partneruserrole']) {
      const user = await signedInUser(t, { role, companyId: companyA, prefix: 'tok_user' });
      const answer = await saveTokens(user.authToken, [
        { apiTokenName: 'x', scopes: ['lookup'], validUntil: inDays(1) },
      ]);
      expect(answer.status, role).toBe(403);
      expect((await t.call('POST', '/api/token/find', { token: user.authToken, body: {} })).status).toBe(403);
    }
    const forged = `${API_TOKEN_PREFIX}${'A'.repeat(43)}`;
    expect((await download(familyA, forged)).statusCode).toBe(401);
    expect((await download(familyA, `${API_TOKEN_PREFIX}short`)).statusCode).toBe(401);
    expect((await t.call('POST', '/api/token/find', { token: forged, body: {} })).status).toBe(401);
  });

  it('refuses bad input with 400 naming the field, storing nothing', async () => {
    const before = (await find(admin, { pageSize: 1 })).totalCount;
    const cases: Array<[unknown, string]> = [
      [{ apiTokenName: 'x', scopes: ['lookup'], validUntil: inDays(-1) }, 'notInFuture'],
      [{ apiTokenName: 'x', scopes: ['lookup'], validUntil: inDays(API_TOKEN_MAX_DAYS + 1) }, 'tooFarAhead'],
      [{ apiTokenName: 'x', scopes: ['upload'], validUntil: inDays(1) }, 'notValid'],
      [{ apiTokenName: 'x', scopes: [], validUntil: inDays(1) }, 'tooFewItems'],
      [{ apiTokenName: 'x', scopes: ['lookup', 'lookup'], validUntil: inDays(1) }, 'notValid'],
      [{ apiTokenName: 'x', scopes: ['lookup'] }, 'required'],
      [{ apiTokenName: 'x', scopes: ['lookup'], validUntil: 'tomorrow' }, 'notValid'],
      [{ apiTokenName: '', scopes: ['lookup'], validUntil: inDays(1) }, 'required'],
      [{ apiTokenName: 'a\u0000b', scopes: ['lookup'], validUntil: inDays(1) }, 'nulCharacter'],
    ];
    for (const [input, key] of cases) {
      const answer = await saveTokens(admin, [input]);
      expect(answer.status, JSON.stringify(input)).toBe(400);
      expect(
        detailsOf(answer.body).map((d) => d.key),
        JSON.stringify(input),
      ).toContain(key);
    }
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/token/save',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: `{"apiTokenInfos":[{"apiTokenName":"p","scopes":["lookup"],"validUntil":"${inDays(1)}","__proto__":{"isAdmin":true}}]}`,
    });
    expect(proto.statusCode).toBe(400);
    for (const apiTokenId of [2 ** 31, 2 ** 53, -1, 0, 1.5]) {
      const answer = await t.call('POST', '/api/token/delete', {
        token: admin,
        body: { apiTokenInfos: [{ apiTokenId }] },
      });
      expect(answer.status, String(apiTokenId)).toBe(400);
    }
    expect((await t.call('POST', '/api/token/find', { token: admin, body: { ids: [2 ** 31] } })).status).toBe(
      400,
    );
    expect(
      (
        await t.call('POST', '/api/token/delete', {
          token: admin,
          body: { apiTokenInfos: [{ apiTokenId: 2 ** 31 - 1 }] },
        })
      ).status,
    ).toBe(404);
    expect((await find(admin, { pageSize: 1 })).totalCount).toBe(before);
  });

  it('makes 20 tokens at once, each with its own secret', async () => {
    const name = unique('burst');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        saveTokens(partnerA.authToken, [{ apiTokenName: name, scopes: ['download'], validUntil: inDays(5) }]),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const secrets = answers.map((a) => (a.body.apiTokenInfos as TToken[])[0]!.token);
    expect(new Set(secrets).size).toBe(20);
    expect((await find(partnerA.authToken, { search: name })).totalCount).toBe(20);
  });

  it('lets a route of the routes kit accept the lookup scope by declaring it, and answers as the creator', async () => {
    const probe = Fastify({ logger: false });
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompilerOf(true));
    await probe.register(errorsPlugin);
    await probe.register(authPlugin, {
      authenticate: (token) => t.services.sessions.authenticate(token),
      authenticateApiToken: (token) => t.services.apiTokens.authenticate(token),
    });
    await probe.register(async (app) => {
      routesOf(app).get(
        '/api/probe/lookup',
        {
          summary: 'probe',
          permission: 'contentmanagement.read',
          tokenScope: 'lookup',
          response: z.object({ login: z.string(), companyId: z.number().nullable() }),
        },
        async ({ caller }) => ({ login: caller.login, companyId: caller.companyId }),
      );
    });
    await probe.ready();
    const call = (token: string | undefined) =>
      probe.inject({
        method: 'GET',
        url: '/api/probe/lookup',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const lookup = await made(partnerChild.authToken, { scopes: ['lookup'] });
    const download = await made(partnerChild.authToken, { scopes: ['download'] });
    const byLookup = await call(lookup.token);
    expect(byLookup.statusCode).toBe(200);
    expect(byLookup.json()).toMatchObject({ login: partnerChild.login, companyId: childOfA });
    expect((await call(download.token)).statusCode).toBe(403);
    expect((await call(partnerChild.authToken)).statusCode).toBe(200);
    expect((await call(undefined)).statusCode).toBe(401);
    expect(probe.routeTable.find((r) => r.url === '/api/probe/lookup')?.tokenScope).toBe('lookup');
    await probe.close();
  });
});
