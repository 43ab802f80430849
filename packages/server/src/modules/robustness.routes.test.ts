import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import { and, eq, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  COMPANY_CHILDREN_SHOWN,
  FAMILY_FACET_VALUES_MAX,
  FAMILY_VERSIONS_SHOWN,
  LICENCE_COMPANIES_SHOWN,
  PARAMETER_LIST_PARAMETERS_MAX,
  PRICE_LIST_ITEMS_MAX,
} from '@portal/contract';
import { queryRows } from '../db/client.ts';
import { loginAttempts, users } from '../db/schema/index.ts';
import type { TRouteEntry } from '../plugins/auth.ts';
import { serializerCompilerOf, validatorCompiler } from '../plugins/schemas.ts';
import { ADMIN_PASSWORD, createTestApp, type TTestApp, unique } from '../../test/test-app.ts';
import { handXlsx, repeatedDeflate, SHEET_HEAD, SHEET_TAIL, sheetOf } from '../../test/hand-zip.ts';
import { apiRoutes } from './index.ts';
import { storedFiles } from '../../test/stored-files.ts';

/**
 * Generated bad input on every route: bodies, path parameters and queries built from each route's
 * own contract schema, mostly valid so they reach the services, with hostile values mixed in at
 * any depth. Whatever arrives, the answer is a well-formed envelope and never a 500.
 */

/** At least this many requests per run, across every route. */
const MIN_REQUESTS = 10_000;
/** Routes whose requests hash passwords (argon2id) get fewer runs, so the suite stays near a minute. */
const HASHING_ROUTES = new Set([
  'POST /api/user/login',
  'POST /api/user/register',
  'POST /api/user/save',
  'POST /api/user/change-password',
]);
const RUNS = { hashing: 150, noInput: 60 };
/** Routes the generator leaves out: the API document, and sign-out, which would end the runner's sign-in. */
const SKIPPED = new Set(['GET /api/openapi.json', 'GET /api/user/logout']);

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\0',
  'a\0b',
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  "' or '1'='1",
  '%_\\',
  '\uD800',
  '😀'.repeat(70),
  'x'.repeat(70_000),
  '2147483648',
  '-1',
  '1e20',
  'null',
  '<svg onload=alert(1)>',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
];
const HOSTILE_NUMBERS = [0, -1, 2 ** 31, 2 ** 31 - 1, 2 ** 53, 1e20, -1e20, 1.5, Number.MAX_VALUE, 1e-9];

/** A `__proto__` or `constructor` key as an own property, the way a JSON body carries it. */
function withKey(target: unknown, key: string, value: unknown): unknown {
  if (typeof target !== 'object' || target === null || Array.isArray(target)) return target;
  return Object.fromEntries([...Object.entries(target), [key, value]]);
}

const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'a\0', '', 'toString');

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_STRINGS),
  fc.constantFrom<unknown>(...HOSTILE_NUMBERS),
  fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[]], [{}], { length: 1 }),
  fc.tuple(hostileKey, fc.jsonValue({ maxDepth: 1 })).map(([key, value]) => withKey({}, key, value)),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

type TChecks = {
  min?: number;
  max?: number;
  minExclusive?: boolean;
  maxExclusive?: boolean;
  integer?: boolean;
  patterns: RegExp[];
  format?: string;
};

/** The bounds, patterns and formats a zod schema checks, read from its definition. */
function checksOf(schema: z.ZodType): TChecks {
  const out: TChecks = { patterns: [] };
  const own = schema._zod.def as {
    format?: string;
    pattern?: RegExp;
    checks?: Array<{ _zod: { def: unknown } }>;
  };
  if (own.pattern instanceof RegExp) out.patterns.push(own.pattern);
  if (own.format) out.format = own.format;
  for (const check of own.checks ?? []) {
    const def = check._zod.def as {
      check: string;
      value?: number | bigint;
      inclusive?: boolean;
      minimum?: number;
      maximum?: number;
      length?: number;
      format?: string;
      pattern?: RegExp;
    };
    if (def.check === 'greater_than') {
      out.min = Number(def.value);
      out.minExclusive = !def.inclusive;
    } else if (def.check === 'less_than') {
      out.max = Number(def.value);
      out.maxExclusive = !def.inclusive;
    } else if (def.check === 'min_length') out.min = def.minimum;
    else if (def.check === 'max_length') out.max = def.maximum;
    else if (def.check === 'length_equals') out.min = out.max = def.length;
    else if (def.check === 'number_format') out.integer = def.format !== undefined && /int/.test(def.format);
    else if (def.check === 'string_format') {
      if (def.pattern instanceof RegExp) out.patterns.push(def.pattern);
      if (def.format) out.format = def.format;
    }
  }
  return out;
}

