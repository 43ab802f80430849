import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { unique, type TSignedIn } from '../../../test/factories.ts';
import {
  expectError,
  firestopTeam,
  recordCalls,
  rowsOf,
  saveFamily,
  type TDetail,
} from '../../../test/firestop.ts';

let t: TTestApp;
let admin: string;
let companyId: number;
let partner: TSignedIn;
let stranger: TSignedIn;
let reader: TSignedIn;
let familyId: number;

type TScenario = Record<string, unknown> & {
  scenarioId: number;
  scenarioName: string;
  tifStatus: string;
  tifOriginalId: number | null;
  tifTempId: number | null;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, companyId, partner, stranger, reader } = await firestopTeam(t));
  familyId = await family(companyId);
});
afterAll(() => t.close());

const family = async (company: number) => (await saveFamily(t, company)).revitFamilyId;
const { send, ok, find } = recordCalls<TScenario>(() => t, 'scenario');
const { rowCount, rowOf } = rowsOf(() => t, 'scenario');

const published = (extra: Record<string, unknown> = {}) =>
  ok(admin, 'save', { scenarioName: unique('Seal'), companyId, revitFamilyId: familyId, ...extra });

describe('scenario CRUD', () => {
  it('saves every field of spec 3 and answers it as find does', async () => {
    const saved = await ok(admin, 'save', {
      scenarioName: unique('Wall seal'),
      revitFamilyId: familyId,
      companyId,
      documentType: 'ETA',
      pageNumber: 12,
      detailReference: 'D-7.1',
      fireRating: 'EI 90',
      acousticPerformance: '52 dB',
      apertureSizeMinWidth: 50,
      apertureSizeMaxWidth: 600,
      apertureSizeMinHeight: 50,
      apertureSizeMaxHeight: 400.5,
      constructionElement: 'wall-rigid',
      constructionMaterialCode: 'CONCRETE',
      constructionThickness: 150,
      serviceSupport: 'Support within 500 mm on both sides',
    });
    expect(saved).toMatchObject({
      revitFamilyId: familyId,
      companyId,
      documentType: 'ETA',
      pageNumber: '12',
      fireRating: 'EI 90',
      apertureSizeMaxHeight: 400.5,
      // Matched without regard to case, stored as the list spells it.
      constructionMaterialCode: 'concrete',
      active: true,
      tifStatus: 'A',
      tifOriginalId: null,
    });
    expect(typeof saved.revitFamilyName).toBe('string');
    const found = await find(admin, { ids: [saved.scenarioId] });
    expect(found.scenarioInfos).toEqual([saved]);
  });

  it('stores fireRating "0" when it is empty or left out', async () => {
    expect((await published({ fireRating: '' })).fireRating).toBe('0');
    expect((await published({ fireRating: null })).fireRating).toBe('0');
    expect((await published()).fireRating).toBe('0');
  });

  it('keeps fields an update leaves out and clears those sent as null', async () => {
    const saved = await published({ documentType: 'ETA', detailReference: 'X1', fireRating: 'EI 60' });
    const updated = await ok(admin, 'update', {
      scenarioId: saved.scenarioId,
      scenarioName: saved.scenarioName,
      detailReference: null,
    });
    expect(updated).toMatchObject({ documentType: 'ETA', detailReference: null, fireRating: 'EI 60' });
  });

  it('takes back a found record with one field changed', async () => {
    const saved = await published();
    const [record] = (await find(admin, { ids: [saved.scenarioId] })).scenarioInfos;
    const updated = await ok(admin, 'update', { ...record, documentType: 'After' });
    expect(updated).toEqual({ ...record, documentType: 'After', lastUpdate: updated.lastUpdate });
  });

  it('finds by name, activity and page, sorted as asked', async () => {
    const tag = unique('Findme');
    const made = [
      await published({ scenarioName: `${tag} b` }),
      await published({ scenarioName: `${tag} a` }),
      await published({ scenarioName: `${tag} c`, active: false }),
    ];
    const all = await find(admin, { search: tag, sort: [{ field: 'scenarioName', dir: 'desc' }] });
    expect(all.totalCount).toBe(3);
    expect(all.scenarioInfos.map((s) => s.scenarioName)).toEqual([`${tag} c`, `${tag} b`, `${tag} a`]);
    const active = await find(admin, {
      search: tag,
      active: true,
      pageSize: 1,
      page: 2,
      sort: [{ field: 'scenarioName', dir: 'asc' }],
    });
    expect(active.totalCount).toBe(2);
    expect(active.scenarioInfos.map((s) => s.scenarioId)).toEqual([made[0]!.scenarioId]);
    expectError(
      await t.call('POST', '/api/scenario/find', { token: admin, body: { sort: [{ field: '__proto__' }] } }),
      400,
      'sortFieldNotValid',
    );
  });

  it('deletes a scenario an admin names', async () => {
    const saved = await published();
    const deleted = await t.call('POST', '/api/scenario/delete', {
      token: admin,
      body: { scenarioInfos: [{ scenarioId: saved.scenarioId }] },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await rowOf(saved.scenarioId)).toBeUndefined();
  });
});

describe('scenario validation', () => {
  it('refuses negative sizes and a minimum above its maximum, naming the field, and saves nothing', async () => {
    const before = await rowCount();
    expectError(
      await send(admin, 'save', { scenarioName: 'x', apertureSizeMinWidth: -1 }),
      400,
      'tooSmall',
      'scenarioInfos.0.apertureSizeMinWidth',
    );
    expectError(
      await send(admin, 'save', { scenarioName: 'x', constructionThickness: -0.5 }),
      400,
      'tooSmall',
    );
    expectError(
      await send(admin, 'save', { scenarioName: 'x', apertureSizeMinWidth: 700, apertureSizeMaxWidth: 600 }),
      400,
      'rangeReversed',
      'scenarioInfos.0.apertureSizeMinWidth',
    );
    expectError(
      await send(admin, 'save', { scenarioName: 'x', apertureSizeMinHeight: 10, apertureSizeMaxHeight: 9 }),
      400,
      'rangeReversed',
      'scenarioInfos.0.apertureSizeMinHeight',
    );
    expectError(
      await send(admin, 'save', { scenarioName: 'x', apertureSizeMaxWidth: 'wide' }),
      400,
      'notValid',
    );
    expect(await rowCount()).toBe(before);
  });

  it('refuses an update whose one bound crosses the stored other bound', async () => {
    const saved = await published({ apertureSizeMinWidth: 100, apertureSizeMaxWidth: 300 });
    expectError(
      await send(admin, 'update', {
        scenarioId: saved.scenarioId,
        scenarioName: saved.scenarioName,
        apertureSizeMinWidth: 301,
      }),
      400,
      'rangeReversed',
      'apertureSizeMinWidth',
    );
    expect((await rowOf(saved.scenarioId))!.apertureSizeMinWidth).toBe(100);
  });

  it('refuses texts past their limits and a code that is not in its list', async () => {
    expectError(
      await send(admin, 'save', { scenarioName: 'x', pageNumber: 'p'.repeat(51) }),
      400,
      'maxLength',
    );
    expectError(await send(admin, 'save', { scenarioName: '' }), 400, 'required');
    expectError(
      await send(admin, 'save', { scenarioName: 'x', constructionMaterialCode: 'cardboard' }),
      400,
      'listItemNotValid',
      'constructionMaterialCode',
    );
  });

  it('refuses a family or parameter list outside the caller tree with 404 naming the field', async () => {
    const otherFamily = await family(stranger.companyId!);
    expectError(
      await send(partner.authToken, 'save', { scenarioName: 'x', revitFamilyId: otherFamily }),
      404,
      'notFound',
      'revitFamilyId',
    );
    expectError(
      await send(admin, 'save', { scenarioName: 'x', revitFamilyId: 2 ** 31 - 1 }),
      404,
      'notFound',
      'revitFamilyId',
    );
    expectError(
      await send(admin, 'save', { scenarioName: 'x', parameterListId: 2 ** 31 - 1 }),
      404,
      'notFound',
      'parameterListId',
    );
  });

  it('answers hostile input with 400, never 500', async () => {
    expectError(await send(admin, 'save', { scenarioName: 'a\u0000b' }), 400, 'nulCharacter');
    expectError(await send(admin, 'update', { scenarioId: 2 ** 31, scenarioName: 'x' }), 400, 'tooLarge');
    const deleted = await t.call('POST', '/api/scenario/delete', {
      token: admin,
      body: { scenarioInfos: [{ scenarioId: 2 ** 31 }] },
    });
    expect(deleted.status).toBe(400);
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/scenario/save',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: `{"scenarioInfos":[{"scenarioName":"${unique('Proto')}","__proto__":{"tifStatus":"A","companyId":1}}]}`,
    });
    expect(proto.statusCode).toBe(400);
  });

  it('saves 20 identical scenarios sent at once, each once', async () => {
    const name = unique('Twenty');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(partner.authToken, 'save', { scenarioName: name, fireRating: 'EI 30' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const found = await find(admin, { search: name, includeTempItems: true });
    expect(found.totalCount).toBe(20);
  });
});

describe('scenario tenancy', () => {
  it('answers strangers 401 and end users 403 on writes', async () => {
    expect((await t.call('POST', '/api/scenario/find', { body: {} })).status).toBe(401);
    expect((await send(undefined, 'save', { scenarioName: 'x' })).status).toBe(401);
    const saved = await published();
    expectError(await send(reader.authToken, 'save', { scenarioName: 'x' }), 403, 'permissionRequired');
    expectError(
      await send(reader.authToken, 'update', { scenarioId: saved.scenarioId, scenarioName: 'x' }),
      403,
      'permissionRequired',
    );
    const deleted = await t.call('POST', '/api/scenario/delete', {
      token: reader.authToken,
      body: { scenarioInfos: [{ scenarioId: saved.scenarioId }] },
    });
    expect(deleted.status).toBe(403);
  });

  it('shows another company partner nothing and answers its changes 404', async () => {
    const saved = await published();
    const pending = await ok(partner.authToken, 'save', { scenarioName: unique('Pending') });
    const theirs = await find(stranger.authToken, {
      ids: [saved.scenarioId, pending.scenarioId],
      includeTempItems: true,
    });
    expect(theirs.totalCount).toBe(0);
    expectError(
      await send(stranger.authToken, 'update', { scenarioId: saved.scenarioId, scenarioName: 'x' }),
      404,
      'notFound',
    );
    const deleted = await t.call('POST', '/api/scenario/delete', {
      token: stranger.authToken,
      body: { scenarioInfos: [{ scenarioId: saved.scenarioId }] },
    });
    expect(deleted.status).toBe(404);
    expect((await rowOf(saved.scenarioId))!.tifTempId).toBeNull();
  });

  it('shows end users only active published scenarios, without the workflow marks', async () => {
    const live = await published();
    const inactive = await published({ active: false });
    const pending = await ok(partner.authToken, 'save', { scenarioName: unique('Pending') });
    const seen = await find(reader.authToken, {
      ids: [live.scenarioId, inactive.scenarioId, pending.scenarioId],
      includeTempItems: true,
      active: false,
    });
    expect(seen.scenarioInfos.map((s) => s.scenarioId)).toEqual([live.scenarioId]);
  });
});

describe('scenario workflow', () => {
  it('keeps a partner save as a request (RfA) that only admins and its tree see with includeTempItems', async () => {
    const request = await ok(partner.authToken, 'save', { scenarioName: unique('Asked') });
    expect(request.tifStatus).toBe('RfA');
    expect((await find(admin, { ids: [request.scenarioId] })).totalCount).toBe(0);
    expect((await find(admin, { ids: [request.scenarioId], includeTempItems: true })).totalCount).toBe(1);
    expect(
      (await find(partner.authToken, { ids: [request.scenarioId], includeTempItems: true })).totalCount,
    ).toBe(1);
    const approved = await ok(admin, 'update', {
      scenarioId: request.scenarioId,
      scenarioName: request.scenarioName,
      tifAction: 'a',
    });
    expect(approved.tifStatus).toBe('A');
  });

  it('makes a partner update a copy (RfC) that an admin applies to the original', async () => {
    const original = await published({ documentType: 'ETA' });
    const copy = await ok(partner.authToken, 'update', {
      scenarioId: original.scenarioId,
      scenarioName: `${original.scenarioName} asked`,
      documentType: 'DoP',
    });
    expect(copy).toMatchObject({ tifStatus: 'RfC', tifOriginalId: original.scenarioId });
    expect((await rowOf(original.scenarioId))!.tifTempId).toBe(copy.scenarioId);
    expectError(
      await send(partner.authToken, 'update', { scenarioId: original.scenarioId, scenarioName: 'again' }),
      409,
      'tifPending',
    );
    await ok(admin, 'update', {
      scenarioId: copy.scenarioId,
      scenarioName: copy.scenarioName,
      tifAction: 'a',
    });
    expect(await rowOf(copy.scenarioId)).toBeUndefined();
    expect(await rowOf(original.scenarioId)).toMatchObject({
      name: `${original.scenarioName} asked`,
      documentType: 'DoP',
      tifStatus: 'A',
      tifTempId: null,
    });
  });

  it('lets an admin disapprove a change with a reason, the original untouched', async () => {
    const original = await published();
    const copy = await ok(partner.authToken, 'update', {
      scenarioId: original.scenarioId,
      scenarioName: 'changed',
    });
    const answer = await ok(admin, 'update', {
      scenarioId: copy.scenarioId,
      scenarioName: copy.scenarioName,
      tifAction: 'd',
      tifReason: 'Not tested that way',
    });
    expect(answer.tifStatus).toBe('D');
    expect(await rowOf(original.scenarioId)).toMatchObject({
      name: original.scenarioName,
      tifStatus: 'A',
      tifTempId: null,
    });
    // The decision is kept; the inbox's list of decisions (families only so far) still answers.
    const decisions = await t.call('POST', '/api/approvals/decisions', { token: admin, body: {} });
    expect(decisions.status, JSON.stringify(decisions.body)).toBe(200);
  });

  it('answers 409 to a transition not in the table and changes nothing', async () => {
    const request = await ok(partner.authToken, 'save', { scenarioName: unique('Refused') });
    const before = await rowOf(request.scenarioId);
    expectError(
      await send(admin, 'update', {
        scenarioId: request.scenarioId,
        scenarioName: 'other',
        tifAction: 'RES',
      }),
      409,
      'tifRefused',
    );
    expect(await rowOf(request.scenarioId)).toEqual(before);
    expectError(
      await send(partner.authToken, 'update', {
        scenarioId: request.scenarioId,
        scenarioName: 'x',
        tifAction: 'a',
      }),
      403,
      'tifAdminOnly',
    );
  });

  it('makes a partner delete of a published scenario a removal request (RfR)', async () => {
    const original = await published();
    const answer = await t.call('POST', '/api/scenario/delete', {
      token: partner.authToken,
      body: { scenarioInfos: [{ scenarioId: original.scenarioId }] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [copy] = answer.body.scenarioInfos as TScenario[];
    expect(copy).toMatchObject({ tifStatus: 'RfR', tifOriginalId: original.scenarioId });
    await ok(admin, 'update', {
      scenarioId: copy!.scenarioId,
      scenarioName: copy!.scenarioName,
      tifAction: 'a',
    });
    expect(await rowOf(original.scenarioId)).toMatchObject({ tifStatus: 'D', tifAction: 'r' });
  });
});

describe('scenarios in use', () => {
  it('refuses to delete a scenario placement rules point at, naming how many', async () => {
    const scenario = await published();
    for (const name of ['r1', 'r2'])
      expect(
        (
          await t.call('POST', '/api/placement-rules/save', {
            token: admin,
            body: {
              placementRuleInfos: [
                { placementRuleName: unique(name), scenarioId: scenario.scenarioId, companyId },
              ],
            },
          })
        ).status,
      ).toBe(200);
    const answer = await t.call('POST', '/api/scenario/delete', {
      token: admin,
      body: { scenarioInfos: [{ scenarioId: scenario.scenarioId }] },
    });
    expectError(answer, 409, 'scenarioInUse');
    expect((answer.body.errorDetails as TDetail[])[0]!.values).toMatchObject({ count: 2 });
    expect(await rowOf(scenario.scenarioId)).toBeDefined();
  });

  it('refuses to delete a family scenarios point at, naming how many', async () => {
    const used = await family(companyId);
    await published({ revitFamilyId: used });
    const answer = await t.call('POST', '/api/family/delete', {
      token: admin,
      body: { revitFamilyInfos: [{ revitFamilyId: used }] },
    });
    expectError(answer, 409, 'familyInUse');
    expect((answer.body.errorDetails as TDetail[])[0]!.values).toMatchObject({ count: 1 });
    const free = await family(companyId);
    const deleted = await t.call('POST', '/api/family/delete', {
      token: admin,
      body: { revitFamilyInfos: [{ revitFamilyId: free }] },
    });
    expect(deleted.status).toBe(200);
  });
});
