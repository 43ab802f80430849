import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { permissionMatrix } from '@portal/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig, type TConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { sha512Hex } from '../src/seed.ts';

export const ADMIN_PASSWORD = 'Admin-Passw0rd!';
export { sha512Hex };

/**
 * A fresh database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * database on that PostgreSQL server, dropped again on close.
 */
export async function openTestDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ inMemory: true });
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  let dropped = false;
  return {
    ...database,
    async close() {
      await database.close();
      if (dropped) return;
      dropped = true;
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function testConfig(overrides: Partial<TConfig> = {}): TConfig {
  return {
    ...loadConfig({}),
    inMemory: true,
    adminPassword: ADMIN_PASSWORD,
    botCheck: { enabled: false, difficulty: 4 },
    login: { maxFailures: 5, lockMinutes: 15, failureDelayMs: 1 },
    webDist: '/nonexistent',
    logLevel: 'silent',
    rateLimits: false,
    checkResponses: true,
    // No sweep on a timer: the tests that sweep call it.
    fileSweep: { graceHours: 24, intervalMinutes: 0, versionRetentionDays: 0 },
    activitySweepMinutes: 0,
    ...overrides,
  };
}

let uniqueCount = 0;

/**
 * A name no other call in this process answers (a login or role name: letters, digits and `_`),
 * so tests that make their own users and roles pass alone and in any order.
 */
export function unique(prefix: string): string {
  uniqueCount += 1;
  return `${prefix}_${uniqueCount}${randomBytes(3).toString('hex')}`;
}

export type TTestApp = Awaited<ReturnType<typeof createTestApp>>;

type TCall = {
  status: number;
  body: Record<string, unknown> & { responseCode: number; errorMessages: string[] };
};

/** Builds the real app on a fresh database, with helpers to call it as someone. */
export async function createTestApp(overrides: Partial<TConfig> = {}) {
  const database = await openTestDatabase();
  const app: FastifyInstance = await buildApp(testConfig(overrides), database, false);
  await app.ready();

  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<TCall> {
    const request: InjectOptions = {
      method,
      url,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    };
    const response = await app.inject(request);
    // Mails of forgot-password go out after the answer; a test reads them once they are sent.
    await app.services.recovery.settled();
    return { status: response.statusCode, body: response.json() };
  }

  /** Signs in and answers the login payload; fails the test on anything but 200. */
  async function login(username: string, password: string) {
    const response = await call('POST', '/api/user/login', {
      body: { username, password: sha512Hex(password) },
    });
    if (response.status !== 200)
      throw new Error(`login ${username} failed: ${JSON.stringify(response.body)}`);
    return response.body as unknown as {
      authToken: string;
      refreshToken: string;
      id: number;
      userInfos: Array<Record<string, unknown>>;
    };
  }

  /** Creates a company (optionally under a parent) straight through the repository. */
  async function company(
    name: string,
    parentId: number | null = null,
    extra: Record<string, unknown> = {},
  ): Promise<number> {
    const { companies } = await import('../src/db/schema/index.ts');
    const [row] = await database.db
      .insert(companies)
      .values({ name, parentId, active: true, ...extra })
      .returning({ id: companies.id });
    if (!row) throw new Error('no company');
    return row.id;
  }

  /** Creates an active, activated user with the given built-in role, as the admin would. */
  async function user(
    login: string,
    role: string,
    companyId: number | null,
    password = 'User-Passw0rd!',
    extra: Record<string, unknown> = {},
  ) {
    const admin = await adminToken();
    const roles = await call('POST', '/api/role/find', { token: admin, body: { names: [role] } });
    const roleInfos = roles.body.roleInfos as Array<{ roleId: number }>;
    const response = await call('POST', '/api/user/save', {
      token: admin,
      body: {
        userInfos: [
          {
            login,
            passwordHash: sha512Hex(password),
            firstName: login,
            lastName: 'Tester',
            email: `${login}@example.com`,
            company: companyId === null ? null : { companyId },
            roles: roleInfos.map((r) => ({ roleId: r.roleId })),
            active: true,
            registrationCompleted: true,
            ...extra,
          },
        ],
      },
    });
    if (response.status !== 200) throw new Error(`create ${login} failed: ${JSON.stringify(response.body)}`);
    return (response.body.userInfos as Array<{ id: number }>)[0]!.id;
  }

  /** Creates a role granting exactly the given "<area>.<action>" permissions, as the admin would. */
  async function role(name: string, permissions: readonly string[]): Promise<number> {
    const response = await call('POST', '/api/role/save', {
      token: await adminToken(),
      body: { roleData: { roleName: name, rolePermissionInfos: permissionMatrix(permissions) } },
    });
    if (response.status !== 200)
      throw new Error(`create role ${name} failed: ${JSON.stringify(response.body)}`);
    return (response.body.roleInfos as Array<{ roleId: number }>)[0]!.roleId;
  }

  let cachedAdmin: string | undefined;
  async function adminToken(): Promise<string> {
    cachedAdmin ??= (await login('admin', ADMIN_PASSWORD)).authToken;
    return cachedAdmin;
  }

  return {
    app,
    database,
    services: app.services,
    mailer: app.services.mailer,
    call,
    login,
    company,
    user,
    adminToken,
    role,
    unique,
    close: () => app.close(),
  };
}
