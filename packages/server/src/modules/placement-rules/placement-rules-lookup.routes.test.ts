import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, type TSignedIn } from '../../../test/factories.ts';
import {
  lookupCalls,
  makeApiToken,
  saveFamily,
  saveRule,
  saveScenario,
  type TDetail,
  type TLookupFailure,
  type TLookupLimits,
} from '../../../test/firestop.ts';
import { fireMinutes } from './placement-rules-lookup.service.ts';

let t: TTestApp;
let admin: string;
let partnerA: TSignedIn;
let partnerB: TSignedIn;

type TInfo = Record<string, unknown> & {
  placementRuleId: number;
  placementRuleName: string;
  limits: TLookupLimits;
  scenario: Record<string, unknown>;
};
type TAnswer = {
  placementRuleInfos: TInfo[];
  nearMisses: Array<{ record: TInfo; failures: TLookupFailure[] }>;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  partnerA = await signedInUser(t, { role: 'partnerrole' });
  partnerB = await signedInUser(t, { role: 'partnerrole' });
});
afterAll(() => t.close());

const scenario = async (companyId: number, extra: Record<string, unknown> = {}) =>
  (await saveScenario(t, admin, { companyId, ...extra })).scenarioId;
const rule = (companyId: number, scenarioId: number, extra: Record<string, unknown> = {}, token = admin) =>
  saveRule(t, token, { scenarioId, companyId, ...extra });
const { get, lookup } = lookupCalls<TAnswer>(() => t, 'rule');

const idsOf = (answer: TAnswer) => answer.placementRuleInfos.map((info) => info.placementRuleId);

/** A company of its own with one scenario: each test's records apart from the others'. */
async function fresh(scenarioExtra: Record<string, unknown> = {}) {
  const companyId = (await makeCompany(t)).id;
  return { companyId, scenarioId: await scenario(companyId, scenarioExtra) };
}

describe('fireMinutes', () => {
  it.each([
    ['EI 60', 60],
    ['EI60', 60],
    ['60', 60],
    ['F90', 90],
    ['REI 120-U/U', 120],
    ['2h', 120],
    ['1.5 h', 90],
    ['0', 0],
    ['none', null],
  ])('%s is %s minutes', (text, minutes) => {
    expect(fireMinutes(text)).toBe(minutes);
  });
});

