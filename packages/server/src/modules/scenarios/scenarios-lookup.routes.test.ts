import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, type TSignedIn } from '../../../test/factories.ts';
import {
  lookupCalls,
  makeApiToken,
  saveScenario,
  type TLookupFailure,
  type TLookupLimits,
} from '../../../test/firestop.ts';

let t: TTestApp;
let admin: string;
let partnerA: TSignedIn;
let partnerB: TSignedIn;

type TInfo = Record<string, unknown> & { scenarioId: number; limits: TLookupLimits };
type TAnswer = { scenarioInfos: TInfo[]; nearMisses: Array<{ record: TInfo; failures: TLookupFailure[] }> };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  partnerA = await signedInUser(t, { role: 'partnerrole' });
  partnerB = await signedInUser(t, { role: 'partnerrole' });
});
afterAll(() => t.close());

const scenario = (companyId: number, extra: Record<string, unknown> = {}, token = admin) =>
  saveScenario(t, token, { companyId, ...extra });
const { get, lookup } = lookupCalls<TAnswer>(() => t, 'scenario');

const idsOf = (answer: TAnswer) => answer.scenarioInfos.map((info) => info.scenarioId);

describe('GET /scenario/diKeeperGet', () => {
  it('matches an aperture inside and at both edges of its ranges, and a thick enough construction', async () => {
    const companyId = (await makeCompany(t)).id;
    const { scenarioId } = await scenario(companyId, {
      constructionElement: 'wall',
      constructionMaterialCode: 'concrete',
      constructionThickness: 100,
      apertureSizeMinWidth: 50,
      apertureSizeMaxWidth: 300,
      apertureSizeMinHeight: 50,
      apertureSizeMaxHeight: 200,
      fireRating: 'EI 120',
    });
    const ask = { CompanyId: companyId, ConstructionElement: 'wall', ConstructionMaterialCode: 'Concrete' };
    for (const [width, height] of [
      [50, 50],
      [300, 200],
      [120, 80],
    ])
      expect(idsOf(await lookup({ ...ask, ApertureWidth: width!, ApertureHeight: height! }))).toEqual([
        scenarioId,
      ]);
    for (const [width, height] of [
      [49.9, 80],
      [120, 200.5],
    ])
      expect(idsOf(await lookup({ ...ask, ApertureWidth: width!, ApertureHeight: height! }))).toEqual([]);
    expect(idsOf(await lookup({ ...ask, ConstructionThickness: 100 }))).toEqual([scenarioId]);
    expect(idsOf(await lookup({ ...ask, ConstructionThickness: 90 }))).toEqual([]);

    const [info] = (
      await lookup({ ...ask, ApertureWidth: 120, ConstructionThickness: 150, FireRating: 'EI 90' })
    ).scenarioInfos;
    expect(info).toMatchObject({
      scenarioId,
      constructionMaterialCode: 'concrete',
      limits: {
        ApertureWidth: { asked: 120, low: 50, high: 300 },
        ConstructionThickness: { asked: 150, low: 100, high: null },
        FireRating: { asked: 90, low: null, high: 120 },
      },
      revitFamilyId: null,
      downloadPath: null,
    });
  });

  it('leaves out inactive and unapproved scenarios, ranks exact before generic and the smallest rating margin', async () => {
    const companyId = (await makeCompany(t)).id;
    const generic = await scenario(companyId, { fireRating: 'EI 60' });
    const exact120 = await scenario(companyId, { constructionElement: 'floor', fireRating: 'EI 120' });
    const exact60 = await scenario(companyId, { constructionElement: 'floor', fireRating: 'EI 60' });
    await scenario(companyId, { constructionElement: 'floor', fireRating: 'EI 60', active: false });
    const partner = await signedInUser(t, { role: 'partnerrole', companyId });
    expect((await scenario(companyId, { constructionElement: 'floor' }, partner.authToken)).tifStatus).toBe(
      'RfA',
    );
    expect(
      idsOf(await lookup({ CompanyId: companyId, ConstructionElement: 'floor', FireRating: '60' })),
    ).toEqual([exact60.scenarioId, exact120.scenarioId, generic.scenarioId]);
    expect(
      idsOf(await lookup({ CompanyId: companyId, ConstructionElement: 'floor', FireRating: '90' })),
    ).toEqual([exact120.scenarioId]);
  });

  it('answers near misses with their failures when nothing matches', async () => {
    const companyId = (await makeCompany(t)).id;
    const near = await scenario(companyId, { apertureSizeMinWidth: 10, apertureSizeMaxWidth: 100 });
    const answer = await lookup({ CompanyId: companyId, ApertureWidth: 130 });
    expect(answer.scenarioInfos).toEqual([]);
    expect(answer.nearMisses.map((miss) => miss.record.scenarioId)).toEqual([near.scenarioId]);
    expect(answer.nearMisses[0]!.failures).toEqual([
      {
        parameter: 'ApertureWidth',
        asked: 130,
        low: 10,
        high: 100,
        by: 30,
        message: 'ApertureWidth 130 above the high bound 100',
      },
    ]);
  });

  it.each([
    ['a rule parameter', 'TypeCode=duct', 'TypeCode'],
    ['an unknown parameter', 'Colour=red', 'Colour'],
    ['a thickness that is not a number', 'ConstructionThickness=thick', 'ConstructionThickness'],
    ['__proto__ as a parameter', '__proto__=1&ConstructionElement=wall', '__proto__'],
  ])('refuses %s with a 400 naming it', async (_, query, name) => {
    const answer = await t.call('GET', `/api/scenario/diKeeperGet?${query}`, { token: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(JSON.stringify(answer.body.errorDetails)).toContain(name);
  });

  it("answers a partner's lookup token its tree's scenarios only; download tokens 403, strangers 401", async () => {
    const mine = await scenario(partnerA.companyId!, { constructionElement: 'shaft-wall' });
    const theirs = await scenario(partnerB.companyId!, { constructionElement: 'shaft-wall' });
    const tokenOf = async (scopes: string[]) => (await makeApiToken(t, partnerA.authToken, { scopes })).token;
    const token = await tokenOf(['lookup']);
    expect(idsOf(await lookup({ ConstructionElement: 'shaft-wall' }, token))).toEqual([mine.scenarioId]);
    expect(
      await lookup({ ConstructionElement: 'shaft-wall', CompanyId: partnerB.companyId! }, token),
    ).toMatchObject({
      scenarioInfos: [],
      nearMisses: [],
    });
    expect(idsOf(await lookup({ ConstructionElement: 'shaft-wall' }, partnerB.authToken))).toEqual([
      theirs.scenarioId,
    ]);
    expect((await get(await tokenOf(['download']), {})).status).toBe(403);
    expect((await get(undefined, {})).status).toBe(401);
  });
});
