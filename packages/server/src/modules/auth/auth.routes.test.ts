import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/index.ts';
import { totpCode } from '../../lib/totp.ts';
import { ADMIN_PASSWORD, createTestApp, sha512Hex, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, makeUser, signedInUser, unique } from '../../../test/factories.ts';
import { sentMails } from '../../../test/harness.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The newest mail sent to `address`, so a test reads its own mail whatever ran before it. */
const lastMailTo = async (address: string) =>
  (await sentMails(t)).filter((mail) => mail.to === address).at(-1);

describe('POST /api/user/login', () => {
  it('answers tokens, the user and a JWT with the contract claims when the password is right', async () => {
    const response = await t.call('POST', '/api/user/login', {
      body: { username: 'admin', password: sha512Hex(ADMIN_PASSWORD) },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ responseCode: 200, errorMessages: [], id: 1 });
    const claims = decodeJwt(response.body.authToken as string);
    expect(claims).toMatchObject({ sub: '1', login: 'admin', roles: ['adminrole'] });
    expect(claims.permissions).toContain('adminmanagement.delete');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
    expect(typeof response.body.refreshToken).toBe('string');
    const [user] = response.body.userInfos as Array<Record<string, unknown>>;
    expect(user).toMatchObject({ login: 'admin', active: true, registrationCompleted: true });
    expect(user).not.toHaveProperty('passwordHash');
    expect(user?.lastLogin).not.toBe('0001-01-01T00:00:00Z');
  });

  it('answers 401 with the same detail when the password is wrong or the user unknown', async () => {
    const user = await makeUser(t);
    const wrong = await t.call('POST', '/api/user/login', {
      body: { username: user.login, password: sha512Hex('nope') },
    });
    const unknown = await t.call('POST', '/api/user/login', {
      body: { username: unique('ghost'), password: sha512Hex('nope') },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.errorMessages).toEqual([
      '[Title] Unauthorized',
      '[Detail] The login detail is incorrect',
    ]);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 400 with precise details when the body is malformed', async () => {
    const response = await t.call('POST', '/api/user/login', { body: { username: '', password: 'plain' } });
    expect(response.status).toBe(400);
    expect(response.body.errorMessages).toEqual([
      '[Title] Validation failed',
      '[Detail] username is required',
      '[Detail] password is not valid',
    ]);
    const notJson = await t.call('POST', '/api/user/login', {
      body: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.errorMessages).toContain('[Detail] body is not valid JSON');
  });

  it('answers 403 when the user is registered but not approved', async () => {
    const waiting = await makeUser(t, {
      prefix: 'waiting',
      password: 'Wait-Passw0rd!',
      extra: { active: false },
    });
    const response = await t.call('POST', '/api/user/login', {
      body: { username: waiting.login, password: sha512Hex('Wait-Passw0rd!') },
    });
    expect(response.status).toBe(403);
    expect(response.body.errorMessages).toContain('[Detail] The account is not approved yet');
  });

  it('locks the login, audits it and refuses even the right password when sign-ins fail repeatedly', async () => {
    const clumsy = await makeUser(t, { prefix: 'clumsy', password: 'Clumsy-Passw0rd!' });
    for (let i = 0; i < 5; i++) {
      const response = await t.call('POST', '/api/user/login', {
        body: { username: clumsy.login, password: sha512Hex(`wrong${i}`) },
      });
      expect(response.status).toBe(401);
    }
    const locked = await t.call('POST', '/api/user/login', {
      body: { username: clumsy.login, password: sha512Hex('Clumsy-Passw0rd!') },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.errorMessages[1]).toMatch(
      /^\[Detail\] Too many failed sign-ins; try again in \d+ minutes$/,
    );
    const audits = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.userId, clumsy.id), eq(activity.kind, 'login.locked')));
    expect(audits).toHaveLength(1);
  });

  it('locks an unknown login the same way when its sign-ins fail repeatedly, so locks reveal nothing', async () => {
    const nobody = unique('nobody');
    for (let i = 0; i < 5; i++)
      await t.call('POST', '/api/user/login', { body: { username: nobody, password: sha512Hex('x') } });
    const response = await t.call('POST', '/api/user/login', {
      body: { username: nobody, password: sha512Hex('x') },
    });
    expect(response.status).toBe(429);
  });
});

