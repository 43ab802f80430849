import { randomBytes } from 'node:crypto';
import { ALL_PERMISSIONS, grantedPermissions, MAX_ID, permissionMatrix, type TRole } from '@portal/contract';
import { and, count, eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { trustProxyOf } from '../config.ts';
import { activity, loginAttempts } from '../db/schema/index.ts';
import { totpCode } from '../lib/totp.ts';
import { createTestApp, sha512Hex, type TTestApp } from '../../test/test-app.ts';
import { sentMails } from '../../test/harness.ts';

const PASSWORD = 'Hard-Passw0rd!';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type TBody = { responseCode: number; errorMessages: string[]; errorDetails?: Array<{ key?: unknown }> };

/** An error answer: the status, mirrored in responseCode, and one keyed detail beside each `[Detail]`. */
function expectError(response: { status: number; body: TBody }, status: number, key?: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expectKeyedDetails(response.body, status);
  if (key) expect(response.body.errorDetails?.map((d) => d.key)).toContain(key);
}

function expectKeyedDetails(body: TBody, status: number): void {
  expect(body.responseCode).toBe(status);
  const details = body.errorMessages.filter((m) => m.startsWith('[Detail] '));
  expect(body.errorDetails).toHaveLength(details.length);
  for (const detail of body.errorDetails ?? []) expect(detail.key).toEqual(expect.any(String));
}

const signIn = (username: string, password: string, app: TTestApp = t) =>
  app.call('POST', '/api/user/login', { body: { username, password: sha512Hex(password) } });

/** A fresh active user in a fresh company, with its login. */
async function newUser(role = 'userrole', prefix = 'hard') {
  const login = t.unique(prefix);
  const companyId = await t.company(t.unique('company'));
  const id = await t.user(login, role, companyId, PASSWORD);
  return { id, login, companyId };
}

async function auditCount(userId: number, action: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(activity)
    .where(and(eq(activity.userId, userId), eq(activity.kind, action)));
  return row?.n ?? 0;
}

async function failuresOf(loginKey: string): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ failures: loginAttempts.failures })
    .from(loginAttempts)
    .where(eq(loginAttempts.loginKey, loginKey));
  return row?.failures;
}

async function roleByName(name: string): Promise<TRole> {
  const found = await t.call('POST', '/api/role/find', {
    token: await t.adminToken(),
    body: { names: [name] },
  });
  const [role] = found.body.roleInfos as TRole[];
  if (!role) throw new Error(`no role ${name}`);
  return role;
}

describe('sign-in lockout under parallel attempts', () => {
  it('locks the login and counts every failure when 19 wrong and 1 right password arrive at once', async () => {
    const { id, login } = await newUser();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(login, i === 7 ? PASSWORD : 'Wrong-Passw0rd!')),
    );
    const statuses = attempts.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(19);
    for (const attempt of attempts.filter((a) => a.status !== 200))
      expectKeyedDetails(attempt.body, attempt.status);
    expectError(await signIn(login, PASSWORD), 429, 'loginLocked');
    expect(await auditCount(id, 'login.failed')).toBe(19);
    expect(await auditCount(id, 'login.locked')).toBeGreaterThanOrEqual(1);
  });

  it('counts 4 parallel failures as 4, keyed by the lower-case login, and still lets the right password in', async () => {
    const { login } = await newUser('userrole', 'MixedCase');
    const attempts = await Promise.all(
      Array.from({ length: 4 }, (_, i) => signIn(i % 2 ? login.toUpperCase() : login, 'Wrong-Passw0rd!')),
    );
    expect(attempts.map((a) => a.status)).toEqual([401, 401, 401, 401]);
    expect(await failuresOf(login.toLowerCase())).toBe(4);
    expect(await failuresOf(login)).toBeUndefined();
    expect((await signIn(login, PASSWORD)).status).toBe(200);
    expect(await failuresOf(login.toLowerCase())).toBeUndefined();
  });

  it('locks an unknown login after 5 parallel failures, as it would a known one', async () => {
    const ghost = t.unique('ghost');
    const attempts = await Promise.all(Array.from({ length: 5 }, () => signIn(ghost, 'Wrong-Passw0rd!')));
    expect(attempts.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expectError(await signIn(ghost, 'Wrong-Passw0rd!'), 429, 'loginLocked');
  });
});