function stringArbitrary(schema: z.ZodType): fc.Arbitrary<string> {
  const { min = 0, max = 300, patterns, format } = checksOf(schema);
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (format === 'datetime' || format === 'date')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => (format === 'date' ? d.toISOString().slice(0, 10) : d.toISOString()));
  const [pattern] = patterns;
  if (pattern) {
    return fc
      .stringMatching(pattern)
      .map((s) => s.slice(0, max))
      .filter((s) => fits(s) && patterns.every((p) => p.test(s)));
  }
  // Names that exist (the admin, the built-in roles) reach deeper than random text.
  const known = ['admin', 'adminrole', 'userrole', 'login', 'asc'].filter(fits);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, min + 24) }) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, min + 12) }),
    },
    ...(known.length ? [{ weight: 1, arbitrary: fc.constantFrom(...known) }] : []),
  );
}

function numberArbitrary(schema: z.ZodType): fc.Arbitrary<number> {
  const { min, max, minExclusive, maxExclusive, integer } = checksOf(schema);
  if (integer || min !== undefined) {
    const low = Math.ceil((min ?? -1000) + (minExclusive ? 1 : 0));
    const high = Math.floor((max ?? 2 ** 31 - 1) - (maxExclusive ? 1 : 0));
    // Small values name records that exist (the admin, the built-in roles, the first companies).
    return fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: low, max: Math.min(high, low + 40) }) },
      { weight: 1, arbitrary: fc.integer({ min: low, max: high }) },
    );
  }
  return fc.double({ noNaN: true, noDefaultInfinity: true, min: min ?? -1e9, max: max ?? 1e9 });
}

type TDef = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  items?: z.ZodType[];
  getter?: () => z.ZodType;
};

const isOptional = (schema: z.ZodType) => (schema._zod as { optin?: string }).optin === 'optional';

/** Values the schema accepts, as far as its definition tells, without hostile ones. */
function validOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = schema._zod.def as TDef;
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'number':
    case 'int':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'object': {
      const shape = def.shape ?? {};
      const model = Object.fromEntries(
        Object.entries(shape).map(([key, field]) => [key, arbitraryOf(field)]),
      );
      const requiredKeys = Object.keys(shape).filter((key) => !isOptional(shape[key]!));
      return fc.record(model, { requiredKeys });
    }
    case 'array': {
      const { min = 0, max = 4 } = checksOf(schema);
      // Long valid arrays only repeat the work of short ones (and hash a password per user).
      return fc.array(arbitraryOf(def.element!), {
        minLength: min,
        maxLength: Math.max(min, Math.min(max, 3)),
      });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map(arbitraryOf));
    case 'record':
      return fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), hostileKey), arbitraryOf(def.valueType!), {
        maxKeys: 4,
      });
    case 'union':
      return fc.oneof(...(def.options ?? []).map(arbitraryOf));
    case 'intersection':
      return fc
        .tuple(arbitraryOf(def.left!), arbitraryOf(def.right!))
        .map(([a, b]) => (typeof a === 'object' && typeof b === 'object' && a && b ? { ...a, ...b } : a));
    case 'optional':
      return fc.option(arbitraryOf(def.innerType!), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType!), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return arbitraryOf(def.innerType!);
    case 'pipe':
      return fc.oneof(arbitraryOf(def.in!), arbitraryOf(def.out!));
    case 'lazy':
      return arbitraryOf(def.getter!());
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const cache = new Map<z.ZodType, fc.Arbitrary<unknown>>();

/**
 * Values for a contract schema: mostly what it accepts, so requests reach the services, and at
 * any depth now and then a hostile value (NUL bytes, prototype keys, ids past 2^31, huge strings,
 * wrong types) or an extra prototype key on an object.
 */
export function arbitraryOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const known = cache.get(schema);
  if (known) return known;
  const valid = validOf(schema);
  const withExtras =
    (schema._zod.def as TDef).type === 'object'
      ? fc
          .tuple(valid, fc.option(fc.tuple(hostileKey, hostile), { freq: 20 }))
          .map(([value, extra]) => (extra ? withKey(value, extra[0], extra[1]) : value))
      : valid;
  const arbitrary = fc.oneof({ weight: 40, arbitrary: withExtras }, { weight: 1, arbitrary: hostile });
  cache.set(schema, arbitrary);
  return arbitrary;
}

type TRouteSchemas = { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };

/**
 * Each route's contract schemas, read by registering the API's modules once more on a bare
 * Fastify that only records what each route declares.
 */
