import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, type TSignedIn } from '../../../test/factories.ts';

/**
 * What an attacker sends to the activity log and the statistics (issue 24): NUL bytes, ids past
 * 2^31, `__proto__` as a field name, absurd ranges and zones, the same request 20 times at once.
 * Each gets a clear 4xx or the right answer, never a 500, and changes nothing.
 */
let t: TTestApp;
let admin: string;
let partner: TSignedIn;

const ROUTES = ['/api/activity/find', '/api/activity/export', '/api/statistics/get'] as const;
const RANGE = { isoStartDate: '2026-11-01', isoEndDate: '2026-11-07' };

async function send(url: string, body: unknown, token = admin) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.statusCode, text: response.body };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const company = await makeCompany(t);
  partner = await signedInUser(t, { role: 'partnerrole', companyId: company.id });
});

afterAll(async () => {
  await t.close();
});

describe('hostile input to the activity log and the statistics', () => {
  it.each([
    ['a NUL byte in the search', '/api/activity/find', { q: 'door\u0000' }],
    ['a NUL byte in a record id', '/api/activity/find', { recordId: '7\u0000' }],
    ['a NUL byte in a kind', '/api/activity/find', { kinds: ['family.update\u0000'] }],
    ['a NUL byte in the export', '/api/activity/export', { q: '\u0000' }],
    ['a NUL byte in the time zone', '/api/statistics/get', { ...RANGE, timeZone: 'Europe/Berlin\u0000' }],
    ['a NUL byte in a day', '/api/statistics/get', { ...RANGE, isoEndDate: '2026-11-07\u0000' }],
  ])('%s: 400 or a plain answer, never a 500', async (_name, url, body) => {
    const { status, text } = await send(url, body);
    expect([200, 400], text).toContain(status);
  });

  it.each([
    ['/api/activity/find', { userIds: [2 ** 31] }],
    ['/api/activity/find', { companyIds: [2 ** 53 + 2] }],
    ['/api/activity/find', { page: 2 ** 53 + 2 }],
    ['/api/activity/export', { userIds: [-1] }],
    ['/api/statistics/get', { ...RANGE, companyId: 2 ** 31 }],
    ['/api/statistics/get', { ...RANGE, companyId: 1.5 }],
  ])('%s with an id out of range %j: 400', async (url, body) => {
    const { status, text } = await send(url, body);
    expect(status, text).toBe(400);
  });

  it('answers a page far past the end as an empty page', async () => {
    const { status, text } = await send('/api/activity/find', { page: 2 ** 31, pageSize: 100 });
    expect(status, text).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ activityInfos: [] });
  });

  it.each(ROUTES)('%s: `__proto__` and `constructor` as field names change nothing', async (url) => {
    const base = url === '/api/statistics/get' ? RANGE : {};
    const plain = await send(url, base);
    expect(plain.status).toBe(200);
    for (const field of ['__proto__', 'constructor']) {
      const raw = `{${Object.entries(base)
        .map(([key, value]) => `"${key}":${JSON.stringify(value)},`)
        .join('')}"${field}":{"isAdmin":true,"companyId":1}}`;
      const hostile = await send(url, raw, partner.authToken);
      expect([200, 400], hostile.text).toContain(hostile.status);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it.each([
    ['a reversed range', { isoStartDate: '2026-11-07', isoEndDate: '2026-11-01' }],
    ['a range over two years', { isoStartDate: '2020-01-01', isoEndDate: '2026-11-07' }],
    ['a year 0 day', { isoStartDate: '0000-01-01', isoEndDate: '0000-01-02' }],
    ['a day that does not exist', { isoStartDate: '2026-02-30', isoEndDate: '2026-03-01' }],
    ['a path as a zone', { ...RANGE, timeZone: '../../etc/passwd' }],
    ['a POSIX zone string', { ...RANGE, timeZone: 'EST5EDT,M3.2.0,M11.1.0' }],
    ['an offset as a zone', { ...RANGE, timeZone: '+01:00' }],
    ['a very long zone', { ...RANGE, timeZone: 'A'.repeat(100_000) }],
    ['no range', {}],
  ])('statistics refuse %s with 400', async (_name, body) => {
    const { status, text } = await send('/api/statistics/get', body);
    expect(status, text).toBe(400);
  });

  it('answers the same statistics to 20 requests at once', async () => {
    const body = { ...RANGE, timeZone: 'Europe/Berlin' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('/api/statistics/get', body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
  });

  it('exports the log to 20 callers at once, each a whole CSV', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('/api/activity/export', {})));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toMatch(/^[^\r\n]+,/);
    }
  });

  it('a stranger gets 401 and an end user 403 from each route', async () => {
    const reader = await signedInUser(t, { role: 'userrole' });
    for (const url of ROUTES) {
      const body = url === '/api/statistics/get' ? RANGE : {};
      const stranger = await t.app.inject({ method: 'POST', url, payload: body });
      expect(stranger.statusCode, url).toBe(401);
      expect((await send(url, body, reader.authToken)).status, url).toBe(403);
    }
  });
});
