/**
 * Attacks on scenarios, placement rules, their lookup and API tokens (issue 23): requests at once
 * on one record, hostile text, ids and field names, long query strings, tokens of another tree.
 * What robustness.routes.test.ts and hardening.routes.test.ts prove for every route (generated
 * input, NUL in a few routes, prototype sort fields) and what each module's own tests prove (20
 * identical partner saves, one NUL, one id past 2^31, `__proto__` in a save) is not repeated here.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalDecisions, placementRules, scenarios } from '../../db/schema/index.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, unique, type TSignedIn } from '../../../test/factories.ts';
import {
  expectError,
  FIRESTOP_KINDS,
  firestopTeam,
  inDays,
  lookupCalls,
  makeApiToken,
  recordCalls,
  saveFamily,
  saveRule,
  saveScenario,
  type TApiToken,
  type TDetail,
  type TFirestopKind,
  type TStored,
} from '../../../test/firestop.ts';

let t: TTestApp;
let admin: string;
let companyId: number;
let partner: TSignedIn;
let stranger: TSignedIn;
let scenarioId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, companyId, partner, stranger } = await firestopTeam(t));
  scenarioId = (await saveScenario(t, admin, { companyId })).scenarioId;
});
afterAll(() => t.close());

const calls = {
  scenario: recordCalls<TStored<'scenarioId'>>(() => t, 'scenario'),
  rule: recordCalls<TStored<'placementRuleId'>>(() => t, 'rule'),
};
const lookups = {
  scenario: lookupCalls<Record<string, unknown>>(() => t, 'scenario'),
  rule: lookupCalls<Record<string, unknown>>(() => t, 'rule'),
};
const KINDS = ['scenario', 'rule'] as const;
const MAX_ID = 2 ** 31 - 1;

/** A published record of the kind in the team's company (a rule under the shared scenario). */
const publish = async (kind: TFirestopKind, extra: Record<string, unknown> = {}) =>
  kind === 'scenario'
    ? (await saveScenario(t, admin, { companyId, ...extra })).scenarioId
    : (await saveRule(t, admin, { companyId, scenarioId, ...extra })).placementRuleId;

/** A minimal valid record of the kind, `extra` over it. */
const recordOf = (kind: TFirestopKind, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  [FIRESTOP_KINDS[kind].name]: unique('Attack'),
  companyId,
  ...(kind === 'rule' ? { scenarioId } : {}),
  ...extra,
});

/** Sends `times` copies of a request at once; their statuses, failing on any 500. */
async function atOnce(times: number, request: () => Promise<{ status: number; body: unknown }>) {
  const answers = await Promise.all(Array.from({ length: times }, request));
  expect(
    answers.filter((a) => a.status >= 500).map((a) => JSON.stringify(a.body)),
    'no 500',
  ).toEqual([]);
  return answers.map((a) => a.status);
}

/** The stored rows of the kind whose `column` is `value`, read past the API. */
async function rowsWhere(
  kind: TFirestopKind,
  column: 'id' | 'name' | 'tifOriginalId',
  value: number | string,
) {
  const table = kind === 'scenario' ? scenarios : placementRules;
  return t.database.db
    .select({ id: table.id, tifStatus: table.tifStatus, companyId: table.companyId })
    .from(table)
    .where(eq(table[column], value));
}

/** The decisions kept on the request `id` of the kind. */
const decisionsOn = (kind: TFirestopKind, id: number) =>
  t.database.db
    .select({ action: approvalDecisions.action })
    .from(approvalDecisions)
    .where(
      and(
        eq(approvalDecisions.recordKind, kind === 'scenario' ? 'scenario' : 'placementRule'),
        eq(approvalDecisions.recordId, id),
      ),
    );

