import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { ALL_PERMISSIONS, type TBuiltinRole } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTableMarkdown, withRouteTable } from '../lib/route-table.ts';
import { authPlugin, isRoutePermission, type TRoutePermission } from '../plugins/auth.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/factories.ts';

/**
 * What each built-in role may do, as CONTRACT 3 describes it: written out here rather than read
 * from the seed, so a drifted seed fails this test.
 */
const ROLE_PERMISSIONS: Record<TBuiltinRole, readonly string[]> = {
  adminrole: ALL_PERMISSIONS,
  partnerrole: ALL_PERMISSIONS.filter((p) => !p.startsWith('adminmanagement.')),
  partneruserrole: ['contentmanagement.create', 'contentmanagement.read', 'contentmanagement.update'],
  userrole: ['contentmanagement.read'],
};

/** Paths (any method, HEAD too) that end or rotate the sign-in they are called with: each call gets a fresh one. */
const SESSION_ENDING = new Set(['/api/user/logout', '/api/user/token-renew']);
/** Public paths that take the refresh token as their bearer instead of the authToken. */
const REFRESH_TOKEN_ROUTES = new Set(['/api/user/token-renew']);
/**
 * Public routes that check a credential of their own and answer as if they declared a permission:
 * a family download takes a bearer token holding contentmanagement.read or a signed ticket.
 */
const OWN_CREDENTIAL_ROUTES = new Map([
  ['/api/family/download/content/:id', 'contentmanagement.read' as const],
]);

type TRoute = { method: string; url: string; permission: TRoutePermission };
type TCaller = { name: string; kind: 'stranger' | 'selfcare' | 'role'; role?: TBuiltinRole };
type TSession = { authToken: string; refreshToken: string };

const CALLERS: TCaller[] = [
  { name: 'a stranger with no token', kind: 'stranger' },
  { name: 'a self-care user', kind: 'selfcare' },
  ...(['adminrole', 'partnerrole', 'partneruserrole', 'userrole'] as const).map((role): TCaller => ({
    name: role,
    kind: 'role',
    role,
  })),
];

let t: TTestApp;
let routes: TRoute[];

const keyOf = (route: TRoute) => `${route.method} ${route.url}`;

/** The status a caller must get: 401 or 403 when it must be refused, 'allowed' for anything else. */
function expected(route: TRoute, caller: TCaller): 401 | 403 | 'allowed' {
  const own = OWN_CREDENTIAL_ROUTES.get(route.url);
  if (own && route.permission === 'public') return expected({ ...route, permission: own }, caller);
  const { permission } = route;
  if (permission === 'public') {
    // token-renew checks a credential of its own: without one it is a 401, not a refusal by role.
    return caller.kind === 'stranger' && REFRESH_TOKEN_ROUTES.has(route.url) ? 401 : 'allowed';
  }
  if (caller.kind === 'stranger') return 401;
  if (caller.kind === 'selfcare') return permission === 'selfcare' ? 'allowed' : 403;
  if (permission === 'selfcare' || permission === 'signed-in') return 'allowed';
  return ROLE_PERMISSIONS[caller.role ?? 'userrole'].includes(permission) ? 'allowed' : 403;
}

/**
 * Makes the caller's own user (none for a stranger) and answers a function that gives its sign-in
 * for a route: one kept between calls, and a fresh one for a route that ends or rotates it.
 */
async function signInsOf(caller: TCaller): Promise<(route: TRoute) => Promise<TSession | undefined>> {
  if (caller.kind === 'stranger') return async () => undefined;
  const user = await makeUser(t, {
    role: caller.role ?? 'userrole',
    prefix: 'perm',
    extra: { registrationCompleted: caller.kind !== 'selfcare' },
  });
  let kept: TSession | undefined;
  return async (route) => {
    if (kept && !SESSION_ENDING.has(route.url)) return kept;
    const session = await t.login(user.login, user.password);
    kept = SESSION_ENDING.has(route.url) ? undefined : session;
    return session;
  };
}