describe('sign-ins that end', () => {
  it('ends the other sign-ins when the password changes, but keeps the one that changed it', async () => {
    const { login } = await newUser();
    const keeper = await t.login(login, PASSWORD);
    const other = await t.login(login, PASSWORD);
    const changed = await t.call('POST', '/api/user/change-password', {
      token: keeper.authToken,
      body: { oldPasswordHash: sha512Hex(PASSWORD), newPasswordHash: sha512Hex('Next-Passw0rd!') },
    });
    expect(changed.status).toBe(200);
    expectError(await t.call('GET', '/api/user/me', { token: other.authToken }), 401, 'authTokenRequired');
    expectError(await t.call('GET', '/api/user/token-renew', { token: other.refreshToken }), 401);
    expect((await t.call('GET', '/api/user/me', { token: keeper.authToken })).status).toBe(200);
    expect((await t.call('GET', '/api/user/token-renew', { token: keeper.refreshToken })).status).toBe(200);
  });

  it('ends the sign-ins of a user the admin moves to another company, and only then', async () => {
    const { id, login } = await newUser();
    const otherCompanyId = await t.company(t.unique('elsewhere'));
    const session = await t.login(login, PASSWORD);
    const admin = await t.adminToken();
    const record = { id, login, firstName: login, lastName: 'Tester', email: `${login}@example.com` };
    const unchanged = await t.call('POST', '/api/user/save', { token: admin, body: { userInfos: [record] } });
    expect(unchanged.status).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: session.authToken })).status).toBe(200);

    const moved = await t.call('POST', '/api/user/save', {
      token: admin,
      body: { userInfos: [{ ...record, company: { companyId: otherCompanyId } }] },
    });
    expect(moved.status).toBe(200);
    expectError(await t.call('GET', '/api/user/me', { token: session.authToken }), 401);
    expectError(await t.call('GET', '/api/user/token-renew', { token: session.refreshToken }), 401);
    const again = await t.login(login, PASSWORD);
    expect(decodeJwt(again.authToken).companyId).toBe(otherCompanyId);
  });
});

describe('second factor', () => {
  it('accepts a TOTP code once: the code that enabled it fails at sign-in, the next step works once', async () => {
    const { login } = await newUser();
    const { authToken } = await t.login(login, PASSWORD);
    const setup = await t.call('POST', '/api/user/mfa/setup', { token: authToken });
    const secret = setup.body.secret as string;
    // Stay inside one 30 s step from enable to the replay, so the replay is truly the same step.
    const intoStep = Date.now() % 30_000;
    if (intoStep > 25_000) await new Promise((resolve) => setTimeout(resolve, 30_500 - intoStep));
    const code = totpCode(secret, Date.now());
    expect((await t.call('POST', '/api/user/mfa/enable', { token: authToken, body: { code } })).status).toBe(
      200,
    );

    const first = await signIn(login, PASSWORD);
    expect(first.body).toMatchObject({ mfaRequired: true });
    const replay = await t.call('POST', '/api/user/login/mfa', {
      body: { mfaToken: first.body.mfaToken, code },
    });
    expectError(replay, 401, 'codeNotValid');

    const nextCode = totpCode(secret, Date.now() + 30_000);
    const next = await t.call('POST', '/api/user/login/mfa', {
      body: { mfaToken: first.body.mfaToken, code: nextCode },
    });
    expect(next.status).toBe(200);
    expect(next.body.authToken).toBeTypeOf('string');

    const second = await signIn(login, PASSWORD);
    expectError(
      await t.call('POST', '/api/user/login/mfa', {
        body: { mfaToken: second.body.mfaToken, code: nextCode },
      }),
      401,
      'codeNotValid',
    );
  });
});

