import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { unique } from '../../../test/factories.ts';
import {
  expectError,
  firestopTeam,
  recordCalls,
  saveScenario,
  type TDetail,
  type TStored,
} from '../../../test/firestop.ts';

let t: TTestApp;
let admin: string;
let companyId: number;
/** The word every scenario of this file carries, so the finds see only this file's records. */
const tag = unique('sfind');
let wall: TStored<'scenarioId'>;
let floor: TStored<'scenarioId'>;
let open: TStored<'scenarioId'>;

const { find } = recordCalls<TStored<'scenarioId'>>(() => t, 'scenario');

/** The names of the scenarios of this file a find answers, sorted. */
const namesOf = async (body: Record<string, unknown>) =>
  (await find(admin, { search: tag, ...body })).scenarioInfos.map((s) => s.scenarioName).sort();

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, companyId } = await firestopTeam(t));
  const save = (name: string, extra: Record<string, unknown>) =>
    saveScenario(t, admin, { scenarioName: `${tag} ${name}`, companyId, ...extra });
  wall = await save('wall', {
    constructionElement: 'wall-rigid',
    constructionMaterialCode: 'concrete',
    fireRating: 'EI 90',
    apertureSizeMinWidth: 50,
    apertureSizeMaxWidth: 300,
    apertureSizeMinHeight: 50,
    apertureSizeMaxHeight: 200,
    constructionThickness: 100,
  });
  floor = await save('floor', {
    constructionElement: 'floor-rigid',
    constructionMaterialCode: 'clt',
    fireRating: 'EI 60',
    apertureSizeMinWidth: 100,
    apertureSizeMaxWidth: 150,
    constructionThickness: 200,
  });
  // No bounds and no codes: holds any size, matches no code filter.
  open = await save('open', {});
});
afterAll(() => t.close());

describe('scenario find filters', () => {
  it('filters on each code, one or several values', async () => {
    expect(await namesOf({ constructionMaterialCodes: ['concrete'] })).toEqual([wall.scenarioName]);
    expect(await namesOf({ constructionMaterialCodes: ['concrete', 'clt'] })).toEqual(
      [floor.scenarioName, wall.scenarioName].sort(),
    );
    expect(await namesOf({ constructionElements: ['floor-rigid'] })).toEqual([floor.scenarioName]);
    expect(await namesOf({ fireRatings: ['EI 90'] })).toEqual([wall.scenarioName]);
    expect(await namesOf({ fireRatings: ['EI 120'] })).toEqual([]);
  });

  it('keeps the scenarios whose aperture bounds hold a width or height, both ends inclusive', async () => {
    expect(await namesOf({ apertureWidth: 50 })).toEqual([open.scenarioName, wall.scenarioName].sort());
    expect(await namesOf({ apertureWidth: 150 })).toEqual(
      [floor.scenarioName, open.scenarioName, wall.scenarioName].sort(),
    );
    expect(await namesOf({ apertureWidth: 300.5 })).toEqual([open.scenarioName]);
    // floor has no height bounds: any height.
    expect(await namesOf({ apertureHeight: 250 })).toEqual([floor.scenarioName, open.scenarioName].sort());
    expect(await namesOf({ apertureWidth: 120, apertureHeight: 60 })).toEqual(
      [floor.scenarioName, open.scenarioName, wall.scenarioName].sort(),
    );
  });

  it('keeps the scenarios a construction of the given thickness is thick enough for', async () => {
    expect(await namesOf({ constructionThickness: 99 })).toEqual([open.scenarioName]);
    expect(await namesOf({ constructionThickness: 100 })).toEqual(
      [open.scenarioName, wall.scenarioName].sort(),
    );
    expect(await namesOf({ constructionThickness: 250 })).toEqual(
      [floor.scenarioName, open.scenarioName, wall.scenarioName].sort(),
    );
  });

  it('combines filters with the search and counts only what matches', async () => {
    const answer = await find(admin, {
      search: `${tag} wall`,
      constructionMaterialCodes: ['concrete'],
      apertureWidth: 200,
      pageSize: 1,
    });
    expect(answer.totalCount).toBe(1);
    expect(answer.scenarioInfos.map((s) => s.scenarioId)).toEqual([wall.scenarioId]);
    expect(
      (await find(admin, { search: tag, constructionMaterialCodes: ['clt'], apertureWidth: 200 })).totalCount,
    ).toBe(0);
  });

  it('refuses a bad filter with 400 naming it', async () => {
    const bad = (body: Record<string, unknown>) =>
      t.call('POST', '/api/scenario/find', { token: admin, body });
    for (const [body, field] of [
      [{ apertureWidth: -1 }, 'apertureWidth'],
      [{ apertureHeight: '12' }, 'apertureHeight'],
      [{ constructionThickness: 1e12 }, 'constructionThickness'],
      [{ constructionMaterialCodes: 'concrete' }, 'constructionMaterialCodes'],
      [{ constructionElements: [''] }, 'constructionElements'],
      [{ fireRatings: ['x'.repeat(51)] }, 'fireRatings'],
    ] as const) {
      const answer = await bad(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      const details = answer.body.errorDetails as TDetail[];
      expect(details.map((d) => d.field?.split('.')[0])).toContain(field);
    }
    expectError(
      await bad({ constructionMaterialCodes: Array(101).fill('concrete') }),
      400,
      'tooManyItems',
      'constructionMaterialCodes',
    );
  });
});
