/**
 * Set-ups the firestop tests share (scenarios, placement rules, their lookup, API tokens): the
 * people, a family from the .rfa fixture, scenarios and rules saved through the API, the calls on
 * each kind and on the lookup, and API tokens. The calls take the app as a function read at each
 * call, so a file builds its app in `beforeAll` and still declares its calls at the top.
 */
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { placementRules, scenarios } from '../src/db/schema/index.ts';
import { makeCompany, signedInUser, unique, type TSignedIn } from './factories.ts';
import type { TTestApp } from './test-app.ts';

/** The .rfa file every firestop family is made of (a download answers exactly these bytes). */
export const RFA_FIXTURE = fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures/rfa/family-2020.rfa'));

export type TDetail = { key: string; field?: string; values?: Record<string, unknown> };
type TAnswer = { status: number; body: Record<string, unknown> };

/** Fails unless `answer` is `status` with a detail keyed `key` (at `field`, when named). */
export function expectError(answer: TAnswer, status: number, key: string, field?: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const details = answer.body.errorDetails as TDetail[];
  expect(details.map((d) => d.key)).toContain(key);
  if (field) expect(details.find((d) => d.key === key)?.field).toBe(field);
}

/** The people of a firestop test: a company with a partner and an end user, a stranger apart. */
export type TFirestopTeam = {
  admin: string;
  companyId: number;
  partner: TSignedIn;
  /** A partner of a company of its own, outside the team's tree. */
  stranger: TSignedIn;
  reader: TSignedIn;
};

/** Makes a company with its partner and end user, and a partner of another company. */
export async function firestopTeam(t: TTestApp): Promise<TFirestopTeam> {
  const admin = await t.adminToken();
  const companyId = (await makeCompany(t)).id;
  const partner = await signedInUser(t, { role: 'partnerrole', companyId });
  const stranger = await signedInUser(t, { role: 'partnerrole' });
  const reader = await signedInUser(t, { role: 'userrole', companyId });
  return { admin, companyId, partner, stranger, reader };
}

export type TSavedFamily = Record<string, unknown> & { revitFamilyId: number; revitFamilyName: string };