describe('roles grant nothing the caller lacks', () => {
  it('refuses a role with adminmanagement.update but not .read when it grants itself more, and keeps it to its tree', async () => {
    const held = ['adminmanagement.update', 'usermanagement.read'];
    const roleName = t.unique('limited');
    const roleId = await t.role(roleName, held);
    const { login, companyId } = await newUser(roleName, 'limited');
    const stranger = await newUser();
    const { authToken } = await t.login(login, PASSWORD);

    for (const grant of [
      ALL_PERMISSIONS,
      [...held, 'adminmanagement.read'],
      [...held, 'usermanagement.update'],
    ]) {
      const raised = await t.call('POST', '/api/role/save', {
        token: authToken,
        body: { roleData: { roleId, roleName, rolePermissionInfos: permissionMatrix(grant) } },
      });
      expectError(raised, 403, 'roleGrantExceeds');
    }
    const created = await t.call('POST', '/api/role/save', {
      token: authToken,
      body: { roleData: { roleName: t.unique('mine'), rolePermissionInfos: permissionMatrix(held) } },
    });
    expectError(created, 403, 'permissionRequired');
    expect(grantedPermissions((await roleByName(roleName)).rolePermissionInfos).sort()).toEqual(
      [...held].sort(),
    );

    // It may save what it holds, and still sees nothing outside its own company tree.
    const same = await t.call('POST', '/api/role/save', {
      token: authToken,
      body: { roleData: { roleId, roleName, rolePermissionInfos: permissionMatrix(held) } },
    });
    expect(same.status).toBe(200);
    const { authToken: fresh } = await t.login(login, PASSWORD);
    const strangerFilter = { logins: [stranger.login], companyIds: [stranger.companyId] };
    const others = await t.call('POST', '/api/user/find', { token: fresh, body: strangerFilter });
    expect(others.status).toBe(200);
    expect(others.body.totalCount).toBe(0);
    const seenByAdmin = await t.call('POST', '/api/user/find', {
      token: await t.adminToken(),
      body: strangerFilter,
    });
    expect(seenByAdmin.body.totalCount).toBe(1);
    const own = await t.call('POST', '/api/user/find', { token: fresh, body: { companyIds: [companyId] } });
    expect((own.body.userInfos as Array<{ login: string }>).map((u) => u.login)).toEqual([login]);
    expect(decodeJwt(fresh).permissions).toEqual(expect.not.arrayContaining(['adminmanagement.read']));
  });

  it('answers 409 and changes nothing when adminrole would lose any permission', async () => {
    const admin = await t.adminToken();
    const before = await roleByName('adminrole');
    for (const dropped of ALL_PERMISSIONS) {
      const response = await t.call('POST', '/api/role/save', {
        token: admin,
        body: {
          roleData: {
            roleId: before.roleId,
            roleName: 'adminrole',
            rolePermissionInfos: permissionMatrix(ALL_PERMISSIONS.filter((p) => p !== dropped)),
          },
        },
      });
      expectError(response, 409, 'adminRoleKeepsAll');
    }
    expect(await roleByName('adminrole')).toEqual(before);
  });
});

describe('change-password under the sign-in lockout', () => {
  it('answers 429 to the sixth attempt after 5 wrong old passwords, even with the right one', async () => {
    const { login } = await newUser();
    const { authToken } = await t.login(login, PASSWORD);
    const change = (old: string) =>
      t.call('POST', '/api/user/change-password', {
        token: authToken,
        body: { oldPasswordHash: sha512Hex(old), newPasswordHash: sha512Hex('Next-Passw0rd!') },
      });
    for (let i = 0; i < 5; i++) expectError(await change('Wrong-Passw0rd!'), 400, 'oldPasswordWrong');
    expectError(await change(PASSWORD), 429, 'loginLocked');
    expectError(await signIn(login, PASSWORD), 429, 'loginLocked');
    expect((await t.call('GET', '/api/user/me', { token: authToken })).status).toBe(200);
  });
});

