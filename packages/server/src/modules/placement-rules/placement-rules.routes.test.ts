import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { unique, type TSignedIn } from '../../../test/factories.ts';
import { expectError, firestopTeam, recordCalls, rowsOf, saveScenario } from '../../../test/firestop.ts';

let t: TTestApp;
let admin: string;
let companyId: number;
let partner: TSignedIn;
let stranger: TSignedIn;
let reader: TSignedIn;
let scenarioId: number;

type TRule = Record<string, unknown> & {
  placementRuleId: number;
  placementRuleName: string;
  tifStatus: string;
  tifOriginalId: number | null;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, companyId, partner, stranger, reader } = await firestopTeam(t));
  scenarioId = await scenario(admin, companyId);
});
afterAll(() => t.close());

/** A scenario saved as `token`, under `company` when named (else the caller's own). */
const scenario = async (token: string, company: number | undefined) =>
  (await saveScenario(t, token, company ? { companyId: company } : {})).scenarioId;
const { send, ok, find } = recordCalls<TRule>(() => t, 'rule');
const { rowCount, rowOf } = rowsOf(() => t, 'rule');

const published = (extra: Record<string, unknown> = {}) =>
  ok(admin, 'save', { placementRuleName: unique('Rule'), scenarioId, companyId, ...extra });

describe('placement rule CRUD', () => {
  it('saves every field of spec 3 and answers it as find does', async () => {
    const saved = await ok(admin, 'save', {
      placementRuleName: unique('Plastic pipe'),
      scenarioId,
      companyId,
      typeCode: 'Pipe-Plastic',
      materialCode: 'pvc',
      serviceSizeRangeLow: 20,
      serviceSizeRangeHigh: 125,
      closureDeviceSystemType: 'any collar text',
      closureDeviceSystemCount: 2,
      closureDeviceSystemThickness: 12.5,
      additionalInsulationTypeCode: 'mineral-wool',
      additionalInsulationThickness: 30,
    });
    expect(saved).toMatchObject({
      scenarioId,
      // Matched without regard to case, stored as the list spells it.
      typeCode: 'pipe-plastic',
      materialCode: 'pvc',
      serviceSizeRangeLow: 20,
      serviceSizeRangeHigh: 125,
      closureDeviceSystemType: 'any collar text',
      closureDeviceSystemCount: 2,
      additionalInsulationTypeCode: 'mineral-wool',
      active: true,
      tifStatus: 'A',
      companyId,
    });
    expect(typeof saved.scenarioName).toBe('string');
    expect((await find(admin, { ids: [saved.placementRuleId] })).placementRuleInfos).toEqual([saved]);
  });

  it('takes back a found record with one field changed', async () => {
    const saved = await published();
    const [record] = (await find(admin, { ids: [saved.placementRuleId] })).placementRuleInfos;
    const updated = await ok(admin, 'update', { ...record, closureDeviceSystemType: 'After' });
    expect(updated).toEqual({ ...record, closureDeviceSystemType: 'After', lastUpdate: updated.lastUpdate });
  });

  it('finds by name, scenario and activity, sorted and paged', async () => {
    const tag = unique('Findme');
    const other = await scenario(admin, companyId);
    await published({ placementRuleName: `${tag} b`, serviceSizeRangeLow: 10 });
    const a = await published({ placementRuleName: `${tag} a`, serviceSizeRangeLow: 30 });
    await published({ placementRuleName: `${tag} c`, active: false, scenarioId: other });
    const all = await find(admin, { search: tag, sort: [{ field: 'serviceSizeRangeLow', dir: 'desc' }] });
    expect(all.totalCount).toBe(3);
    const active = await find(admin, { search: tag, active: true, scenarioIds: [scenarioId], pageSize: 1 });
    expect(active.totalCount).toBe(2);
    const page = await find(admin, {
      search: tag,
      active: true,
      pageSize: 1,
      page: 1,
      sort: [{ field: 'placementRuleName', dir: 'asc' }],
    });
    expect(page.placementRuleInfos.map((r) => r.placementRuleId)).toEqual([a.placementRuleId]);
  });

  it('updates and deletes a rule an admin names', async () => {
    const saved = await published({ serviceSizeRangeLow: 20, serviceSizeRangeHigh: 50 });
    const updated = await ok(admin, 'update', {
      placementRuleId: saved.placementRuleId,
      placementRuleName: saved.placementRuleName,
      serviceSizeRangeHigh: 60,
    });
    expect(updated).toMatchObject({ serviceSizeRangeLow: 20, serviceSizeRangeHigh: 60 });
    const deleted = await t.call('POST', '/api/placement-rules/delete', {
      token: admin,
      body: { placementRuleInfos: [{ placementRuleId: saved.placementRuleId }] },
    });
    expect(deleted.status).toBe(200);
    expect(await rowOf(saved.placementRuleId)).toBeUndefined();
  });
});