describe('GET /placement-rules/diKeeperGet', () => {
  it('matches a size inside and at both edges of the range, not just outside', async () => {
    const { companyId, scenarioId } = await fresh({ fireRating: 'EI 90' });
    const { placementRuleId } = await rule(companyId, scenarioId, {
      typeCode: 'pipe-plastic',
      materialCode: 'pvc',
      serviceSizeRangeLow: 20,
      serviceSizeRangeHigh: 125,
    });
    const ask = { CompanyId: companyId, TypeCode: 'Pipe-Plastic', MaterialCode: 'pvc' };
    for (const size of [20, 110, 125])
      expect(idsOf(await lookup({ ...ask, ServiceSize: size }))).toEqual([placementRuleId]);
    for (const size of [19.5, 125.01]) expect(idsOf(await lookup({ ...ask, ServiceSize: size }))).toEqual([]);

    const [info] = (await lookup({ ...ask, ServiceSize: 110, FireRating: 'EI 60' })).placementRuleInfos;
    expect(info).toMatchObject({
      placementRuleId,
      typeCode: 'pipe-plastic',
      limits: {
        ServiceSize: { asked: 110, low: 20, high: 125 },
        FireRating: { asked: 60, low: null, high: 90 },
      },
      scenario: { scenarioId, fireRating: 'EI 90' },
      revitFamilyId: null,
      downloadPath: null,
    });
  });

  it('answers only active, approved records: inactive, pending and disapproved are left out', async () => {
    const { companyId, scenarioId } = await fresh();
    const typeCode = 'cable-tray';
    const live = await rule(companyId, scenarioId, { typeCode });
    await rule(companyId, scenarioId, { typeCode, active: false });
    const partner = await signedInUser(t, { role: 'partnerrole', companyId });
    const pending = await rule(companyId, scenarioId, { typeCode }, partner.authToken);
    expect(pending.tifStatus).toBe('RfA');
    const refused = await rule(companyId, scenarioId, { typeCode }, partner.authToken);
    const disapproved = await t.call('POST', '/api/placement-rules/update', {
      token: admin,
      body: {
        placementRuleInfos: [
          {
            placementRuleId: refused.placementRuleId,
            placementRuleName: 'refused',
            tifAction: 'd',
            tifReason: 'no',
          },
        ],
      },
    });
    expect(disapproved.status, JSON.stringify(disapproved.body)).toBe(200);
    expect(idsOf(await lookup({ CompanyId: companyId, TypeCode: typeCode }))).toEqual([live.placementRuleId]);
    // The rule of an inactive scenario places nothing.
    const idle = await scenario(companyId, { active: false });
    await rule(companyId, idle, { typeCode: 'busbar' });
    expect(idsOf(await lookup({ CompanyId: companyId, TypeCode: 'busbar' }))).toEqual([]);
  });

  it('answers a write at once though answers are remembered: an update, a deactivation, a refused write', async () => {
    const { companyId, scenarioId } = await fresh();
    const ask = { CompanyId: companyId, TypeCode: 'duct', ServiceSize: 300 };
    const made = await rule(companyId, scenarioId, {
      typeCode: 'duct',
      serviceSizeRangeLow: 100,
      serviceSizeRangeHigh: 400,
    });
    const update = (change: Record<string, unknown>) =>
      t.call('POST', '/api/placement-rules/update', {
        token: admin,
        body: { placementRuleInfos: [{ ...made, ...change }] },
      });
    expect(idsOf(await lookup(ask))).toEqual([made.placementRuleId]);
    expect((await update({ serviceSizeRangeHigh: 250 })).status).toBe(200);
    expect(idsOf(await lookup(ask))).toEqual([]);
    expect((await update({ serviceSizeRangeHigh: 400 })).status).toBe(200);
    expect(idsOf(await lookup(ask))).toEqual([made.placementRuleId]);
    // A refused write changes nothing, and the answer stays what it was.
    expect((await update({ serviceSizeRangeLow: 500 })).status).toBe(400);
    expect(idsOf(await lookup(ask))).toEqual([made.placementRuleId]);
    expect((await update({ active: false })).status).toBe(200);
    expect(idsOf(await lookup(ask))).toEqual([]);
  });

  it('lets a field left empty on a record match anything, after the exact ones', async () => {
    const { companyId, scenarioId } = await fresh();
    const generic = await rule(companyId, scenarioId, {});
    const exact = await rule(companyId, scenarioId, { typeCode: 'duct', materialCode: 'steel' });
    const answer = await lookup({
      CompanyId: companyId,
      TypeCode: 'duct',
      MaterialCode: 'steel',
      ServiceSize: 999,
    });
    expect(idsOf(answer)).toEqual([exact.placementRuleId, generic.placementRuleId]);
    expect(answer.placementRuleInfos[1]!.limits.ServiceSize).toEqual({ asked: 999, low: null, high: null });
    expect(idsOf(await lookup({ CompanyId: companyId, TypeCode: 'cable' }))).toEqual([
      generic.placementRuleId,
    ]);
  });

  it('matches a fire rating met or exceeded, the smallest margin first', async () => {
    const companyId = (await makeCompany(t)).id;
    const byRating: Record<string, number> = {};
    for (const rating of ['EI 30', 'EI 120', 'EI 90'])
      byRating[rating] = (
        await rule(companyId, await scenario(companyId, { fireRating: rating }))
      ).placementRuleId;
    const ask = (FireRating: string) => lookup({ CompanyId: companyId, FireRating });
    expect(idsOf(await ask('EI60'))).toEqual([byRating['EI 90'], byRating['EI 120']]);
    expect(idsOf(await ask('F90'))).toEqual([byRating['EI 90'], byRating['EI 120']]);
    expect(idsOf(await ask('2h'))).toEqual([byRating['EI 120']]);
    expect(idsOf(await ask('0'))).toEqual([byRating['EI 30'], byRating['EI 90'], byRating['EI 120']]);
    const bad = await get(admin, { CompanyId: companyId, FireRating: 'high' });
    expect(bad.status).toBe(400);
    expect((bad.body.errorDetails as TDetail[])[0]).toMatchObject({ key: 'notValid', field: 'FireRating' });
  });

  it('ranks exact material first, then the narrowest range, then the fewest closure devices; stable and bounded', async () => {
    const { companyId, scenarioId } = await fresh();
    const base = { typeCode: 'pipe-metal', serviceSizeRangeLow: 0, serviceSizeRangeHigh: 1000 };
    const generic = await rule(companyId, scenarioId, base);
    const wide = await rule(companyId, scenarioId, { ...base, materialCode: 'copper' });
    const narrowThree = await rule(companyId, scenarioId, {
      ...base,
      materialCode: 'copper',
      serviceSizeRangeLow: 50,
      serviceSizeRangeHigh: 150,
      closureDeviceSystemCount: 3,
    });
    const narrowOne = await rule(companyId, scenarioId, {
      ...base,
      materialCode: 'copper',
      serviceSizeRangeLow: 50,
      serviceSizeRangeHigh: 150,
      closureDeviceSystemCount: 1,
    });
    // A later lastUpdate, even on a clock of coarse steps.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const twin = await rule(companyId, scenarioId, {
      ...base,
      materialCode: 'copper',
      serviceSizeRangeLow: 50,
      serviceSizeRangeHigh: 150,
      closureDeviceSystemCount: 1,
    });
    const ask = { CompanyId: companyId, TypeCode: 'pipe-metal', MaterialCode: 'copper', ServiceSize: 100 };
    const expected = [
      // Of two alike, the newest first.
      twin.placementRuleId,
      narrowOne.placementRuleId,
      narrowThree.placementRuleId,
      wide.placementRuleId,
      generic.placementRuleId,
    ];
    expect(idsOf(await lookup(ask))).toEqual(expected);
    expect(idsOf(await lookup(ask))).toEqual(expected);
    expect(idsOf(await lookup({ ...ask, limit: 2 }))).toEqual(expected.slice(0, 2));
  });

  it('answers near misses when nothing matches: the closest three with their failures', async () => {
    const { companyId, scenarioId } = await fresh({ fireRating: 'EI 60' });
    const near = await rule(companyId, scenarioId, {
      typeCode: 'conduit',
      serviceSizeRangeLow: 20,
      serviceSizeRangeHigh: 125,
    });
    const farther = await rule(companyId, scenarioId, {
      typeCode: 'conduit',
      serviceSizeRangeLow: 20,
      serviceSizeRangeHigh: 100,
    });
    const twoFailures = await rule(companyId, scenarioId, {
      typeCode: 'cable',
      serviceSizeRangeLow: 20,
      serviceSizeRangeHigh: 125,
    });
    await rule(companyId, scenarioId, {
      typeCode: 'cable',
      serviceSizeRangeLow: 0,
      serviceSizeRangeHigh: 10,
    });
    const answer = await lookup({
      CompanyId: companyId,
      TypeCode: 'conduit',
      ServiceSize: 140,
      FireRating: 'EI 60',
    });
    expect(answer.placementRuleInfos).toEqual([]);
    expect(answer.nearMisses.map((miss) => miss.record.placementRuleId)).toEqual([
      near.placementRuleId,
      farther.placementRuleId,
      twoFailures.placementRuleId,
    ]);
    expect(answer.nearMisses[0]!.failures).toEqual([
      {
        parameter: 'ServiceSize',
        asked: 140,
        low: 20,
        high: 125,
        by: 15,
        message: 'ServiceSize 140 above the high bound 125',
      },
    ]);
    expect(answer.nearMisses[2]!.failures.map((failure) => failure.parameter)).toEqual([
      'TypeCode',
      'ServiceSize',
    ]);
    const hotter = await lookup({
      CompanyId: companyId,
      TypeCode: 'conduit',
      ServiceSize: 50,
      FireRating: 'EI 90',
    });
    expect(hotter.nearMisses[0]!.failures).toEqual([
      {
        parameter: 'FireRating',
        asked: 90,
        low: null,
        high: 60,
        by: 30,
        message: "FireRating 90 min above the record's rating 60 min",
      },
    ]);
    // A match answers no near misses.
    expect((await lookup({ CompanyId: companyId, TypeCode: 'conduit', ServiceSize: 50 })).nearMisses).toEqual(
      [],
    );
  });

  it.each([
    ['an unknown parameter', { Colour: 'red' }, 'Colour'],
    ['a size that is not a number', { ServiceSize: '11O' }, 'ServiceSize'],
    ['a negative size', { ApertureWidth: '-5' }, 'ApertureWidth'],
    ['a limit past 100', { limit: 101 }, 'limit'],
    ['__proto__ as a parameter', { __proto__x: 1 }, '__proto__x'],
  ])('refuses %s with a 400 naming it', async (_, params, name) => {
    const answer = await get(admin, params);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(JSON.stringify(answer.body.errorDetails)).toContain(name);
  });

  it('refuses __proto__ itself as a parameter name', async () => {
    const answer = await t.call('GET', '/api/placement-rules/diKeeperGet?__proto__=1&TypeCode=duct', {
      token: admin,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    const polluted = await t.call('GET', '/api/placement-rules/diKeeperGet?__proto__[TypeCode]=x', {
      token: admin,
    });
    expect(polluted.status, JSON.stringify(polluted.body)).toBe(400);
  });

  it("answers a partner's lookup token its tree's rules only; download tokens 403, strangers 401", async () => {
    const scenarioA = await scenario(partnerA.companyId!);
    const scenarioB = await scenario(partnerB.companyId!);
    const ruleA = await rule(partnerA.companyId!, scenarioA, { typeCode: 'mixed' });
    const ruleB = await rule(partnerB.companyId!, scenarioB, { typeCode: 'mixed' });
    const tokenOf = async (scopes: string[]) => (await makeApiToken(t, partnerA.authToken, { scopes })).token;
    const lookupToken = await tokenOf(['lookup']);
    expect(idsOf(await lookup({ TypeCode: 'mixed' }, lookupToken))).toEqual([ruleA.placementRuleId]);
    expect(idsOf(await lookup({ TypeCode: 'mixed', CompanyId: partnerB.companyId! }, lookupToken))).toEqual(
      [],
    );
    // Near misses come from the caller's tree too.
    const missed = await lookup({ TypeCode: 'mixed', CompanyId: partnerB.companyId! }, lookupToken);
    expect(missed.nearMisses).toEqual([]);
    expect(idsOf(await lookup({ TypeCode: 'mixed' }, partnerB.authToken))).toEqual([ruleB.placementRuleId]);
    expect(idsOf(await lookup({ TypeCode: 'mixed' }))).toEqual(
      expect.arrayContaining([ruleA.placementRuleId, ruleB.placementRuleId]),
    );

    expect((await get(await tokenOf(['download']), { TypeCode: 'mixed' })).status).toBe(403);
    expect((await get(undefined, { TypeCode: 'mixed' })).status).toBe(401);
    expect((await get('not-a-token', { TypeCode: 'mixed' })).status).toBe(401);
  });

  it("answers an end user every company's published rules, as the finds show them", async () => {
    // Two companies of their own, so the partners' trees hold no more rules than their own test made.
    const [one, two] = [(await makeCompany(t)).id, (await makeCompany(t)).id];
    const ruleA = await rule(one, await scenario(one), { typeCode: 'mixed' });
    const ruleB = await rule(two, await scenario(two), { typeCode: 'mixed' });
    const architect = await signedInUser(t, { role: 'userrole', companyId: (await makeCompany(t)).id });
    expect(idsOf(await lookup({ TypeCode: 'mixed', limit: 100 }, architect.authToken))).toEqual(
      expect.arrayContaining([ruleA.placementRuleId, ruleB.placementRuleId]),
    );
  });

  it('carries the family its scenario places and the download path', async () => {
    const companyId = (await makeCompany(t)).id;
    const saved = await saveFamily(t, companyId);
    const scenarioId = await scenario(companyId, { revitFamilyId: saved.revitFamilyId });
    const { placementRuleId } = await rule(companyId, scenarioId, {});
    const [info] = (await lookup({ CompanyId: companyId })).placementRuleInfos;
    expect(info).toMatchObject({
      placementRuleId,
      revitFamilyId: saved.revitFamilyId,
      revitFamilyName: saved.revitFamilyName,
      revitVersion: saved.revitVersion,
      downloadPath: `/api/family/download/content/${saved.revitFamilyId}`,
      scenario: { revitFamilyId: saved.revitFamilyId },
    });
    expect(info!.revitFamilyFileHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