describe('forgot-password', () => {
  it('answers a known and an unknown login alike, before the mail is sent, and the mail still arrives', async () => {
    const { login } = await newUser();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const enqueue = t.mailer.enqueue.bind(t.mailer);
    const held = vi.spyOn(t.mailer, 'enqueue').mockImplementation(async (mail) => {
      await gate;
      return enqueue(mail);
    });
    try {
      // Straight through inject: t.call waits for the mails under way, which is what this test must not do.
      const ask = async (userLogin: string) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/user/forgot-password',
          payload: { userLogin },
        });
        return { status: response.statusCode, body: response.json<unknown>() };
      };
      const known = await ask(login);
      const unknown = await ask(t.unique('nobody'));
      expect(known.status).toBe(200);
      expect(unknown).toEqual(known);
      expect((await sentMails(t)).some((m) => m.to === `${login}@example.com`)).toBe(false);
      release();
      await t.services.recovery.settled();
      const sent = await sentMails(t);
      expect(sent.filter((m) => m.to === `${login}@example.com`)).toHaveLength(1);
      expect(sent.at(-1)?.text).toMatch(/reset-password\?token=/);
    } finally {
      release();
      held.mockRestore();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('reads a setting as no proxy, a number of hops or a list of proxy addresses, never every hop', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    for (const off of ['', ' ', '0', 'false', 'FALSE', 'off', 'no']) expect(trustProxyOf(off)).toBe(false);
    for (const on of ['true', 'True', 'on', 'yes']) expect(trustProxyOf(on)).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf(' 3 ')).toBe(3);
    expect(trustProxyOf('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trustProxyOf('10.0.0.1, 192.168.0.0/16,,')).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('limits by the right-most hop: a forged left-most X-Forwarded-For does not get past the limit', async () => {
    const proxied = await createTestApp({ trustProxy: 1, rateLimits: true });
    try {
      const attempt = (forged: string, hop: string) =>
        proxied.call('POST', '/api/user/login', {
          body: { username: t.unique('visitor'), password: sha512Hex('Wrong-Passw0rd!') },
          headers: { 'x-forwarded-for': `${forged}, ${hop}` },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push((await attempt(`10.9.${i}.${i + 1}`, '198.51.100.7')).status);
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
      // Another client behind the same proxy has its own count.
      expect((await attempt('10.9.99.99', '198.51.100.8')).status).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('caching', () => {
  it('answers the API with Cache-Control: no-store, sign-in and me included', async () => {
    const { login } = await newUser();
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: login, password: sha512Hex(PASSWORD) },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${signedIn.json<{ authToken: string }>().authToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/user/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('photos', () => {
  const saveWithPhoto = async (photoBase64: string) => {
    const login = t.unique('photo');
    const response = await t.call('POST', '/api/user/save', {
      token: await t.adminToken(),
      body: {
        userInfos: [
          {
            login,
            passwordHash: sha512Hex(PASSWORD),
            firstName: 'Pia',
            lastName: 'Picture',
            email: `${login}@example.com`,
            photoBase64,
          },
        ],
      },
    });
    const found = await t.call('POST', '/api/user/find', {
      token: await t.adminToken(),
      body: { logins: [login] },
    });
    expect(found.body.totalCount).toBe(0);
    return response;
  };

  it('refuses an SVG with 415, even one that looks harmless', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';
    expectError(await saveWithPhoto(Buffer.from(svg).toString('base64')), 415, 'notAPicture');
    expectError(
      await saveWithPhoto(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`),
      415,
      'notAPicture',
    );
  });

  it('refuses a 3 MiB PNG with 413, and a body past the route limit with 413 too', async () => {
    const side = 1024;
    const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(3 * 1024 * 1024);
    expectError(await saveWithPhoto(png.toString('base64')), 413, 'tooLargeFile');
    expectError(await saveWithPhoto('A'.repeat(9 * 1024 * 1024)), 413, 'bodyTooLarge');
  });
});

describe('tokens', () => {
  it('refuses a correctly signed authToken without exp', async () => {
    const secret = `test-secret-${randomBytes(16).toString('hex')}`;
    const app = await createTestApp({ jwtSecret: secret });
    try {
      const { authToken } = await app.login('admin', 'Admin-Passw0rd!');
      const { exp, iat, sub, ...claims } = decodeJwt(authToken);
      const key = new TextEncoder().encode(secret);
      const resign = (withExp: boolean) => {
        const jwt = new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(sub!)
          .setIssuedAt(iat);
        return (withExp ? jwt.setExpirationTime(exp!) : jwt).sign(key);
      };
      // The same claims signed the same way with exp pass, so the refusal is about exp alone.
      expect((await app.call('GET', '/api/user/me', { token: await resign(true) })).status).toBe(200);
      expectError(
        await app.call('GET', '/api/user/me', { token: await resign(false) }),
        401,
        'authTokenRequired',
      );
    } finally {
      await app.close();
    }
  });
});

describe('bad input is never a 500', () => {
  it('refuses a NUL character in a login, a search, a name or a key with 400 nulCharacter', async () => {
    const admin = await t.adminToken();
    const cases: Array<[string, string | undefined, unknown]> = [
      ['/api/user/login', undefined, { username: 'ad\0min', password: sha512Hex(PASSWORD) }],
      ['/api/user/find', admin, { search: 'an\0na' }],
      ['/api/user/find', admin, { logins: ['x\0'] }],
      ['/api/role/find', admin, { names: ['\0'] }],
      ['/api/company/find', admin, { search: '\0' }],
      ['/api/role/save', admin, { roleData: { roleName: 'ab\0cd', rolePermissionInfos: [] } }],
      [
        '/api/user/save',
        admin,
        {
          userInfos: [
            {
              login: t.unique('nul'),
              passwordHash: sha512Hex(PASSWORD),
              firstName: 'N\0ul',
              lastName: 'Byte',
              email: 'nul@example.com',
            },
          ],
        },
      ],
      ['/api/user/forgot-password', undefined, { userLogin: 'a\0' }],
      ['/api/user/find', admin, { ['sea\0rch']: 'x' }],
    ];
    for (const [url, token, body] of cases) {
      const response = await t.call('POST', url, { token, body });
      expectError(response, 400, 'nulCharacter');
    }
  });

  it('refuses a lone surrogate, which PostgreSQL cannot store, with 400 wherever a NUL is refused', async () => {
    const admin = await t.adminToken();
    // JSON.stringify sends each as a `\\ud800` escape, as an attacker's raw JSON would.
    const cases: Array<[string, unknown]> = [
      ['/api/family/save', { revitFamilyInfos: [{ revitFamilyName: 'S2', revitFamilyTags: ['\ud800'] }] }],
      ['/api/family/save', { revitFamilyInfos: [{ revitFamilyName: 'x\udc00y' }] }],
      ['/api/family/find', { tags: ['\ud800'] }],
      ['/api/user/find', { search: 'an\udbffna' }],
      ['/api/category/save', { categoryInfos: [{ categoryName: '\ud83d' }] }],
    ];
    for (const [url, body] of cases) {
      expectError(await t.call('POST', url, { token: admin, body }), 400, 'nulCharacter');
    }
    // A surrogate pair (an emoji) is text like any other.
    const emoji = await t.call('POST', '/api/user/find', { token: admin, body: { search: '\u{1F6AA}' } });
    expect(emoji.status).toBe(200);
  });

  it('says a value of the wrong type is not valid, and only a missing one is required', async () => {
    const admin = await t.adminToken();
    for (const id of ['1', 1.5, true, [1], { id: 1 }]) {
      const answer = await t.call('POST', '/api/family/find', { token: admin, body: { ids: [id] } });
      expectError(answer, 400, 'notValid');
      expect((answer.body as TBody).errorDetails?.map((d) => d.key)).not.toContain('required');
    }
    const missing = await t.call('POST', '/api/family/update', {
      token: admin,
      body: { revitFamilyInfos: [{ revitFamilyId: 1 }] },
    });
    expectError(missing, 400, 'required');
  });

  it('refuses ids past the integer range with 400, in bodies and in the path', async () => {
    const admin = await t.adminToken();
    const big = MAX_ID + 1;
    for (const [url, body] of [
      ['/api/user/find', { ids: [big] }],
      ['/api/user/find', { companyIds: [big] }],
      ['/api/user/find', { roleIds: [big] }],
      ['/api/role/find', { ids: [big] }],
      ['/api/company/find', { ids: [big] }],
      ['/api/role/delete', { roleData: { roleId: big } }],
      ['/api/user/approve', { userInfos: [{ id: big, active: true }] }],
    ] as const) {
      expectError(await t.call('POST', url, { token: admin, body }), 400, 'tooLarge');
    }
    expect((await t.call('POST', '/api/user/find', { token: admin, body: { ids: [MAX_ID] } })).status).toBe(
      200,
    );
    const { login } = await newUser();
    const { authToken } = await t.login(login, PASSWORD);
    expectError(await t.call('GET', `/api/user/acceptterms/${big}`, { token: authToken }), 400);
    expectError(await t.call('GET', '/api/user/acceptterms/99999999999999999999', { token: authToken }), 400);
  });

  it('answers a path parameter past the router length limit and a broken escape with the envelope', async () => {
    const { login } = await newUser();
    const { authToken } = await t.login(login, PASSWORD);
    const bare: string[] = [];
    for (const url of [`/api/user/acceptterms/${'1'.repeat(101)}`, '/api/user/acceptterms/%E0%A4%A']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${authToken}` },
      });
      const body = response.json<TBody>();
      if (response.statusCode >= 500 || body.responseCode !== response.statusCode || !body.errorDetails)
        bare.push(`${url.slice(0, 40)} → ${response.statusCode} ${response.body}`);
      else expectKeyedDetails(body, response.statusCode);
    }
    expect(bare).toEqual([]);
  });

  it('refuses sort fields from the object prototype with 400', async () => {
    const admin = await t.adminToken();
    for (const field of ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      for (const url of ['/api/user/find', '/api/role/find', '/api/company/find']) {
        const response = await t.call('POST', url, { token: admin, body: { sort: [{ field }] } });
        expectError(response, 400, 'sortFieldNotValid');
      }
    }
  });

  it('saves a user whose role is listed twice with that role once', async () => {
    const admin = await t.adminToken();
    const userrole = await roleByName('userrole');
    const login = t.unique('twice');
    const response = await t.call('POST', '/api/user/save', {
      token: admin,
      body: {
        userInfos: [
          {
            login,
            passwordHash: sha512Hex(PASSWORD),
            firstName: 'Twice',
            lastName: 'Listed',
            email: `${login}@example.com`,
            company: { companyId: await t.company(t.unique('company')) },
            roles: [{ roleId: userrole.roleId }, { roleId: userrole.roleId }],
          },
        ],
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [saved] = response.body.userInfos as Array<{ id: number; roles: Array<{ roleId: number }> }>;
    expect(saved?.roles).toEqual([{ roleId: userrole.roleId, roleName: 'userrole' }]);
    const again = await t.call('POST', '/api/user/save', {
      token: admin,
      body: {
        userInfos: [
          {
            id: saved!.id,
            login,
            firstName: 'Twice',
            lastName: 'Listed',
            email: `${login}@example.com`,
            roles: [{ roleId: userrole.roleId }, { roleId: userrole.roleId }],
          },
        ],
      },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('creates the same new login saved by 20 parallel requests once and answers the rest 409', async () => {
    const admin = await t.adminToken();
    const login = t.unique('racer');
    const companyId = await t.company(t.unique('company'));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', '/api/user/save', {
          token: admin,
          body: {
            userInfos: [
              {
                login: i % 2 ? login : login.toUpperCase(),
                passwordHash: sha512Hex(PASSWORD),
                firstName: 'Race',
                lastName: `Runner ${i}`,
                email: `${login}@example.com`,
                company: { companyId },
              },
            ],
          },
        }),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 200)) expectError(response, 409);
    const found = await t.call('POST', '/api/user/find', { token: admin, body: { logins: [login] } });
    expect(found.body.totalCount).toBe(1);
  });

  it('creates the same new role name saved by 20 parallel requests once and answers the rest 409', async () => {
    const admin = await t.adminToken();
    const roleName = t.unique('racing');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/role/save', {
          token: admin,
          body: { roleData: { roleName, rolePermissionInfos: permissionMatrix(['usermanagement.read']) } },
        }),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 200)) expectError(response, 409);
    const found = await t.call('POST', '/api/role/find', { token: admin, body: { names: [roleName] } });
    expect(found.body.totalCount).toBe(1);
  });
});