describe('tokens', () => {
  it('answers 401 when the authToken is missing, tampered with or expired', async () => {
    expect((await t.call('GET', '/api/user/me')).status).toBe(401);
    const { authToken } = await t.login('admin', ADMIN_PASSWORD);
    const tampered = `${authToken.slice(0, -3)}abc`;
    expect((await t.call('GET', '/api/user/me', { token: tampered })).status).toBe(401);
    const claims = decodeJwt(authToken);
    const expired = await t.services.signer.sign(
      {
        sub: claims.sub!,
        sid: claims.sid as string,
        login: 'admin',
        roles: ['adminrole'],
        companyId: 1,
        permissions: ['usermanagement.read'],
      },
      Math.floor(Date.now() / 1000) - 3600,
    );
    const response = await t.call('GET', '/api/user/me', { token: expired });
    expect(response.status).toBe(401);
    expect(response.body.errorMessages).toEqual([
      '[Title] Unauthorized',
      '[Detail] A valid authToken is required',
    ]);
  });

  it('rotates the refresh token and revokes the whole sign-in when an old one is reused', async () => {
    const first = await t.login('admin', ADMIN_PASSWORD);
    const renewed = await t.call('GET', '/api/user/token-renew', { token: first.refreshToken });
    expect(renewed.status).toBe(200);
    const next = renewed.body as unknown as { authToken: string; refreshToken: string };
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect((await t.call('GET', '/api/user/me', { token: next.authToken })).status).toBe(200);

    const reuse = await t.call('GET', '/api/user/token-renew', { token: first.refreshToken });
    expect(reuse.status).toBe(401);
    expect((await t.call('GET', '/api/user/token-renew', { token: next.refreshToken })).status).toBe(401);
    expect((await t.call('GET', '/api/user/me', { token: next.authToken })).status).toBe(401);
  });

  it('answers 401 when the refresh token is unknown or missing', async () => {
    expect((await t.call('GET', '/api/user/token-renew', { token: 'not-a-token' })).status).toBe(401);
    expect((await t.call('GET', '/api/user/token-renew')).status).toBe(401);
  });

  it('stops the authToken and refreshToken when the user logs out', async () => {
    const session = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.call('GET', '/api/user/logout', { token: session.authToken })).status).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: session.authToken })).status).toBe(401);
    expect((await t.call('GET', '/api/user/token-renew', { token: session.refreshToken })).status).toBe(401);
  });
});

describe('CSRF double submit', () => {
  it('sets a signed XSRF-TOKEN cookie and checks it when a non-GET request carries cookies', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/info/env' });
    const setCookie = [first.headers['set-cookie']].flat().find((c) => c?.startsWith('XSRF-TOKEN='));
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toMatch(/HttpOnly/);
    const token = setCookie!.split(';')[0]!.slice('XSRF-TOKEN='.length);
    const body = { username: 'admin', password: sha512Hex(ADMIN_PASSWORD) };
    // A sign-in carrying `cookie` as its XSRF-TOKEN cookie and, when given, `header` as its header.
    const signIn = (cookie: string, header?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: body,
        headers: {
          cookie: `XSRF-TOKEN=${cookie}`,
          ...(header === undefined ? {} : { 'x-xsrf-token': header }),
        },
      });

    const missing = await signIn(token);
    expect(missing.statusCode).toBe(403);
    expect(missing.json<{ errorMessages: string[] }>().errorMessages[1]).toBe(
      '[Detail] The X-XSRF-TOKEN header is missing or does not match the cookie',
    );

    const mismatch = await signIn(token, `${token}x`);
    expect(mismatch.statusCode).toBe(403);

    const forged = await signIn('planted.value', 'planted.value');
    expect(forged.statusCode).toBe(403);

    // A genuine cookie is remembered once checked; a changed copy of it is checked afresh.
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const changed = await signIn(tampered, tampered);
    expect(changed.statusCode).toBe(403);

    const matching = await signIn(token, token);
    expect(matching.statusCode).toBe(200);
  });

  it('lets a request through when it carries no cookies (add-ins and scripts)', async () => {
    const response = await t.call('POST', '/api/user/login', {
      body: { username: 'admin', password: sha512Hex(ADMIN_PASSWORD) },
    });
    expect(response.status).toBe(200);
  });
});