async function routeSchemas(app: TTestApp['app']): Promise<Map<string, TRouteSchemas>> {
  const probe = Fastify({ logger: false });
  probe.decorate('services', app.services);
  probe.decorate('database', app.database);
  probe.decorate('defaultPermission', undefined);
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompilerOf(false));
  const schemas = new Map<string, TRouteSchemas>();
  probe.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      schemas.set(`${method} ${route.url}`, (route.schema ?? {}) as TRouteSchemas);
  });
  await probe.register(swagger);
  await probe.register(apiRoutes, { prefix: '/api' });
  await probe.ready();
  await probe.close();
  return schemas;
}

const HOSTILE_SEGMENTS = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  'abc',
  '%00',
  '1e3',
  '0x10',
  '%20',
  '1.5',
];

/** A value as one path segment; a lone surrogate, which cannot be encoded, as the bytes of one. */
function pathSegment(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

type TRequest = { url: string; payload?: string };

/** Requests for one route: path parameters and query from their schemas, the body from its schema. */
function requestsOf(route: TRouteEntry, schemas: TRouteSchemas): fc.Arbitrary<TRequest> {
  const params = schemas.params ? arbitraryOf(schemas.params) : fc.constant({});
  const segment = (value: unknown) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constant(pathSegment(value)),
      },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    );
  const url = params.chain((values) => {
    const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const record = typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {};
    return fc.tuple(...names.map((name) => segment(record[name]))).map((parts) => {
      let index = 0;
      return route.url.replace(/:\w+/g, () => parts[index++] ?? '');
    });
  });
  const query = fc.option(
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), hostileKey),
      fc.oneof(fc.string({ maxLength: 8 }), fc.constant('\0')),
    ),
    { freq: 3 },
  );
  // A route without a body schema mostly gets none, and now and then one it does not expect.
  const body = schemas.body ? arbitraryOf(schemas.body) : fc.option(hostile, { nil: undefined, freq: 10 });
  return fc.tuple(url, query, body).map(([path, q, value]) => ({
    url: q && Object.keys(q).length ? `${path}?${new URLSearchParams(q).toString()}` : path,
    ...(route.method === 'POST' && value !== undefined ? { payload: JSON.stringify(value) } : {}),
  }));
}

const hasInput = (schemas: TRouteSchemas) => Boolean(schemas.body ?? schemas.params ?? schemas.querystring);

/**
 * Requests per route: few where there is no input or each request hashes a password, and the rest
 * shared among the other routes so the whole run reaches MIN_REQUESTS however many routes there are.
 */
function runSizes(routes: TRouteEntry[], schemas: Map<string, TRouteSchemas>): Map<string, number> {
  const keys = routes.map((r) => `${r.method} ${r.url}`);
  const fixed = new Map<string, number>();
  for (const key of keys) {
    if (!hasInput(schemas.get(key) ?? {})) fixed.set(key, RUNS.noInput);
    else if (HASHING_ROUTES.has(key)) fixed.set(key, RUNS.hashing);
  }
  const rest = keys.filter((key) => !fixed.has(key));
  const spent = [...fixed.values()].reduce((sum, n) => sum + n, 0);
  const plain = Math.ceil((MIN_REQUESTS - spent) / Math.max(rest.length, 1)) + 10;
  return new Map(keys.map((key) => [key, fixed.get(key) ?? plain]));
}

let t: TTestApp;
let routes: TRouteEntry[];
let schemas: Map<string, TRouteSchemas>;

beforeAll(async () => {
  t = await createTestApp();
  schemas = await routeSchemas(t.app);
  routes = t.app.routeTable.filter((r) => !SKIPPED.has(`${r.method} ${r.url}`));
});
afterAll(async () => {
  await t.services.recovery.settled();
  await t.close();
});

/** The runner: the seeded admin, put back as it was whenever a request changed or locked it. */
async function runnerOf(app: TTestApp) {
  const [admin] = await app.database.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.login, 'admin'));
  if (!admin) throw new Error('no admin');
  let token = (await app.login('admin', ADMIN_PASSWORD)).authToken;
  return {
    token: () => token,
    async restore() {
      const { db } = app.database;
      await db
        .update(users)
        .set({ login: sql`'admin-' || ${users.id}` })
        .where(and(eq(sql`lower(${users.login})`, 'admin'), ne(users.id, admin.id)));
      await db
        .update(users)
        .set({
          login: 'admin',
          passwordHash: admin.passwordHash,
          active: true,
          registrationCompleted: true,
          mfaEnabled: false,
          mfaSecret: null,
        })
        .where(eq(users.id, admin.id));
      await db.delete(loginAttempts);
      token = (await app.login('admin', ADMIN_PASSWORD)).authToken;
    },
  };
}

type TEnvelope = { responseCode?: unknown; errorMessages?: unknown; errorDetails?: unknown };

/**
 * What is wrong with an answer, or undefined when it is a well-formed envelope below 500, or a
 * file a file route answered (a download or an export: 200/206/304 with a type other than JSON).
 */
