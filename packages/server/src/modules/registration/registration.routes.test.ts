import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, oneTimeTokens } from '../../db/schema/index.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, makeUser, type TMadeUser, unique } from '../../../test/factories.ts';
import { sentMails } from '../../../test/harness.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type TActivationMail = { code: string; token: string; link: string };

/** An approved user who has not activated yet, signed in with its self-care token. */
async function selfcareUser(): Promise<TMadeUser & { authToken: string }> {
  const user = await makeUser(t, { prefix: 'selfcare', extra: { registrationCompleted: false } });
  const { authToken } = await t.login(user.login, user.password);
  expect(decodeJwt(authToken).permissions).toBe('selfcare');
  return { ...user, authToken };
}

/** Asks for the activation mail and reads its short code and link. */
async function requestMail(user: { email: string; authToken: string }): Promise<TActivationMail> {
  const sent = await t.call('GET', '/api/user/selfcare/send-token', { token: user.authToken });
  expect(sent.status).toBe(200);
  const text = (await sentMails(t)).filter((mail) => mail.to === user.email).at(-1)?.text ?? '';
  const code = /\n\n([2-9A-Z]{4}-[2-9A-Z]{4})\n/.exec(text)?.[1];
  const link = /(http\S+#\/auth\/activate\?token=(\S+))/.exec(text);
  if (!code || !link) throw new Error(`no code or link in: ${text}`);
  return { code, link: link[1]!, token: decodeURIComponent(link[2]!) };
}

const activate = (authToken: string, token: string) =>
  t.call('POST', '/api/user/selfcare/activate', { token: authToken, body: { token } });

/** Expects a full sign-in in the answer, usable at once for a call a self-care token may not make. */
async function expectSignedIn(body: Record<string, unknown>, userId: number): Promise<void> {
  expect(body).toMatchObject({ id: userId, userInfos: [{ id: userId, registrationCompleted: true }] });
  const claims = decodeJwt(body.authToken as string);
  expect(claims.sub).toBe(String(userId));
  expect(claims.permissions).toEqual(['contentmanagement.read']);
  expect(typeof body.refreshToken).toBe('string');
  const me = await t.call('GET', '/api/user/me', { token: body.authToken as string });
  expect(me.status).toBe(200);
  expect((me.body.userInfos as Array<{ lastLogin: string }>)[0]?.lastLogin).not.toBe('0001-01-01T00:00:00Z');
  const families = await t.call('POST', '/api/family/find', { token: body.authToken as string, body: {} });
  expect(families.status).toBe(200);
}

describe('POST /api/user/selfcare/activate with the short code', () => {
  it('activates with the code typed in any case and spacing, signs in, and ends the self-care sign-in', async () => {
    const user = await selfcareUser();
    const { code, token } = await requestMail(user);
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/);
    // The link keeps a full-entropy token: 24 random bytes, base64url.
    expect(Buffer.from(token, 'base64url')).toHaveLength(24);
    const typed = ` ${code.slice(0, 4).toLowerCase()} ${code.slice(5)} `;
    const answer = await activate(user.authToken, typed);
    expect(answer.status).toBe(200);
    await expectSignedIn(answer.body, user.id);
    expect((await t.call('GET', '/api/user/me', { token: user.authToken })).status).toBe(401);
  });

  it('keeps the code only as a keyed hash', async () => {
    const user = await selfcareUser();
    const { code } = await requestMail(user);
    const rows = await t.database.db
      .select({ tokenHash: oneTimeTokens.tokenHash })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'activate-code')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(code.replace('-', ''));
    expect(rows[0]!.tokenHash).toHaveLength(43);
  });

  it('refuses a used code', async () => {
    const user = await selfcareUser();
    const { code } = await requestMail(user);
    const first = await activate(user.authToken, code);
    expect(first.status).toBe(200);
    const again = await activate(first.body.authToken as string, code);
    expect(again.status).toBe(400);
    expect(again.body.errorMessages).toContain('[Detail] The activation code is not valid or has expired');
  });

  it('locks the code after 5 wrong ones: even the right code is refused then, and nothing is activated', async () => {
    const user = await selfcareUser();
    const { code } = await requestMail(user);
    // A wrong code of the same shape, so each try counts against this code.
    const wrong = code.startsWith('2') ? `3${code.slice(1)}` : `2${code.slice(1)}`;
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await activate(user.authToken, wrong);
      expect(answer.status).toBe(400);
      expect(answer.body.errorDetails).toEqual([
        { key: 'activationCodeNotValid', values: {}, field: 'token' },
      ]);
    }
    const fifth = await activate(user.authToken, wrong);
    expect(fifth.status).toBe(429);
    expect(fifth.body.errorMessages).toContain(
      '[Detail] The activation code was mistyped too often; ask for a new code',
    );
    const locks = await t.database.db
      .select({ kind: activity.kind })
      .from(activity)
      .where(and(eq(activity.userId, user.id), eq(activity.kind, 'activation.locked')));
    expect(locks).toHaveLength(1);
    const right = await activate(user.authToken, code);
    expect(right.status).toBe(429);
    expect(right.body).not.toHaveProperty('authToken');
    const me = await t.call('GET', '/api/user/me', { token: user.authToken });
    expect((me.body.userInfos as Array<{ registrationCompleted: boolean }>)[0]?.registrationCompleted).toBe(
      false,
    );
    // A new code works again.
    const fresh = await requestMail(user);
    expect((await activate(user.authToken, fresh.code)).status).toBe(200);
  });

  it('counts at most 5 wrong codes when 20 arrive at once', async () => {
    const user = await selfcareUser();
    const { code } = await requestMail(user);
    const wrong = code.startsWith('2') ? `3${code.slice(1)}` : `2${code.slice(1)}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => activate(user.authToken, wrong)));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(16);
    const [row] = await t.database.db
      .select({ failures: oneTimeTokens.failures })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'activate-code')));
    expect(row?.failures).toBe(5);
  });

  it('refuses an expired code', async () => {
    const user = await selfcareUser();
    const { code } = await requestMail(user);
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'activate-code')));
    const answer = await activate(user.authToken, code);
    expect(answer.status).toBe(400);
    expect(answer.body.errorDetails).toEqual([{ key: 'activationCodeNotValid', values: {}, field: 'token' }]);
  });

  it("refuses another user's code", async () => {
    const owner = await selfcareUser();
    const stranger = await selfcareUser();
    const { code } = await requestMail(owner);
    expect((await activate(stranger.authToken, code)).status).toBe(400);
    expect((await activate(owner.authToken, code)).status).toBe(200);
  });

  it('activates exactly once and issues exactly one sign-in when 20 tries of the right code arrive at once', async () => {
    const user = await selfcareUser();
    const { code } = await requestMail(user);
    const answers = await Promise.all(Array.from({ length: 20 }, () => activate(user.authToken, code)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.authToken).toBeTruthy();
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect([400, 401]).toContain(lost.status);
      expect(lost.body).not.toHaveProperty('authToken');
    }
    await expectSignedIn(won[0]!.body, user.id);
  });

  it('still takes the link token pasted into the code field', async () => {
    const user = await selfcareUser();
    const { token } = await requestMail(user);
    const answer = await activate(user.authToken, token);
    expect(answer.status).toBe(200);
    await expectSignedIn(answer.body, user.id);
  });

  it('answers 401 to a caller without a token and 400 to a blank code', async () => {
    expect(
      (await t.call('POST', '/api/user/selfcare/activate', { body: { token: 'ABCD-EFGH' } })).status,
    ).toBe(401);
    const user = await selfcareUser();
    const blank = await activate(user.authToken, '  ');
    expect(blank.status).toBe(400);
  });
});

describe('POST /api/user/activate with the link token', () => {
  it('activates without any sign-in and answers a full one', async () => {
    const user = await selfcareUser();
    const { token, code } = await requestMail(user);
    const answer = await t.call('POST', '/api/user/activate', { body: { token } });
    expect(answer.status).toBe(200);
    await expectSignedIn(answer.body, user.id);
    // The self-care sign-in has ended, and the short code of the same mail is spent with the link.
    expect((await t.call('GET', '/api/user/me', { token: user.authToken })).status).toBe(401);
    expect((await activate(answer.body.authToken as string, code)).status).toBe(400);
  });

  it('refuses a used, expired or unknown token and changes nothing', async () => {
    const user = await selfcareUser();
    const { token } = await requestMail(user);
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'activate')));
    const expired = await t.call('POST', '/api/user/activate', { body: { token } });
    expect(expired.status).toBe(400);
    expect(expired.body.errorDetails).toEqual([
      { key: 'activationCodeNotValid', values: {}, field: 'token' },
    ]);
    const unknown = await t.call('POST', '/api/user/activate', { body: { token: 'x'.repeat(32) } });
    expect(unknown.status).toBe(400);
    const me = await t.call('GET', '/api/user/me', { token: user.authToken });
    expect((me.body.userInfos as Array<{ registrationCompleted: boolean }>)[0]?.registrationCompleted).toBe(
      false,
    );

    const fresh = await requestMail(user);
    expect((await t.call('POST', '/api/user/activate', { body: { token: fresh.token } })).status).toBe(200);
    const used = await t.call('POST', '/api/user/activate', { body: { token: fresh.token } });
    expect(used.status).toBe(400);
    expect(used.body).not.toHaveProperty('authToken');
  });

  it('refuses a short code, which is tied to a signed-in account', async () => {
    const user = await selfcareUser();
    const { code } = await requestMail(user);
    const answer = await t.call('POST', '/api/user/activate', { body: { token: code } });
    expect(answer.status).toBe(400);
  });

  it('answers 400 naming the token when it is missing', async () => {
    const answer = await t.call('POST', '/api/user/activate', { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessages).toContain('[Detail] token is required');
  });
});

describe('POST /api/company/find without a token (the sign-up company picker)', () => {
  it('searches the active companies by part of their name, a bounded page, ids and names only', async () => {
    const stem = unique('Pickable');
    const listed = await Promise.all(
      ['Alpha', 'Beta', 'Gamma'].map((suffix) => makeCompany(t, { prefix: `${stem}_${suffix}` })),
    );
    const dormant = await makeCompany(t, { prefix: `${stem}_Dormant`, active: false });
    const found = await t.call('POST', '/api/company/find', {
      body: { search: stem.toLowerCase(), pageSize: 2, sort: [{ field: 'companyName', dir: 'asc' }] },
    });
    expect(found.status).toBe(200);
    expect(found.body.totalCount).toBe(3);
    expect(found.body.companyInfos).toEqual(
      listed.slice(0, 2).map((c) => ({ companyId: c.id, companyName: c.name })),
    );
    const second = await t.call('POST', '/api/company/find', {
      body: { search: stem, page: 2, pageSize: 2 },
    });
    expect(second.body.companyInfos).toEqual([{ companyId: listed[2]!.id, companyName: listed[2]!.name }]);
    const hidden = await t.call('POST', '/api/company/find', { body: { search: dormant.name } });
    expect(hidden.body).toMatchObject({ companyInfos: [], totalCount: 0 });
  });

  it('refuses a page larger than 1,000 and an over-long search with 400', async () => {
    const large = await t.call('POST', '/api/company/find', { body: { search: 'a', pageSize: 1001 } });
    expect(large.status).toBe(400);
    const long = await t.call('POST', '/api/company/find', { body: { search: 'a'.repeat(201) } });
    expect(long.status).toBe(400);
  });
});
