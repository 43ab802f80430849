import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { unique } from '../../../test/factories.ts';
import {
  expectError,
  firestopTeam,
  recordCalls,
  saveRule,
  saveScenario,
  type TDetail,
  type TStored,
} from '../../../test/firestop.ts';

let t: TTestApp;
let admin: string;
/** The word every rule of this file carries, so the finds see only this file's records. */
const tag = unique('rfind');
let plastic: TStored<'placementRuleId'>;
let metal: TStored<'placementRuleId'>;
let open: TStored<'placementRuleId'>;

const { find } = recordCalls<TStored<'placementRuleId'>>(() => t, 'rule');

/** The names of the rules of this file a find answers, sorted. */
const namesOf = async (body: Record<string, unknown>) =>
  (await find(admin, { search: tag, ...body })).placementRuleInfos
    .map((r) => String(r.placementRuleName))
    .sort();
const names = (...rules: Array<TStored<'placementRuleId'>>) =>
  rules.map((r) => String(r.placementRuleName)).sort();

beforeAll(async () => {
  t = await createTestApp();
  let companyId: number;
  ({ admin, companyId } = await firestopTeam(t));
  const { scenarioId } = await saveScenario(t, admin, { companyId });
  const save = (name: string, extra: Record<string, unknown>) =>
    saveRule(t, admin, { placementRuleName: `${tag} ${name}`, scenarioId, companyId, ...extra });
  plastic = await save('plastic', {
    typeCode: 'pipe-plastic',
    materialCode: 'pvc',
    serviceSizeRangeLow: 20,
    serviceSizeRangeHigh: 125,
    closureDeviceSystemType: 'collar',
    additionalInsulationTypeCode: 'mineral-wool',
  });
  metal = await save('metal', {
    typeCode: 'pipe-metal',
    materialCode: 'steel',
    serviceSizeRangeLow: 100,
    closureDeviceSystemType: 'wrap',
  });
  // No range and no codes: holds any size, matches no code filter.
  open = await save('open', {});
});
afterAll(() => t.close());

describe('placement rule find filters', () => {
  it('filters on each code, one or several values', async () => {
    expect(await namesOf({ typeCodes: ['pipe-plastic'] })).toEqual(names(plastic));
    expect(await namesOf({ typeCodes: ['pipe-plastic', 'pipe-metal'] })).toEqual(names(plastic, metal));
    expect(await namesOf({ materialCodes: ['steel'] })).toEqual(names(metal));
    expect(await namesOf({ additionalInsulationTypeCodes: ['mineral-wool'] })).toEqual(names(plastic));
    expect(await namesOf({ closureDeviceSystemTypes: ['wrap'] })).toEqual(names(metal));
    expect(await namesOf({ materialCodes: ['copper'] })).toEqual([]);
  });

  it('keeps the rules whose range holds the service size, both ends inclusive', async () => {
    expect(await namesOf({ serviceSize: 19.9 })).toEqual(names(open));
    expect(await namesOf({ serviceSize: 20 })).toEqual(names(plastic, open));
    expect(await namesOf({ serviceSize: 100 })).toEqual(names(plastic, metal, open));
    expect(await namesOf({ serviceSize: 125 })).toEqual(names(plastic, metal, open));
    // metal has no high bound: any size from 100 up.
    expect(await namesOf({ serviceSize: 5000 })).toEqual(names(metal, open));
  });

  it('combines filters and counts only what matches', async () => {
    const answer = await find(admin, { search: tag, typeCodes: ['pipe-plastic'], serviceSize: 110 });
    expect(answer.totalCount).toBe(1);
    expect(answer.placementRuleInfos.map((r) => r.placementRuleId)).toEqual([plastic.placementRuleId]);
    expect(
      (await find(admin, { search: tag, typeCodes: ['pipe-plastic'], serviceSize: 126 })).totalCount,
    ).toBe(0);
  });

  it('refuses a bad filter with 400 naming it', async () => {
    const bad = (body: Record<string, unknown>) =>
      t.call('POST', '/api/placement-rules/find', { token: admin, body });
    for (const [body, field] of [
      [{ serviceSize: -0.5 }, 'serviceSize'],
      [{ serviceSize: 'big' }, 'serviceSize'],
      [{ typeCodes: 'pipe-plastic' }, 'typeCodes'],
      [{ materialCodes: [''] }, 'materialCodes'],
      [{ additionalInsulationTypeCodes: [7] }, 'additionalInsulationTypeCodes'],
      [{ closureDeviceSystemTypes: ['x'.repeat(101)] }, 'closureDeviceSystemTypes'],
    ] as const) {
      const answer = await bad(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      const details = answer.body.errorDetails as TDetail[];
      expect(details.map((d) => d.field?.split('.')[0])).toContain(field);
    }
    expectError(await bad({ typeCodes: Array(101).fill('duct') }), 400, 'tooManyItems', 'typeCodes');
  });
});