describe('registration, approval and self-care activation', () => {
  const registration = (login: string, company: number, extra: Record<string, unknown> = {}) => ({
    userInfo: {
      login,
      passwordHash: sha512Hex('Reg-Passw0rd!'),
      userData: {
        firstName: 'Rita',
        lastName: 'Register',
        email: `${login}@example.com`,
        company: { companyId: company },
      },
      active: false,
    },
    acceptTerms: true,
    ...extra,
  });

  it('answers 400 with the spec templates and creates nothing when the registration is not valid', async () => {
    const response = await t.call('POST', '/api/user/register', {
      body: {
        userInfo: {
          login: 'ab',
          passwordHash: sha512Hex('x'),
          userData: { firstName: '', lastName: 'X', email: 'not-mail' },
        },
        acceptTerms: false,
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.errorMessages).toEqual([
      '[Title] Validation failed',
      '[Detail] login minimum length is 3',
      '[Detail] firstName is required',
      '[Detail] email is not valid',
      '[Detail] Accepting terms & conditions are required',
    ]);
    const admin = await t.adminToken();
    const found = await t.call('POST', '/api/user/find', { token: admin, body: { logins: ['ab'] } });
    expect(found.body.totalCount).toBe(0);
  });

  it('registers an inactive user when the payload is exactly as spec 7 shows it, without acceptTerms', async () => {
    const body = registration(unique('spec_shape'), (await makeCompany(t)).id);
    delete (body as { acceptTerms?: boolean }).acceptTerms;
    const response = await t.call('POST', '/api/user/register', { body });
    expect(response.status).toBe(200);
    expect((response.body.userInfos as Array<{ active: boolean }>)[0]?.active).toBe(false);
  });

  it('takes a new user from registration to a full sign-in when it is approved and activated', async () => {
    const companyId = (await makeCompany(t)).id;
    const rita = unique('rita');
    const registered = await t.call('POST', '/api/user/register', { body: registration(rita, companyId) });
    expect(registered.status).toBe(200);
    const [user] = registered.body.userInfos as Array<{
      id: number;
      active: boolean;
      roles: Array<{ roleName: string }>;
    }>;
    expect(user).toMatchObject({ active: false, roles: [{ roleName: 'userrole' }] });
    expect(
      (await t.call('POST', '/api/user/register', { body: registration(rita.toUpperCase(), companyId) }))
        .status,
    ).toBe(409);

    expect(
      (
        await t.call('POST', '/api/user/login', {
          body: { username: rita, password: sha512Hex('Reg-Passw0rd!') },
        })
      ).status,
    ).toBe(403);
    const admin = await t.adminToken();
    expect(
      (
        await t.call('POST', '/api/user/approve', {
          token: admin,
          body: { userInfos: [{ id: user!.id, active: true }] },
        })
      ).status,
    ).toBe(200);

    const selfcare = await t.login(rita, 'Reg-Passw0rd!');
    expect(decodeJwt(selfcare.authToken).permissions).toBe('selfcare');
    expect(selfcare.userInfos[0]?.lastLogin).toBe('0001-01-01T00:00:00Z');
    expect((await t.call('GET', '/api/user/me', { token: selfcare.authToken })).status).toBe(200);
    expect((await t.call('POST', '/api/user/find', { token: selfcare.authToken, body: {} })).status).toBe(
      403,
    );
    expect(
      (await t.call('POST', '/api/user/change-password', { token: selfcare.authToken, body: {} })).status,
    ).toBe(403);

    expect(
      (
        await t.call('POST', '/api/user/selfcare/activate', {
          token: selfcare.authToken,
          body: { token: 'wrong-token-123' },
        })
      ).status,
    ).toBe(400);
    expect((await t.call('GET', '/api/user/selfcare/send-token', { token: selfcare.authToken })).status).toBe(
      200,
    );
    const mail = await lastMailTo(`${rita}@example.com`);
    expect(mail).toBeDefined();
    const code = /\n\n([2-9A-Z]{4}-[2-9A-Z]{4})\n/.exec(mail?.text ?? '')?.[1];
    expect(code).toBeDefined();
    const activated = await t.call('POST', '/api/user/selfcare/activate', {
      token: selfcare.authToken,
      body: { token: code },
    });
    expect(activated.status).toBe(200);
    expect(
      (activated.body.userInfos as Array<{ registrationCompleted: boolean }>)[0]?.registrationCompleted,
    ).toBe(true);
    expect((await t.call('GET', '/api/user/me', { token: selfcare.authToken })).status).toBe(401);

    const full = await t.login(rita, 'Reg-Passw0rd!');
    expect(decodeJwt(full.authToken).permissions).toEqual(['contentmanagement.read']);
    expect(full.userInfos[0]?.lastLogin).not.toBe('0001-01-01T00:00:00Z');
  });

  it('demands a solved proof of work when the bot check is on', async () => {
    const strict = await createTestApp({ botCheck: { enabled: true, difficulty: 8 } });
    try {
      const strictCompany = await strict.company('Strict Ltd');
      const without = await strict.call('POST', '/api/user/register', {
        body: registration('botty', strictCompany),
      });
      expect(without.status).toBe(400);
      expect(without.body.errorMessages).toContain('[Detail] botCheck is required');
      const { challenge, difficulty } = (await strict.call('GET', '/api/user/challenge')).body as unknown as {
        challenge: string;
        difficulty: number;
      };
      expect(difficulty).toBe(8);
      let nonce = 0;
      while (createHash('sha256').update(`${challenge}:${nonce}`).digest()[0] !== 0) nonce++;
      const solved = await strict.call('POST', '/api/user/register', {
        body: registration('botty', strictCompany, { botCheck: { challenge, nonce: String(nonce) } }),
      });
      expect(solved.body.errorMessages).toEqual([]);
      const replay = await strict.call('POST', '/api/user/register', {
        body: registration('botty2', strictCompany, { botCheck: { challenge, nonce: String(nonce) } }),
      });
      expect(replay.status).toBe(400);
      expect(replay.body.errorMessages).toContain('[Detail] botCheck was already used; please try again');
    } finally {
      await strict.close();
    }
  });
});

describe('passwords', () => {
  it('answers 200 and mails nothing when a reset is asked for an unknown login', async () => {
    const before = (await sentMails(t)).length;
    const response = await t.call('POST', '/api/user/forgot-password', {
      body: { userLogin: unique('ghost') },
    });
    expect(response.status).toBe(200);
    expect(await sentMails(t)).toHaveLength(before);
  });

  it('resets the password and ends every sign-in when the single-use mailed link is used', async () => {
    const forgetful = await signedInUser(t, { prefix: 'forgetful', password: 'Old-Passw0rd!' });
    expect(
      (await t.call('POST', '/api/user/forgot-password', { body: { userLogin: forgetful.login } })).status,
    ).toBe(200);
    const mail = await lastMailTo(forgetful.email);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    expect(token.length).toBeGreaterThanOrEqual(22);

    const reset = await t.call('POST', '/api/user/reset-password', {
      body: { token, passwordHash: sha512Hex('New-Passw0rd!') },
    });
    expect(reset.status).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: forgetful.authToken })).status).toBe(401);
    expect(
      (
        await t.call('POST', '/api/user/login', {
          body: { username: forgetful.login, password: sha512Hex('Old-Passw0rd!') },
        })
      ).status,
    ).toBe(401);
    await t.login(forgetful.login, 'New-Passw0rd!');
    const again = await t.call('POST', '/api/user/reset-password', {
      body: { token, passwordHash: sha512Hex('Other-Passw0rd!') },
    });
    expect(again.status).toBe(400);
  });

  it('changes the password of a signed-in user only when the old one is right', async () => {
    const changer = await signedInUser(t, { prefix: 'changer', password: 'First-Passw0rd!' });
    const { authToken } = changer;
    const wrong = await t.call('POST', '/api/user/change-password', {
      token: authToken,
      body: { oldPasswordHash: sha512Hex('nope'), newPasswordHash: sha512Hex('Second-Passw0rd!') },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorMessages).toContain('[Detail] old password is not valid');
    const right = await t.call('POST', '/api/user/change-password', {
      token: authToken,
      body: { oldPasswordHash: sha512Hex('First-Passw0rd!'), newPasswordHash: sha512Hex('Second-Passw0rd!') },
    });
    expect(right.status).toBe(200);
    await t.login(changer.login, 'Second-Passw0rd!');
  });
});