/** Saves a family of the .rfa fixture under `companyId`, as the admin; the stored record. */
export async function saveFamily(
  t: TTestApp,
  companyId: number,
  extra: Record<string, unknown> = {},
): Promise<TSavedFamily> {
  const saved = await t.call('POST', '/api/family/save', {
    token: await t.adminToken(),
    body: {
      revitFamilyInfos: [
        {
          revitFamilyName: unique('firestop_family'),
          revitFamilyFileName: 'seal.rfa',
          revitFamilyFileBase64: RFA_FIXTURE.toString('base64'),
          companyId,
          ...extra,
        },
      ],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return (saved.body.revitFamilyInfos as TSavedFamily[])[0]!;
}

/** The firestop kinds of record: where their calls live, the key their list travels under, their id and name fields. */
export const FIRESTOP_KINDS = {
  scenario: { url: '/api/scenario', key: 'scenarioInfos', id: 'scenarioId', name: 'scenarioName' },
  rule: {
    url: '/api/placement-rules',
    key: 'placementRuleInfos',
    id: 'placementRuleId',
    name: 'placementRuleName',
  },
} as const;
export type TFirestopKind = keyof typeof FIRESTOP_KINDS;

/** A stored record as save, update, delete and find answer it. */
export type TStored<TId extends string> = Record<string, unknown> & {
  [K in TId]: number;
} & { tifStatus: string; tifOriginalId: number | null; tifTempId?: number | null };

/**
 * `send` posts one record to `<kind>/<action>` (no token: as a stranger), `ok` does so expecting
 * 200 and answers the record, `find` answers the find expecting 200.
 */
export function recordCalls<TRecord>(app: () => TTestApp, kind: TFirestopKind) {
  const { url, key } = FIRESTOP_KINDS[kind];
  const send = (token: string | undefined, action: string, record: Record<string, unknown>) =>
    app().call('POST', `${url}/${action}`, { ...(token ? { token } : {}), body: { [key]: [record] } });
  const ok = async (token: string, action: string, record: Record<string, unknown>): Promise<TRecord> => {
    const answer = await send(token, action, record);
    expect(answer.status, `${action} ${JSON.stringify(answer.body)}`).toBe(200);
    return (answer.body[key] as TRecord[])[0]!;
  };
  const find = async (token: string, body: Record<string, unknown> = {}) => {
    const answer = await app().call('POST', `${url}/find`, { token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as unknown as Record<typeof key, TRecord[]> & { totalCount: number };
  };
  return { send, ok, find };
}

type TRows<TRow> = { rowCount: () => Promise<number>; rowOf: (id: number) => Promise<TRow | undefined> };

/** The stored rows of a kind, read past the API: how many there are, and one by id. */
export function rowsOf(app: () => TTestApp, kind: 'scenario'): TRows<typeof scenarios.$inferSelect>;
export function rowsOf(app: () => TTestApp, kind: 'rule'): TRows<typeof placementRules.$inferSelect>;
export function rowsOf(app: () => TTestApp, kind: TFirestopKind) {
  const table = kind === 'scenario' ? scenarios : placementRules;
  const rowCount = async () => (await app().database.db.select({ n: count() }).from(table))[0]!.n;
  const rowOf = async (id: number) =>
    (await app().database.db.select().from(table).where(eq(table.id, id)))[0];
  return { rowCount, rowOf };
}

/** Saves a scenario (a unique name, `extra` over it) as `token`, expecting 200; the record. */
export async function saveScenario(
  t: TTestApp,
  token: string,
  extra: Record<string, unknown> = {},
): Promise<TStored<'scenarioId'>> {
  return recordCalls<TStored<'scenarioId'>>(() => t, 'scenario').ok(token, 'save', {
    scenarioName: unique('Seal'),
    ...extra,
  });
}

/** Saves a placement rule (a unique name, `extra` over it) as `token`, expecting 200; the record. */
export async function saveRule(
  t: TTestApp,
  token: string,
  extra: Record<string, unknown> = {},
): Promise<TStored<'placementRuleId'>> {
  return recordCalls<TStored<'placementRuleId'>>(() => t, 'rule').ok(token, 'save', {
    placementRuleName: unique('Rule'),
    ...extra,
  });
}

/** What a lookup answers for a record it nearly matched: each constraint the record fails. */
export type TLookupFailure = {
  parameter: string;
  asked: unknown;
  low: unknown;
  high: unknown;
  by: number | null;
  message: string;
};
export type TLookupLimits = Record<string, { asked: number; low: number | null; high: number | null }>;

/**
 * `get` calls a kind's diKeeperGet with `params` as its query string (no token: as a stranger);
 * `lookup` expects 200 and answers the body, as the admin unless a token is given.
 */
export function lookupCalls<TAnswer>(app: () => TTestApp, kind: TFirestopKind) {
  const url = `${FIRESTOP_KINDS[kind].url}/diKeeperGet`;
  const get = (token: string | undefined, params: Record<string, string | number>) => {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    return app().call('GET', `${url}${query ? `?${query}` : ''}`, token ? { token } : {});
  };
  const lookup = async (params: Record<string, string | number>, token?: string): Promise<TAnswer> => {
    const answer = await get(token ?? (await app().adminToken()), params);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as unknown as TAnswer;
  };
  return { get, lookup };
}

export type TApiToken = {
  apiTokenId: number;
  apiTokenName: string;
  scopes: string[];
  validUntil: string;
  lastUsed: string | null;
  tokenHint: string;
  createdByLogin: string;
  companyId: number | null;
  companyName: string | null;
  /** The secret, in the answer of its save only. */
  token?: string;
};

/** An ISO time `days` from now (negative: in the past). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Creates an API token as `owner` (download scope, 30 days, unless `input` says otherwise). */
export async function makeApiToken(
  t: TTestApp,
  owner: string,
  input: Partial<{ apiTokenName: string; scopes: string[]; validUntil: string }> = {},
): Promise<TApiToken & { token: string }> {
  const saved = await t.call('POST', '/api/token/save', {
    token: owner,
    body: {
      apiTokenInfos: [
        { apiTokenName: unique('tool'), scopes: ['download'], validUntil: inDays(30), ...input },
      ],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return (saved.body.apiTokenInfos as Array<TApiToken & { token: string }>)[0]!;
}