describe('placement rule validation', () => {
  it('refuses negative sizes and a low bound above the high one, naming the field, and saves nothing', async () => {
    const before = await rowCount();
    expectError(
      await send(admin, 'save', { placementRuleName: 'x', serviceSizeRangeLow: -1 }),
      400,
      'tooSmall',
      'placementRuleInfos.0.serviceSizeRangeLow',
    );
    expectError(
      await send(admin, 'save', { placementRuleName: 'x', additionalInsulationThickness: -2 }),
      400,
      'tooSmall',
    );
    expectError(
      await send(admin, 'save', { placementRuleName: 'x', closureDeviceSystemCount: 1.5 }),
      400,
      'notValid',
    );
    expectError(
      await send(admin, 'save', {
        placementRuleName: 'x',
        serviceSizeRangeLow: 126,
        serviceSizeRangeHigh: 125,
      }),
      400,
      'rangeReversed',
      'placementRuleInfos.0.serviceSizeRangeLow',
    );
    expect(await rowCount()).toBe(before);
  });

  it('refuses an update whose one bound crosses the stored other bound', async () => {
    const saved = await published({ serviceSizeRangeLow: 20, serviceSizeRangeHigh: 50 });
    expectError(
      await send(admin, 'update', {
        placementRuleId: saved.placementRuleId,
        placementRuleName: saved.placementRuleName,
        serviceSizeRangeHigh: 10,
      }),
      400,
      'rangeReversed',
      'serviceSizeRangeLow',
    );
    expect((await rowOf(saved.placementRuleId))!.serviceSizeRangeHigh).toBe(50);
  });

  it('refuses codes that are not items of their lists', async () => {
    for (const field of ['typeCode', 'materialCode', 'additionalInsulationTypeCode'])
      expectError(
        await send(admin, 'save', { placementRuleName: 'x', [field]: 'unobtainium' }),
        400,
        'listItemNotValid',
        field,
      );
  });

  it('refuses a scenario outside the caller tree, missing or a request copy with 404 naming scenarioId', async () => {
    const theirs = await scenario(stranger.authToken, undefined);
    expectError(
      await send(partner.authToken, 'save', { placementRuleName: 'x', scenarioId: theirs }),
      404,
      'notFound',
      'scenarioId',
    );
    expectError(
      await send(admin, 'save', { placementRuleName: 'x', scenarioId: 2 ** 31 - 1 }),
      404,
      'notFound',
      'scenarioId',
    );
    const copy = await t.call('POST', '/api/scenario/update', {
      token: partner.authToken,
      body: { scenarioInfos: [{ scenarioId: await scenario(admin, companyId), scenarioName: 'changed' }] },
    });
    const copyId = (copy.body.scenarioInfos as Array<{ scenarioId: number }>)[0]!.scenarioId;
    expectError(
      await send(partner.authToken, 'save', { placementRuleName: 'x', scenarioId: copyId }),
      404,
      'notFound',
      'scenarioId',
    );
  });

  it('answers hostile input with 400, never 500', async () => {
    expectError(await send(admin, 'save', { placementRuleName: 'a\u0000b' }), 400, 'nulCharacter');
    expectError(await send(admin, 'save', { placementRuleName: 'x', scenarioId: 2 ** 31 }), 400, 'tooLarge');
    expectError(
      await send(admin, 'update', { placementRuleId: 2 ** 31, placementRuleName: 'x' }),
      400,
      'tooLarge',
    );
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/placement-rules/save',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: `{"placementRuleInfos":[{"placementRuleName":"p","__proto__":{"tifStatus":"A"}}]}`,
    });
    expect(proto.statusCode).toBe(400);
  });

  it('saves 20 identical rules sent at once, each once', async () => {
    const name = unique('Twenty');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(partner.authToken, 'save', { placementRuleName: name, scenarioId }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect((await find(admin, { search: name, includeTempItems: true })).totalCount).toBe(20);
  });
});