describe('second factor', () => {
  it('asks for a TOTP code at sign-in and takes a recovery code once when the second factor is on', async () => {
    const careful = await signedInUser(t, { prefix: 'careful', password: 'Care-Passw0rd!' });
    const { authToken } = careful;
    const setup = await t.call('POST', '/api/user/mfa/setup', { token: authToken });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(
      (
        await t.call('POST', '/api/user/mfa/enable', {
          token: authToken,
          body: { code: '000000' === totpCode(secret, Date.now()) ? '111111' : '000000' },
        })
      ).status,
    ).toBe(400);
    const enabled = await t.call('POST', '/api/user/mfa/enable', {
      token: authToken,
      body: { code: totpCode(secret, Date.now()) },
    });
    expect(enabled.status).toBe(200);
    const recoveryCodes = enabled.body.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);

    const step1 = await t.call('POST', '/api/user/login', {
      body: { username: careful.login, password: sha512Hex('Care-Passw0rd!') },
    });
    expect(step1.body).toMatchObject({ mfaRequired: true });
    expect(step1.body).not.toHaveProperty('authToken');
    const bad = await t.call('POST', '/api/user/login/mfa', {
      body: { mfaToken: step1.body.mfaToken, code: '12345x' },
    });
    expect(bad.status).toBe(401);
    // The code that enabled it is spent; the next step's code is still inside the accepted drift.
    const good = await t.call('POST', '/api/user/login/mfa', {
      body: { mfaToken: step1.body.mfaToken, code: totpCode(secret, Date.now() + 30_000) },
    });
    expect(good.status).toBe(200);
    expect(good.body.authToken).toBeTypeOf('string');
    expect(
      (
        await t.call('POST', '/api/user/login/mfa', {
          body: { mfaToken: step1.body.mfaToken, code: totpCode(secret, Date.now()) },
        })
      ).status,
    ).toBe(401);

    const step2 = await t.call('POST', '/api/user/login', {
      body: { username: careful.login, password: sha512Hex('Care-Passw0rd!') },
    });
    const recovered = await t.call('POST', '/api/user/login/mfa', {
      body: { mfaToken: step2.body.mfaToken, code: recoveryCodes[0] },
    });
    expect(recovered.status).toBe(200);
    const step3 = await t.call('POST', '/api/user/login', {
      body: { username: careful.login, password: sha512Hex('Care-Passw0rd!') },
    });
    expect(
      (
        await t.call('POST', '/api/user/login/mfa', {
          body: { mfaToken: step3.body.mfaToken, code: recoveryCodes[0] },
        })
      ).status,
    ).toBe(401);
  });
});