/** Calls one route with a sign-in (or none): path parameters become 1, a POST carries `{}`. */
async function callAs(
  session: TSession | undefined,
  route: TRoute,
): Promise<{ status: number; body: string }> {
  const bearer = REFRESH_TOKEN_ROUTES.has(route.url) ? session?.refreshToken : session?.authToken;
  const response = await t.app.inject({
    method: route.method as 'GET' | 'POST',
    url: route.url.replace(/:\w+/g, '1'),
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    ...(route.method === 'POST' || route.method === 'PUT' ? { payload: {} } : {}),
  });
  return { status: response.statusCode, body: response.body };
}

/** The route table as docs/api.md has it. */
function documentedTable(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const doc = fs.readFileSync(path.resolve(here, '../../../../docs/api.md'), 'utf8');
  return withRouteTable(doc, routeTableMarkdown(t.app.routeTable)) === doc
    ? 'up to date'
    : 'stale: run npm run docs:api';
}

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  // Read defensively so a missing table fails the tests below with a message, not a TypeError.
  const table: TRoute[] | undefined = t.app.routeTable;
  routes = table ?? [];
});

afterAll(async () => {
  await t.close();
});

describe('the route table', () => {
  it('lists every API route with a declared permission when the app is built', () => {
    expect(Array.isArray(routes)).toBe(true);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      expect(route.url, keyOf(route)).toMatch(/^\/api\//);
      expect(isRoutePermission(route.permission), keyOf(route)).toBe(true);
      expect(t.app.hasRoute({ method: route.method, url: route.url }), keyOf(route)).toBe(true);
    }
    const keys = routes.map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
    expect(routes).toContainEqual(
      expect.objectContaining({ method: 'POST', url: '/api/user/find', permission: 'usermanagement.read' }),
    );
    expect(routes).toContainEqual(
      expect.objectContaining({ method: 'GET', url: '/api/user/me', permission: 'selfcare' }),
    );
    expect(routes).toContainEqual(
      expect.objectContaining({ method: 'POST', url: '/api/user/login', permission: 'public' }),
    );
  });

  it('finds docs/api.md up to date when its route table is generated from the routes themselves', () => {
    expect(documentedTable()).toBe('up to date');
  });

  it('refuses to build an app when a route under /api declares no permission', async () => {
    const probe = await createProbe();
    await expect(
      probe.register(async (app) => {
        app.post('/api/undeclared', async () => ({}));
      }),
    ).rejects.toThrow('route POST /api/undeclared declares no permission');
    await probe.close();
  });

  it('refuses to build an app when a route under /api declares an unknown permission', async () => {
    const probe = await createProbe();
    await expect(
      probe.register(async (app) => {
        app.get('/api/odd', { config: { permission: 'content.view' as TRoutePermission } }, async () => ({}));
      }),
    ).rejects.toThrow('route GET /api/odd declares no permission');
    await probe.close();
  });

  it('builds an app when every /api route declares a permission and others need none', async () => {
    const probe = await createProbe();
    await probe.register(async (app) => {
      app.get('/api/open', { config: { permission: 'public' } }, async () => ({ ok: true }));
      app.get('/outside', async () => ({ ok: true }));
    });
    await probe.ready();
    expect((await probe.inject({ method: 'GET', url: '/api/open' })).statusCode).toBe(200);
    expect((await probe.inject({ method: 'GET', url: '/outside' })).statusCode).toBe(200);
    await probe.close();
  });
});

/** A bare Fastify app with only the real auth plugin. */
async function createProbe(): Promise<FastifyInstance> {
  const probe = Fastify({ logger: false });
  await probe.register(authPlugin, { authenticate: (token) => t.services.sessions.authenticate(token) });
  return probe;
}

describe('every route', () => {
  it.each(CALLERS)('answers as its permission says when called by $name', async (caller) => {
    expect(routes.length).toBeGreaterThan(0);
    const signInFor = await signInsOf(caller);
    const wrong: string[] = [];
    for (const route of routes) {
      const want = expected(route, caller);
      const { status, body } = await callAs(await signInFor(route), route);
      const fine = want === 'allowed' ? status !== 401 && status !== 403 && status < 500 : status === want;
      if (!fine) wrong.push(`${keyOf(route)} [${route.permission}]: want ${want}, got ${status} ${body}`);
    }
    expect(wrong).toEqual([]);
  });
});