describe('placement rule tenancy', () => {
  it('answers strangers 401 and end users 403 on writes', async () => {
    expect((await t.call('POST', '/api/placement-rules/find', { body: {} })).status).toBe(401);
    expect((await send(undefined, 'save', { placementRuleName: 'x' })).status).toBe(401);
    const saved = await published();
    expectError(await send(reader.authToken, 'save', { placementRuleName: 'x' }), 403, 'permissionRequired');
    expectError(
      await send(reader.authToken, 'update', {
        placementRuleId: saved.placementRuleId,
        placementRuleName: 'x',
      }),
      403,
      'permissionRequired',
    );
  });

  it('shows another company partner nothing and answers its changes 404', async () => {
    const saved = await published();
    const pending = await ok(partner.authToken, 'save', { placementRuleName: unique('Pending') });
    const theirs = await find(stranger.authToken, {
      ids: [saved.placementRuleId, pending.placementRuleId],
      includeTempItems: true,
    });
    expect(theirs.totalCount).toBe(0);
    expectError(
      await send(stranger.authToken, 'update', {
        placementRuleId: saved.placementRuleId,
        placementRuleName: 'x',
      }),
      404,
      'notFound',
    );
    const deleted = await t.call('POST', '/api/placement-rules/delete', {
      token: stranger.authToken,
      body: { placementRuleInfos: [{ placementRuleId: pending.placementRuleId }] },
    });
    expect(deleted.status).toBe(404);
    expect(await rowOf(pending.placementRuleId)).toBeDefined();
  });

  it('shows end users only active published rules', async () => {
    const live = await published();
    const inactive = await published({ active: false });
    const pending = await ok(partner.authToken, 'save', { placementRuleName: unique('Pending') });
    const seen = await find(reader.authToken, {
      ids: [live.placementRuleId, inactive.placementRuleId, pending.placementRuleId],
      includeTempItems: true,
    });
    expect(seen.placementRuleInfos.map((r) => r.placementRuleId)).toEqual([live.placementRuleId]);
    expect(seen.placementRuleInfos[0]!.tifOriginalId).toBeNull();
  });
});

describe('placement rule workflow', () => {
  it('keeps a partner save as a request (RfA) shown only with includeTempItems, then published', async () => {
    const request = await ok(partner.authToken, 'save', { placementRuleName: unique('Asked') });
    expect(request.tifStatus).toBe('RfA');
    expect((await find(admin, { ids: [request.placementRuleId] })).totalCount).toBe(0);
    expect(
      (await find(partner.authToken, { ids: [request.placementRuleId], includeTempItems: true })).totalCount,
    ).toBe(1);
    const approved = await ok(admin, 'update', {
      placementRuleId: request.placementRuleId,
      placementRuleName: request.placementRuleName,
      tifAction: 'a',
    });
    expect(approved.tifStatus).toBe('A');
  });

  it('makes a partner update a copy (RfC) that an admin applies or disapproves', async () => {
    const original = await published({ serviceSizeRangeLow: 10, serviceSizeRangeHigh: 40 });
    const copy = await ok(partner.authToken, 'update', {
      placementRuleId: original.placementRuleId,
      placementRuleName: original.placementRuleName,
      serviceSizeRangeHigh: 90,
    });
    expect(copy).toMatchObject({
      tifStatus: 'RfC',
      tifOriginalId: original.placementRuleId,
      serviceSizeRangeHigh: 90,
    });
    expect((await rowOf(original.placementRuleId))!.tifTempId).toBe(copy.placementRuleId);
    await ok(admin, 'update', {
      placementRuleId: copy.placementRuleId,
      placementRuleName: copy.placementRuleName,
      tifAction: 'a',
    });
    expect(await rowOf(original.placementRuleId)).toMatchObject({
      serviceSizeRangeHigh: 90,
      tifStatus: 'A',
      tifTempId: null,
    });

    const second = await ok(partner.authToken, 'update', {
      placementRuleId: original.placementRuleId,
      placementRuleName: 'renamed',
    });
    const refused = await ok(admin, 'update', {
      placementRuleId: second.placementRuleId,
      placementRuleName: second.placementRuleName,
      tifAction: 'd',
      tifReason: 'Range not tested',
    });
    expect(refused.tifStatus).toBe('D');
    expect(await rowOf(original.placementRuleId)).toMatchObject({
      name: original.placementRuleName,
      tifStatus: 'A',
      tifTempId: null,
    });
  });

  it('answers 409 to a transition not in the table and changes nothing', async () => {
    const live = await published();
    const before = await rowOf(live.placementRuleId);
    for (const action of ['a', 'c', 'i', 'DUP', 'RES'])
      expectError(
        await send(admin, 'update', {
          placementRuleId: live.placementRuleId,
          placementRuleName: 'x',
          tifAction: action,
        }),
        409,
        'tifRefused',
      );
    expect(await rowOf(live.placementRuleId)).toEqual(before);
  });
});