function problemOf(status: number, text: string, contentType = ''): string | undefined {
  if (status >= 500) return `status ${status}: ${text.slice(0, 200)}`;
  if ((status === 200 || status === 206 || status === 304) && contentType && !contentType.includes('json'))
    return undefined;
  let body: TEnvelope;
  try {
    body = JSON.parse(text) as TEnvelope;
  } catch {
    return `not JSON: ${text.slice(0, 80)}`;
  }
  if (body.responseCode !== status)
    return `responseCode ${String(body.responseCode)} beside status ${status}`;
  if (status < 400) return undefined;
  const messages = Array.isArray(body.errorMessages) ? (body.errorMessages as unknown[]) : [];
  if (typeof messages[0] !== 'string' || !messages[0].startsWith('[Title] ')) return 'no [Title] first';
  const details = messages.filter((m) => typeof m === 'string' && m.startsWith('[Detail] '));
  const keyed = Array.isArray(body.errorDetails) ? (body.errorDetails as Array<{ key?: unknown }>) : [];
  if (keyed.length !== details.length || keyed.some((d) => typeof d.key !== 'string'))
    return `errorDetails ${JSON.stringify(body.errorDetails)} beside ${details.length} [Detail]`;
  return undefined;
}

/** A refusal that means the runner itself lost its sign-in, its lock-free login or its full token. */
function runnerHurt(route: TRouteEntry, status: number, text: string): boolean {
  if (status === 429) return true;
  if (status === 401 && route.permission !== 'public') return true;
  return status === 403 && /"key":"(selfcareFirst|mfaSetupFirst)"/.test(text);
}