describe.each(KINDS)('%s records under requests at once', (kind) => {
  const { url, key, id: idKey, name: nameKey } = FIRESTOP_KINDS[kind];

  it('stores 20 identical admin saves sent at once exactly as often as the answers say', async () => {
    const record = recordOf(kind);
    const statuses = await atOnce(20, () => calls[kind].send(admin, 'save', record));
    for (const status of statuses) expect([200, 409]).toContain(status);
    const saved = statuses.filter((s) => s === 200).length;
    expect(await rowsWhere(kind, 'name', record[nameKey] as string)).toHaveLength(saved);
  });

  it('deletes a record 20 admins delete at once once: the rest 404 or 409, never 500', async () => {
    const id = await publish(kind);
    const statuses = await atOnce(20, () =>
      t.call('POST', `${url}/delete`, { token: admin, body: { [key]: [{ [idKey]: id }] } }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const status of statuses.filter((s) => s !== 200)) expect([404, 409]).toContain(status);
    expect(await rowsWhere(kind, 'id', id)).toEqual([]);
  });

  it('keeps one removal request of 20 partner deletes at once of one published record', async () => {
    const id = await publish(kind);
    const statuses = await atOnce(20, () =>
      t.call('POST', `${url}/delete`, { token: partner.authToken, body: { [key]: [{ [idKey]: id }] } }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const status of statuses.filter((s) => s !== 200)) expect(status).toBe(409);
    expect((await rowsWhere(kind, 'tifOriginalId', id)).map((r) => r.tifStatus)).toEqual(['RfR']);
  });

  it('keeps one change request of 20 partner updates at once of one published record', async () => {
    const id = await publish(kind);
    const statuses = await atOnce(20, () =>
      calls[kind].send(partner.authToken, 'update', { [idKey]: id, [nameKey]: unique('Changed') }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const status of statuses.filter((s) => s !== 200)) expect(status).toBe(409);
    expect((await rowsWhere(kind, 'tifOriginalId', id)).map((r) => r.tifStatus)).toEqual(['RfC']);
  });

  it.each([
    ['with the status it read', { tifStatus: 'RfA' }],
    ['without a status', {}],
  ])('keeps exactly one decision of 20 admin approvals at once of one request, %s', async (_, extra) => {
    const request = await calls[kind].ok(partner.authToken, 'save', recordOf(kind));
    expect(request.tifStatus).toBe('RfA');
    const id = Number(request[idKey]);
    const statuses = await atOnce(20, () =>
      calls[kind].send(admin, 'update', {
        [idKey]: id,
        [nameKey]: request[nameKey],
        tifAction: 'a',
        ...extra,
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const status of statuses.filter((s) => s !== 200)) expect(status).toBe(409);
    expect(await decisionsOn(kind, id)).toEqual([{ action: 'a' }]);
    expect((await rowsWhere(kind, 'id', id)).map((r) => r.tifStatus)).toEqual(['A']);
  });

  it('keeps exactly one decision of 20 inbox approvals at once of one request', async () => {
    const request = await calls[kind].ok(partner.authToken, 'save', recordOf(kind));
    const id = Number(request[idKey]);
    const statuses = await atOnce(20, () =>
      t.call('POST', '/api/approvals/act', {
        token: admin,
        body: { requests: [{ kind: kind === 'scenario' ? 'scenario' : 'placementRule', id }], action: 'a' },
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const status of statuses.filter((s) => s !== 200)) expect(status).toBe(409);
    expect(await decisionsOn(kind, id)).toEqual([{ action: 'a' }]);
  });
});

/** Every text field a save of the kind takes, the workflow's reason and comment among them. */
const TEXT_FIELDS: Record<TFirestopKind, string[]> = {
  scenario: [
    'scenarioName',
    'documentType',
    'pageNumber',
    'detailReference',
    'fireRating',
    'acousticPerformance',
    'constructionElement',
    'constructionMaterialCode',
    'serviceSupport',
    'tifReason',
    'tifComment',
  ],
  rule: [
    'placementRuleName',
    'typeCode',
    'materialCode',
    'closureDeviceSystemType',
    'additionalInsulationTypeCode',
    'tifReason',
    'tifComment',
  ],
};

describe.each(KINDS)('hostile %s input', (kind) => {
  const { url, key, id: idKey, name: nameKey } = FIRESTOP_KINDS[kind];

  it('refuses a NUL or a lone surrogate in every text field with 400 naming the field, as families do', async () => {
    const id = await publish(kind);
    for (const field of TEXT_FIELDS[kind])
      for (const bad of ['a\u0000b', 'x\ud800'])
        for (const [action, record] of [
          ['save', recordOf(kind, { [field]: bad })],
          ['update', { [idKey]: id, [nameKey]: 'x', [field]: bad }],
        ] as const)
          expectError(
            await calls[kind].send(admin, action, record),
            400,
            'nulCharacter',
            `${key}.0.${field}`,
          );
    const codes = kind === 'scenario' ? 'constructionElements' : 'typeCodes';
    for (const body of [{ search: 'a\u0000' }, { [codes]: ['\u0000'] }])
      expectError(await t.call('POST', `${url}/find`, { token: admin, body }), 400, 'nulCharacter');
    expect(await rowsWhere(kind, 'id', id)).toEqual([{ id, companyId, tifStatus: 'A' }]);
  });

  it('answers ids past 2^31 in a body 400 and the largest id 404, never 500', async () => {
    const references =
      kind === 'scenario' ? ['revitFamilyId', 'parameterListId', 'companyId'] : ['scenarioId', 'companyId'];
    for (const field of references) {
      expectError(
        await calls[kind].send(admin, 'save', recordOf(kind, { [field]: MAX_ID + 1 })),
        400,
        'tooLarge',
      );
      const largest = await calls[kind].send(admin, 'save', recordOf(kind, { [field]: MAX_ID }));
      expect(largest.status, `${field} ${JSON.stringify(largest.body)}`).toBe(404);
    }
    for (const field of ['ids', 'companyIds', kind === 'scenario' ? 'revitFamilyIds' : 'scenarioIds']) {
      for (const big of [MAX_ID + 1, 2 ** 53, 1e300]) {
        const answer = await t.call('POST', `${url}/find`, { token: admin, body: { [field]: [big] } });
        expect(answer.status, `${field} ${big}`).toBe(400);
      }
      const largest = await t.call('POST', `${url}/find`, { token: admin, body: { [field]: [MAX_ID] } });
      expect(largest.status, field).toBe(200);
    }
    for (const action of ['update', 'delete']) {
      const answer = await t.call('POST', `${url}/${action}`, {
        token: admin,
        body: { [key]: [{ [idKey]: MAX_ID, [nameKey]: 'x' }] },
      });
      expect(answer.status, `${action} ${JSON.stringify(answer.body)}`).toBe(404);
    }
  });

  it('refuses __proto__ as a field name and drops constructor and prototype, polluting nothing', async () => {
    const id = await publish(kind);
    const smuggled = `{"tifStatus":"A","tifOriginalId":null,"companyId":${stranger.companyId},"isAdmin":true}`;
    for (const name of ['__proto__', 'constructor', 'prototype'])
      for (const [action, record] of [
        ['save', recordOf(kind)],
        ['update', { [idKey]: id, [nameKey]: unique('Proto') }],
      ] as const) {
        const answer = await t.app.inject({
          method: 'POST',
          url: `${url}/${action}`,
          headers: { authorization: `Bearer ${partner.authToken}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ [key]: [record] }).replace(/}]}$/, `,"${name}":${smuggled}}]}`),
        });
        const label = `${action} ${name} ${answer.body.slice(0, 300)}`;
        if (name === '__proto__') {
          // The JSON parser refuses it before any schema reads the body.
          expect(answer.statusCode, label).toBe(400);
          expect(answer.json<{ errorDetails: TDetail[] }>().errorDetails[0]!.key, label).toBe('bodyNotJson');
          continue;
        }
        expect(answer.statusCode, label).toBe(200);
        // A partner's save and update stay requests in the partner's tree.
        const stored = answer.json<Record<string, Array<Record<string, unknown>>>>()[key]![0]!;
        expect(stored, label).toMatchObject({
          tifStatus: action === 'save' ? 'RfA' : 'RfC',
          companyId,
          tifOriginalId: action === 'save' ? null : id,
        });
        // Drop the change request, so the next one may be made.
        if (action === 'update')
          expect(
            (
              await calls[kind].send(admin, 'update', {
                [idKey]: stored[idKey],
                [nameKey]: stored[nameKey],
                tifAction: 'i',
              })
            ).status,
          ).toBe(200);
      }
    for (const name of ['__proto__', 'constructor']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `${url}/find`,
        headers: { authorization: `Bearer ${partner.authToken}`, 'content-type': 'application/json' },
        payload: `{"${name}":{"includeTempItems":true,"companyIds":[${stranger.companyId}]}}`,
      });
      expect([200, 400], `find ${name} ${answer.body.slice(0, 300)}`).toContain(answer.statusCode);
      if (answer.statusCode !== 200) continue;
      const found = answer.json<Record<string, Array<{ companyId: number }>>>()[key]!;
      expect(found.every((r) => r.companyId === companyId)).toBe(true);
    }
    expect(({} as Record<string, unknown>).tifStatus).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await rowsWhere(kind, 'id', id)).toEqual([{ id, companyId, tifStatus: 'A' }]);
  });
});

describe.each(KINDS)('hostile %s lookups', (kind) => {
  const { get } = lookups[kind];
  const raw = (query: string) =>
    t.call('GET', `${FIRESTOP_KINDS[kind].url}/diKeeperGet?${query}`, { token: admin });

  it.each([
    'constructor',
    'prototype',
    'hasOwnProperty',
    'toString',
    '__proto__[CompanyId]',
    'constructor[prototype]',
  ])('refuses %s as a parameter with a 400 naming it, polluting nothing', async (name) => {
    const answer = await raw(`${name}=1&ConstructionElement=wall`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(JSON.stringify(answer.body.errorDetails)).toContain(name.split('[')[0]!);
    expect(({} as Record<string, unknown>).CompanyId).toBeUndefined();
  });

  it('refuses a NUL in a parameter value or name with 400', async () => {
    for (const query of ['ConstructionElement=wa%00ll', 'Constr%00uction=1', 'ServiceSize=1%00'])
      expectError(await raw(query), 400, 'nulCharacter');
  });

  it('answers very long query strings 400 without echoing them whole, never 500', async () => {
    const cases = [
      `ConstructionElement=${'w'.repeat(100_000)}`,
      `${'P'.repeat(10_000)}=1`,
      Array.from({ length: 2_000 }, (_, n) => `P${n}=1`).join('&'),
      Array.from({ length: 2_000 }, () => 'ConstructionElement=wall').join('&'),
      `CompanyId=${'9'.repeat(1_000)}`,
      `limit=${'1'.repeat(1_000)}`,
    ];
    for (const query of cases) {
      const answer = await raw(query);
      const text = JSON.stringify(answer.body);
      expect(answer.status, `${query.slice(0, 40)} ${text.slice(0, 300)}`).toBe(400);
      expect(text.length, query.slice(0, 40)).toBeLessThan(200_000);
    }
  });

  it('answers ids and sizes out of range 400 or an answer, never 500', async () => {
    for (const [name, value] of [
      ['CompanyId', String(2 ** 31)],
      ['CompanyId', String(MAX_ID)],
      ['CompanyId', '-1'],
      ['CompanyId', '1e3'],
      ['limit', '0'],
      ['ServiceSize', '1e400'],
      ['ServiceSize', '9'.repeat(20)],
      ['ApertureWidth', `${'9'.repeat(20)}.5`],
      ['ConstructionThickness', `0.${'0'.repeat(400)}1`],
    ] as const) {
      const answer = await get(admin, { [name]: value });
      const label = `${name}=${value.slice(0, 20)} ${JSON.stringify(answer.body).slice(0, 300)}`;
      expect([200, 400], label).toContain(answer.status);
    }
  });

  // A size of 309 digits or more is Infinity as a number: refused like any size above the largest stored.
  it('answers a size past the range of a double 400 naming it', async () => {
    const name = kind === 'scenario' ? 'ApertureWidth' : 'ServiceSize';
    await publish(kind, kind === 'scenario' ? { apertureSizeMaxWidth: 5 } : { serviceSizeRangeHigh: 5 });
    const answer = await get(admin, { [name]: '9'.repeat(400) });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400);
    expect(JSON.stringify(answer.body.errorDetails)).toContain(name);
  });
});

describe('tokens of another company tree', () => {
  let parent: number;
  let child: number;
  let parentPartner: TSignedIn;
  let childPartner: TSignedIn;

  beforeAll(async () => {
    parent = (await makeCompany(t, { prefix: 'attack_parent' })).id;
    child = (await makeCompany(t, { prefix: 'attack_child', parentId: parent })).id;
    parentPartner = await signedInUser(t, { role: 'partnerrole', companyId: parent });
    childPartner = await signedInUser(t, { role: 'partnerrole', companyId: child });
  });

  it("answers a child company's lookup token nothing of its parent's tree, and the parent's token its child's", async () => {
    const parentScenario = await saveScenario(t, admin, {
      companyId: parent,
      constructionElement: 'attack-wall',
    });
    const childScenario = await saveScenario(t, admin, {
      companyId: child,
      constructionElement: 'attack-wall',
    });
    const parentRule = await saveRule(t, admin, { companyId: parent, scenarioId: parentScenario.scenarioId });
    const childRule = await saveRule(t, admin, { companyId: child, scenarioId: childScenario.scenarioId });
    const childToken = (await makeApiToken(t, childPartner.authToken, { scopes: ['lookup'] })).token;
    const parentToken = (await makeApiToken(t, parentPartner.authToken, { scopes: ['lookup'] })).token;

    const rulesOf = async (token: string, CompanyId: number) =>
      (await lookups.rule.lookup({ CompanyId, limit: 100 }, token)) as {
        placementRuleInfos: Array<{ placementRuleId: number }>;
        nearMisses: unknown[];
      };
    expect(await rulesOf(childToken, parent)).toMatchObject({ placementRuleInfos: [], nearMisses: [] });
    expect((await rulesOf(childToken, child)).placementRuleInfos.map((r) => r.placementRuleId)).toEqual([
      childRule.placementRuleId,
    ]);
    expect((await rulesOf(parentToken, child)).placementRuleInfos.map((r) => r.placementRuleId)).toEqual([
      childRule.placementRuleId,
    ]);
    expect((await rulesOf(parentToken, parent)).placementRuleInfos.map((r) => r.placementRuleId)).toEqual([
      parentRule.placementRuleId,
    ]);
    const scenariosOf = async (token: string, CompanyId: number) =>
      (await lookups.scenario.lookup({ CompanyId, ConstructionElement: 'attack-wall' }, token)) as {
        scenarioInfos: Array<{ scenarioId: number }>;
        nearMisses: unknown[];
      };
    expect(await scenariosOf(childToken, parent)).toMatchObject({ scenarioInfos: [], nearMisses: [] });
    expect((await scenariosOf(parentToken, child)).scenarioInfos.map((s) => s.scenarioId)).toEqual([
      childScenario.scenarioId,
    ]);
  });

  it("refuses a child company's download token the parent's family with 404, and every token the tokens routes", async () => {
    const family = await saveFamily(t, parent);
    const token = (await makeApiToken(t, childPartner.authToken, { scopes: ['download', 'lookup'] })).token;
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/family/download/content/${family.revitFamilyId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.statusCode).toBe(404);
    const parents = await makeApiToken(t, parentPartner.authToken);
    // A token is no sign-in: it revokes nothing, not even a token of a tree it could read.
    const revoke = await t.call('POST', '/api/token/delete', {
      token,
      body: { apiTokenInfos: [{ apiTokenId: parents.apiTokenId }] },
    });
    expect(revoke.status).toBe(403);
    // The child's partner, signed in, neither sees nor revokes the parent's token.
    const refused = await t.call('POST', '/api/token/delete', {
      token: childPartner.authToken,
      body: { apiTokenInfos: [{ apiTokenId: parents.apiTokenId }] },
    });
    expect(refused.status).toBe(404);
    const stillThere = await t.app.inject({
      method: 'GET',
      url: `/api/family/download/content/${family.revitFamilyId}`,
      headers: { authorization: `Bearer ${parents.token}` },
    });
    expect(stillThere.statusCode).toBe(200);
  });

  it('drops a companyId of another tree from a token save: the token acts for its creator', async () => {
    const other = (await makeCompany(t, { prefix: 'attack_other' })).id;
    const answer = await t.call('POST', '/api/token/save', {
      token: childPartner.authToken,
      body: {
        apiTokenInfos: [
          { apiTokenName: unique('tool'), scopes: ['lookup'], validUntil: inDays(1), companyId: other },
        ],
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body.apiTokenInfos as TApiToken[])[0]!.companyId).toBe(child);
  });

  it('refuses NUL, ids past 2^31 and __proto__ in token requests with 400, and drops constructor', async () => {
    for (const body of [{ ids: [2 ** 31] }, { companyIds: [2 ** 31] }, { search: 'a\u0000' }]) {
      const answer = await t.call('POST', '/api/token/find', { token: admin, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expectError(
      await t.call('POST', '/api/token/save', {
        token: admin,
        body: { apiTokenInfos: [{ apiTokenName: 'x', scopes: ['look\u0000up'], validUntil: inDays(1) }] },
      }),
      400,
      'nulCharacter',
      'apiTokenInfos.0.scopes.0',
    );
    for (const name of ['__proto__', 'constructor']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/token/delete',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        payload: `{"apiTokenInfos":[{"apiTokenId":${MAX_ID},"${name}":{"isAdmin":true}}]}`,
      });
      // The JSON parser refuses __proto__; constructor is dropped, leaving an id no token has.
      expect(answer.statusCode, `${name} ${answer.body}`).toBe(name === '__proto__' ? 400 : 404);
    }
  });
});