describe('second factor required for administrators', () => {
  it('lets an administrator do nothing but set it up when the second factor is required and missing', async () => {
    const strict = await createTestApp({ mfaRequiredForAdmins: true });
    try {
      const { authToken } = await strict.login('admin', ADMIN_PASSWORD);
      expect(decodeJwt(authToken).mfaSetup).toBe(true);
      const blocked = await strict.call('POST', '/api/user/find', { token: authToken, body: {} });
      expect(blocked.status).toBe(403);
      expect(blocked.body.errorMessages).toContain(
        '[Detail] Enable the second factor (two-step sign-in) first',
      );
      const { secret } = (await strict.call('POST', '/api/user/mfa/setup', { token: authToken }))
        .body as unknown as { secret: string };
      expect(
        (
          await strict.call('POST', '/api/user/mfa/enable', {
            token: authToken,
            body: { code: totpCode(secret, Date.now()) },
          })
        ).status,
      ).toBe(200);
      const step1 = await strict.call('POST', '/api/user/login', {
        body: { username: 'admin', password: sha512Hex(ADMIN_PASSWORD) },
      });
      const step2 = await strict.call('POST', '/api/user/login/mfa', {
        body: { mfaToken: step1.body.mfaToken, code: totpCode(secret, Date.now() + 30_000) },
      });
      expect(decodeJwt(step2.body.authToken as string).mfaSetup).toBeUndefined();
      expect(
        (await strict.call('POST', '/api/user/find', { token: step2.body.authToken as string, body: {} }))
          .status,
      ).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('transport', () => {
  it('serves a route when its path has a trailing slash and answers 404 when the route is unknown', async () => {
    expect((await t.call('GET', '/api/info/env/')).status).toBe(200);
    const env = await t.call('GET', '/api/info/env');
    const keys = (env.body.environment as Array<{ key: string }>).map((e) => e.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'defaultCompany',
        'defaultUser',
        'defaultMinDate',
        'tokenName',
        'materialsListCode',
      ]),
    );
    const missing = await t.call('GET', '/api/no/such/route');
    expect(missing.status).toBe(404);
    expect(missing.body.errorMessages[0]).toBe('[Title] Not found');
  });

  it('answers 429 when one address tries to sign in too often', async () => {
    const limited = await createTestApp({ rateLimits: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        statuses.push(
          (
            await limited.call('POST', '/api/user/login', {
              body: { username: `u${i}`, password: sha512Hex('x') },
            })
          ).status,
        );
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