describe('generated input on every route', () => {
  it('finds a contract schema for every route that takes input', () => {
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) expect(schemas.has(`${route.method} ${route.url}`), route.url).toBe(true);
    const withBody = routes.filter((r) => schemas.get(`${r.method} ${r.url}`)?.body);
    expect(withBody.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/user/save', '/api/role/save']));
  });

  it(
    'answers every generated request with a well-formed envelope and never a 500',
    { timeout: 300_000 },
    async () => {
      const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
      const runner = await runnerOf(t);
      const failures: string[] = [];
      let total = 0;
      const started = Date.now();
      const sizes = runSizes(routes, schemas);
      for (const [index, route] of routes.entries()) {
        const key = `${route.method} ${route.url}`;
        const routeSchema = schemas.get(key) ?? {};
        const samples = fc.sample(requestsOf(route, routeSchema), {
          numRuns: sizes.get(key) ?? RUNS.noInput,
          seed: seed + index,
        });
        for (const [n, request] of samples.entries()) {
          const contentType = n % 97 === 13 ? 'text/plain' : 'application/json';
          const response = await t.app.inject({
            method: route.method as 'GET' | 'POST',
            url: request.url,
            headers: {
              authorization: `Bearer ${runner.token()}`,
              ...(request.payload === undefined ? {} : { 'content-type': contentType }),
            },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          total += 1;
          const problem = problemOf(
            response.statusCode,
            response.body,
            String(response.headers['content-type'] ?? ''),
          );
          if (problem)
            failures.push(
              `${route.method} ${request.url.slice(0, 120)} ${request.payload?.slice(0, 300)} → ${problem}`,
            );
          if (runnerHurt(route, response.statusCode, response.body) || n % 250 === 249)
            await runner.restore();
        }
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `robustness: ${total} generated requests on ${routes.length} routes in ${seconds} s (FC_SEED=${seed})`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
      expect(total).toBeGreaterThanOrEqual(MIN_REQUESTS);
    },
  );
});

describe('crafted .xlsx bombs on the import', () => {
  const MIB = 1024 * 1024;

  // A portal of its own: the generated requests lock and change the shared one's admin on the way.
  let portal: TTestApp;
  let token: string;
  beforeAll(async () => {
    portal = await createTestApp();
    token = await portal.adminToken();
  });
  afterAll(() => portal.close());

  /** A list of one item, a bomb imported into it, and what the list holds afterwards. */
  async function importInto(content: Buffer) {
    const saved = await portal.call('POST', '/api/prices/save/pricelist', {
      token,
      body: {
        priceListInfos: [{ priceListCode: `BOMB-${Date.now()}`, priceItemInfos: [{ orderNumber: 'KEEP' }] }],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = (saved.body.priceListInfos as Array<{ priceListId: number }>)[0]!.priceListId;
    const imported = await portal.call('POST', '/api/prices/import/pricelist', {
      token,
      body: {
        priceListId: id,
        excelFile: { fileName: 'bomb.xlsx', base64FileContent: content.toString('base64') },
      },
    });
    const after = await portal.call('POST', `/api/prices/get/pricelist/${id}`, { token, body: {} });
    expect(after.status).toBe(200);
    const items = (
      after.body.priceListInfos as Array<{ priceItemInfos: Array<{ orderNumber: string }> }>
    )[0]!;
    return {
      status: imported.status,
      keys: (imported.body.errorDetails as Array<{ key: string }>).map((d) => d.key),
      orderNumbers: items.priceItemInfos.map((item) => item.orderNumber),
    };
  }

  it(
    'answers 413 for a sheet declaring 1 MB that inflates past 512 MiB, and changes nothing',
    { timeout: 60_000 },
    async () => {
      // 560 MiB of rows, each value 30,000 digits: every part of it ordinary, only its size is not.
      const cell = `<c r="A2"><v>${'7'.repeat(30_000)}</v></c>`;
      const deflated = repeatedDeflate(SHEET_HEAD, `<row r="2">${cell}</row>`, 19_600, SHEET_TAIL);
      const bomb = handXlsx([{ name: 'xl/worksheets/sheet1.xml', deflated, declaredSize: MIB }]);
      expect(bomb.length).toBeLessThan(4 * MIB);
      expect(await importInto(bomb)).toEqual({ status: 413, keys: ['xlsxTooLarge'], orderNumbers: ['KEEP'] });
    },
  );

  it('answers 422 for one shared string of 64 MiB declaring 1 MB, and changes nothing', async () => {
    const deflated = repeatedDeflate('<sst><si><t>', 'A'.repeat(MIB), 64, '</t></si></sst>');
    const bomb = handXlsx([
      { name: 'xl/sharedStrings.xml', deflated, declaredSize: MIB },
      sheetOf('<row r="2"><c r="A2" t="s"><v>0</v></c></row>'),
    ]);
    expect(await importInto(bomb)).toEqual({
      status: 422,
      keys: ['xlsxTextTooLong'],
      orderNumbers: ['KEEP'],
    });
  });
});

describe('a price list far past the cap of items', () => {
  /**
   * What an Excel import of a million rows used to leave behind (it is capped now), stored
   * directly. On the embedded PGlite (one WebAssembly thread) a million inserts alone take most of
   * a minute, so there the list is one item past the cap: the get reads one page either way.
   */
  const ROWS = process.env.TEST_DATABASE_URL ? 1_000_000 : PRICE_LIST_ITEMS_MAX + 1;

  it(
    'answers its get with a bounded page quickly, refuses to grow it, and the process stays up',
    { timeout: 120_000 },
    async () => {
      // Its own portal, so the generated requests above never copy or search a million items.
      const app = await createTestApp();
      try {
        const token = await app.adminToken();
        const code = `HUGE-${Date.now()}`;
        const saved = await app.call('POST', '/api/prices/save/pricelist', {
          token,
          body: { priceListInfos: [{ priceListCode: code }] },
        });
        const id = (saved.body.priceListInfos as Array<{ priceListId: number }>)[0]!.priceListId;
        await app.database.db.execute(sql`
          insert into price_items (price_list_id, order_number, description, value)
          select ${id}, 'H-' || n, 'Item number ' || n, n % 1000
          from generate_series(1, ${ROWS}) as n`);

        const started = performance.now();
        const raw = await app.app.inject({
          method: 'POST',
          url: `/api/prices/get/pricelist/${id}`,
          headers: { authorization: `Bearer ${token}` },
        });
        const seconds = (performance.now() - started) / 1000;
        expect(raw.statusCode).toBe(200);
        // A page of 1,000 items is about a third of a megabyte, whatever the list holds.
        expect(raw.rawPayload.length).toBeLessThan(1024 * 1024);
        expect(seconds).toBeLessThan(10);
        const body = raw.json<{
          totalCount: number;
          priceListInfos: Array<{ itemCount: number; priceItemInfos: Array<{ orderNumber: string }> }>;
        }>();
        expect(body.totalCount).toBe(ROWS);
        expect(body.priceListInfos[0]!.itemCount).toBe(ROWS);
        expect(body.priceListInfos[0]!.priceItemInfos).toHaveLength(1000);
        expect(body.priceListInfos[0]!.priceItemInfos[0]!.orderNumber).toBe('H-1');

        const last = await app.call('POST', `/api/prices/get/pricelist/${id}`, {
          token,
          body: { page: Math.ceil(ROWS / 1000), pageSize: 1000 },
        });
        const lastItems = (
          last.body.priceListInfos as Array<{ priceItemInfos: Array<{ orderNumber: string }> }>
        )[0]!.priceItemInfos;
        expect(lastItems.at(-1)!.orderNumber).toBe(`H-${ROWS}`);

        // Past the cap, nothing more goes in.
        const grown = await app.call('POST', '/api/prices/update/pricelist', {
          token,
          body: {
            priceListInfos: [
              {
                priceListId: id,
                priceListCode: code,
                priceItemChanges: { upsert: [{ orderNumber: 'ONE-MORE' }] },
              },
            ],
          },
        });
        expect(grown.status).toBe(422);
        expect(grown.body.errorDetails).toMatchObject([
          { key: 'priceListTooManyItems', values: { max: PRICE_LIST_ITEMS_MAX } },
        ]);
        expect((await app.call('GET', '/api/health')).status).toBe(200);
        console.info(
          `robustness: get of a ${ROWS}-item list answered ${raw.rawPayload.length} bytes in ${seconds.toFixed(2)} s`,
        );
      } finally {
        await app.close();
      }
    },
  );
});

describe('answers stay bounded', () => {
  /**
   * Rows made straight in the database. On the embedded PGlite (one WebAssembly thread) 100,000
   * users take half a minute to insert, so there the company holds 20,000: a page either way.
   */
  const USERS = process.env.TEST_DATABASE_URL ? 100_000 : 20_000;
  let big: TTestApp;
  let token: string;

  beforeAll(async () => {
    // Its own portal, so the generated requests above never page through these rows.
    big = await createTestApp();
    token = await big.adminToken();
  }, 60_000);

  afterAll(async () => {
    await big?.close();
  });

  it(
    'answers the newest versions of a family with 10,000 of them, and how many there are',
    { timeout: 30_000 },
    async () => {
      const saved = await big.call('POST', '/api/family/save', {
        token,
        body: { revitFamilyInfos: [{ revitFamilyName: unique('Versioned') }] },
      });
      expect(saved.status).toBe(200);
      const id = (saved.body.revitFamilyInfos as Array<{ revitFamilyId: number }>)[0]!.revitFamilyId;
      const hash = 'f'.repeat(64);
      await big.database.db.execute(sql`
      insert into files (hash, size, mime_type) values (${hash}, 1, 'application/octet-stream')
      on conflict do nothing`);
      await big.database.db.execute(sql`
      insert into family_versions (family_id, file_hash, file_name, size, revit_version, contents)
      select ${id}, ${hash}, 'v' || n || '.rfa', n, '2024', '{}'::jsonb
      from generate_series(1, 10000) as n`);
      // The oldest version is the current one: it is answered beside the newest.
      await big.database.db.execute(sql`
      update revit_families set current_version_id =
        (select min(id) from family_versions where family_id = ${id}) where id = ${id}`);

      const got = await big.call('GET', `/api/family/get/${id}`, { token });
      expect(got.status).toBe(200);
      const family = (
        got.body.revitFamilyInfos as Array<{
          versionCount: number;
          revitFamilyVersions: Array<{ fileName: string; current: boolean }>;
        }>
      )[0]!;
      expect(family.versionCount).toBe(10_000);
      expect(family.revitFamilyVersions).toHaveLength(FAMILY_VERSIONS_SHOWN);
      expect(family.revitFamilyVersions[0]!.fileName).toBe('v10000.rfa');
      expect(family.revitFamilyVersions.at(-1)).toMatchObject({ fileName: 'v1.rfa', current: true });
    },
  );

  it(
    'names the first companies of a licence 2,000 companies share, and counts them all',
    { timeout: 30_000 },
    async () => {
      const code = unique('SHARED');
      const saved = await big.call('POST', '/api/license/save', {
        token,
        body: { licenseInfos: [{ licenseCode: code, maxNumberOfUsers: 10 }] },
      });
      expect(saved.status).toBe(200);
      const id = (saved.body.licenseInfos as Array<{ licenseInfoId: number }>)[0]!.licenseInfoId;
      const parent = await big.company(unique('Holding'));
      await big.database.db.execute(sql`
      insert into companies (name, license_id, parent_id, active)
      select ${code} || '-' || lpad(n::text, 4, '0'), ${id}, ${parent}, true
      from generate_series(1, 2000) as n`);

      type TLicence = { companies: Array<{ companyName: string }>; companyCount: number };
      const got = await big.call('GET', `/api/license/get/${id}`, { token });
      const licence = (got.body.licenseInfos as TLicence[])[0]!;
      expect(licence.companyCount).toBe(2000);
      expect(licence.companies).toHaveLength(LICENCE_COMPANIES_SHOWN);
      expect(licence.companies[0]!.companyName).toBe(`${code}-0001`);
      const found = await big.call('POST', '/api/license/find', { token, body: { ids: [id] } });
      expect((found.body.licenseInfos as TLicence[])[0]).toMatchObject({ companyCount: 2000 });
      expect((found.body.licenseInfos as TLicence[])[0]!.companies).toHaveLength(LICENCE_COMPANIES_SHOWN);

      // The same 2,000 are one company's children: its record names the first ones and counts them.
      const holding = await big.call('GET', `/api/company/get/${parent}`, { token });
      const record = (
        holding.body.companyInfos as Array<{ childCompanies: unknown[]; childCompanyCount: number }>
      )[0]!;
      expect(record.childCompanyCount).toBe(2000);
      expect(record.childCompanies).toHaveLength(COMPANY_CHILDREN_SHOWN);
      const children = await big.call('POST', '/api/company/find', {
        token,
        body: { parentIds: [parent], page: 2, pageSize: 1000 },
      });
      expect(children.body.totalCount).toBe(2000);
      expect(children.body.companyInfos as unknown[]).toHaveLength(1000);
    },
  );

  it(
    'answers the sign-up list of 5,000 companies a page at a time, with the total',
    { timeout: 30_000 },
    async () => {
      const prefix = unique('Signup');
      await big.database.db.execute(sql`
      insert into companies (name, active)
      select ${prefix} || '-' || lpad(n::text, 4, '0'), true from generate_series(1, 5000) as n`);
      const [active] = await queryRows<{ total: number }>(
        big.database.db,
        sql`select count(*)::int as total from companies where active`,
      );
      const total = Number(active!.total);
      expect(total).toBeGreaterThan(5000);

      const all = await big.call('POST', '/api/company/find', { body: {} });
      expect(all.status).toBe(200);
      expect(all.body.totalCount).toBe(total);
      expect(all.body.companyInfos as unknown[]).toHaveLength(1000);
      expect(Object.keys((all.body.companyInfos as object[])[0]!).sort()).toEqual([
        'companyId',
        'companyName',
      ]);

      const searched = await big.call('POST', '/api/company/find', {
        body: { search: `${prefix}-49`, pageSize: 50 },
      });
      // `<prefix>-4900` to `<prefix>-4999`, answered 50 at a time.
      expect(searched.body.totalCount).toBe(100);
      expect(searched.body.companyInfos as unknown[]).toHaveLength(50);
    },
  );

  it(
    'pages the users of a company of 100,000 (20,000 on PGlite) and counts them on the company',
    { timeout: 60_000 },
    async () => {
      const companyId = await big.company(unique('Crowd'));
      const prefix = unique('crowd');
      await big.database.db.execute(sql`
      insert into users (login, password_hash, active, first_name, last_name, email, company_id)
      select ${prefix} || n, 'x', true, 'First', 'Last ' || n, ${prefix} || n || '@example.com', ${companyId}
      from generate_series(1, ${USERS}) as n`);

      const found = await big.call('POST', '/api/user/find', { token, body: { companyIds: [companyId] } });
      expect(found.status).toBe(200);
      expect(found.body.totalCount).toBe(USERS);
      expect(found.body.userInfos as unknown[]).toHaveLength(1000);
      const company = await big.call('GET', `/api/company/get/${companyId}`, { token });
      expect((company.body.companyInfos as Array<{ userCount: number }>)[0]!.userCount).toBe(USERS);
    },
  );

  it(
    'counts at most 100 companies in the library facets when families sit in 150',
    { timeout: 30_000 },
    async () => {
      const prefix = unique('Facet');
      await big.database.db.execute(sql`
      insert into companies (name, active)
      select ${prefix} || '-' || lpad(n::text, 3, '0'), true from generate_series(1, 150) as n`);
      await big.database.db.execute(sql`
      insert into revit_families (name, company_id)
      select 'Family of ' || name, id from companies where name like ${`${prefix}-%`}`);

      const found = await big.call('POST', '/api/family/find', {
        token,
        body: { includeFacets: true, pageSize: 1 },
      });
      expect(found.status).toBe(200);
      const facets = found.body.facets as { companies: Array<{ label: string }> };
      expect(facets.companies).toHaveLength(FAMILY_FACET_VALUES_MAX);
      expect(found.body.totalCount as number).toBeGreaterThanOrEqual(150);
    },
  );

  it(
    'refuses a parameter to a list that holds the most it may, naming the limit',
    { timeout: 30_000 },
    async () => {
      const parameters = Array.from({ length: PARAMETER_LIST_PARAMETERS_MAX }, (_, n) => ({
        parameterName: `P${n}`,
      }));
      const code = unique('FULL');
      const saved = await big.call('POST', '/api/parameters/save/parameterlist', {
        token,
        body: { parameterListInfos: [{ parameterListCode: code, parameters }] },
      });
      expect(saved.status).toBe(200);
      const id = (saved.body.parameterListInfos as Array<{ parameterListId: number }>)[0]!.parameterListId;
      const grown = await big.call('POST', '/api/parameters/update/parameterlist', {
        token,
        body: {
          parameterListInfos: [
            { parameterListId: id, parameterListCode: code, parameters: [{ parameterName: 'One more' }] },
          ],
        },
      });
      expect(grown.status).toBe(422);
      expect(grown.body.errorDetails).toMatchObject([
        { key: 'tooManyItems', values: { name: 'parameters', max: PARAMETER_LIST_PARAMETERS_MAX } },
      ]);
      const list = await big.call('GET', `/api/parameters/get/parameterlist/${id}`, { token });
      expect((list.body.parameterListInfos as Array<{ parameters: unknown[] }>)[0]!.parameters).toHaveLength(
        PARAMETER_LIST_PARAMETERS_MAX,
      );
    },
  );
});

describe('multipart uploads', () => {
  const family = fs.readFileSync(
    path.resolve(import.meta.dirname, '../../test/fixtures/rfa/family-2016.rfa'),
  );
  /** The family file limit, lowered for this portal so a file past it stays small (512 MiB by default). */
  const LIMIT = family.length + 64 * 1024;
  let portal: TTestApp;
  let token: string;
  let uploadUrls: string[];

  beforeAll(async () => {
    portal = await createTestApp({ familyFileMaxBytes: LIMIT });
    token = await portal.adminToken();
    uploadUrls = ['/api/family/upload'];
    for (const kind of ['pricelist', 'partlist']) {
      const saved = await portal.call('POST', '/api/prices/save/pricelist', {
        token,
        body: { priceListInfos: [{ priceListCode: unique('UPLOAD'), isPartList: kind === 'partlist' }] },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const id = (saved.body.priceListInfos as Array<{ priceListId: number }>)[0]!.priceListId;
      uploadUrls.push(`/api/prices/import/${kind}/${id}/upload`);
    }
  });
  afterAll(() => portal.close());

  /** A multipart body with one file field, as a browser sends it. */
  function multipartOf(content: Buffer, fileName: string) {
    const boundary = `----portal${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
  }

  async function send(url: string, contentType: string, payload: Buffer) {
    const answer = await portal.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      payload,
    });
    return { status: answer.statusCode, body: answer.json<Record<string, unknown>>() };
  }

  /** The blob store's folder (each file and its size) and the rows that record stored files. */
  async function stored() {
    const root = path.dirname(path.dirname(portal.services.files.localPath('0'.repeat(64))));
    const onDisk = storedFiles(portal)
      .map((entry) => `${entry} ${fs.statSync(path.join(root, entry)).size}`)
      .sort();
    const [rows] = await queryRows<{ files: number; uploads: number }>(
      portal.database.db,
      sql`select (select count(*) from files)::int as files, (select count(*) from family_uploads)::int as uploads`,
    );
    return { onDisk, rows };
  }

  it('takes a family file of exactly the limit, and answers 413 one byte past it, keeping nothing, every time', async () => {
    const whole = Buffer.concat([family, randomBytes(LIMIT - family.length)]);
    const taken = multipartOf(whole, 'whole.rfa');
    expect((await send('/api/family/upload', taken.contentType, taken.payload)).status).toBe(200);

    const before = await stored();
    for (const extra of [1, 1, 200 * 1024, 200 * 1024, 1024 * 1024]) {
      // A real family first, so only its size is wrong; new bytes each time, so a kept one would show.
      const oversize = Buffer.concat([family, randomBytes(LIMIT - family.length + extra)]);
      const { payload, contentType } = multipartOf(oversize, 'big.rfa');
      const answer = await send('/api/family/upload', contentType, payload);
      expect(answer.status, JSON.stringify(answer.body)).toBe(413);
      expect(answer.body.errorDetails).toMatchObject([{ key: 'tooLargeFile', field: 'file' }]);
      expect(await stored()).toEqual(before);
    }
  });

  it('answers 400 on every upload route to a body without a boundary, with another boundary or cut short', async () => {
    const { payload, contentType } = multipartOf(family, 'family.rfa');
    const boundary = contentType.split('boundary=')[1]!;
    const cases: Array<[string, string, Buffer]> = [
      ['no boundary', 'multipart/form-data', payload],
      ['another boundary', `multipart/form-data; boundary=${boundary}x`, payload],
      ['cut in the file', contentType, payload.subarray(0, payload.length - 1000)],
      ['cut in the part header', contentType, payload.subarray(0, 40)],
    ];
    const before = await stored();
    for (const url of uploadUrls)
      for (const [label, type, body] of cases) {
        const answer = await send(url, type, body);
        expect(answer.status, `${url} ${label}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body.responseCode, `${url} ${label}`).toBe(400);
      }
    expect(await stored()).toEqual(before);
  });
});
