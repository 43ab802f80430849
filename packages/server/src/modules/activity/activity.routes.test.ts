import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/index.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, unique, type TSignedIn } from '../../../test/factories.ts';
import { saveFamily } from '../../../test/firestop.ts';

type TRow = {
  activityId: number;
  at: string;
  kind: string;
  userId: number | null;
  userLogin: string | null;
  companyId: number | null;
  companyName: string | null;
  recordType: string | null;
  recordId: string | null;
  changes: Record<string, { old: unknown; new: unknown }> | null;
  detail: Record<string, unknown> | null;
};

let t: TTestApp;
let admin: string;
let treeA: number;
let childOfA: number;
let treeB: number;
let partnerA: TSignedIn;
let partnerB: TSignedIn;
/** A mark in every row this file seeds, so its finds see only them. */
let mark: string;

async function find(token: string, body: Record<string, unknown> = {}) {
  const found = await t.call('POST', '/api/activity/find', { token, body });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return found.body as unknown as { activityInfos: TRow[]; totalCount: number };
}

function exportCsv(token: string | undefined, body: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/activity/export',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body,
  });
}

/** Writes a row straight into the log at a given moment. */
async function seed(values: Partial<typeof activity.$inferInsert> & { kind: string }) {
  const [row] = await t.database.db
    .insert(activity)
    .values({ recordType: 'family', recordId: `${mark}-${unique('r')}`, ...values })
    .returning({ id: activity.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  treeA = (await makeCompany(t)).id;
  childOfA = (await makeCompany(t, { parentId: treeA })).id;
  treeB = (await makeCompany(t)).id;
  partnerA = await signedInUser(t, { role: 'partnerrole', companyId: treeA });
  partnerB = await signedInUser(t, { role: 'partnerrole', companyId: treeB });
  mark = unique('mark');
  await seed({
    kind: 'family.update',
    companyId: treeA,
    userId: partnerA.id,
    at: new Date('2026-01-01T10:00:00Z'),
  });
  await seed({ kind: 'family.delete', companyId: childOfA, at: new Date('2026-01-02T10:00:00Z') });
  await seed({
    kind: 'family.update',
    companyId: treeB,
    userId: partnerB.id,
    at: new Date('2026-01-03T10:00:00Z'),
  });
  // What an admin (no company) did to a family of A's tree.
  await seed({ kind: 'family.create', ownerCompanyId: childOfA, at: new Date('2026-01-04T10:00:00Z') });
  await seed({
    kind: 'priceList.import',
    recordType: 'priceList',
    companyId: treeB,
    detail: { added: 3 },
    changes: { name: { old: '=cmd()', new: 'plain, "quoted"' } },
    at: new Date('2026-01-05T10:00:00Z'),
  });
});

afterAll(async () => {
  await t.close();
});

describe('POST /activity/find', () => {
  it('answers 401 without a token and 403 for a user without partner management', async () => {
    expect((await t.call('POST', '/api/activity/find', { body: {} })).status).toBe(401);
    const reader = await signedInUser(t, { role: 'userrole', companyId: treeA });
    expect((await t.call('POST', '/api/activity/find', { token: reader.authToken, body: {} })).status).toBe(
      403,
    );
    expect((await exportCsv(reader.authToken)).statusCode).toBe(403);
    expect((await exportCsv(undefined)).statusCode).toBe(401);
  });

  it('answers 400 for a bad filter', async () => {
    const bad = await t.call('POST', '/api/activity/find', { token: admin, body: { from: 'yesterday' } });
    expect(bad.status).toBe(400);
    const sort = await t.call('POST', '/api/activity/find', {
      token: admin,
      body: { sort: [{ field: 'ip', dir: 'asc' }] },
    });
    expect(sort.status).toBe(400);
  });

  it('answers every row to an admin, newest first, with login and company name joined', async () => {
    const found = await find(admin, { search: mark });
    expect(found.totalCount).toBe(5);
    expect(found.activityInfos.map((row) => row.kind)).toEqual([
      'priceList.import',
      'family.create',
      'family.update',
      'family.delete',
      'family.update',
    ]);
    const last = found.activityInfos[4]!;
    expect(last.userLogin).toBe(partnerA.login);
    expect(last.companyId).toBe(treeA);
    expect(last.companyName).not.toBeNull();
    expect(last.at).toBe('2026-01-01T10:00:00.000Z');
    expect(found.activityInfos[0]!.detail).toEqual({ added: 3 });
  });

  it("answers a partner its tree's rows, as actor's or owner's company, never another tree's", async () => {
    const a = await find(partnerA.authToken, { search: mark });
    expect(a.activityInfos.map((row) => row.kind).sort()).toEqual([
      'family.create',
      'family.delete',
      'family.update',
    ]);
    const b = await find(partnerB.authToken, { search: mark });
    expect(b.activityInfos.map((row) => row.kind).sort()).toEqual(['family.update', 'priceList.import']);
    // Asking for another tree's company narrows to nothing.
    expect((await find(partnerA.authToken, { search: mark, companyIds: [treeB] })).totalCount).toBe(0);
  });

  it('filters by user, company, kind, record type, record id and time range', async () => {
    const byUser = await find(admin, { search: mark, userIds: [partnerB.id] });
    expect(byUser.activityInfos.map((row) => row.companyId)).toEqual([treeB]);
    const byCompany = await find(admin, { search: mark, companyIds: [childOfA] });
    expect(byCompany.activityInfos.map((row) => row.kind)).toEqual(['family.create', 'family.delete']);
    const byKinds = await find(admin, { search: mark, kinds: ['family.update', 'family.create'] });
    expect(byKinds.totalCount).toBe(3);
    expect((await find(admin, { search: mark, kinds: ['family'] })).totalCount).toBe(0);
    const byType = await find(admin, { search: mark, recordTypes: ['priceList'] });
    expect(byType.activityInfos.map((row) => row.kind)).toEqual(['priceList.import']);
    const one = byType.activityInfos[0]!.recordId!;
    expect((await find(admin, { recordTypes: ['priceList'], recordId: one })).totalCount).toBe(1);
    const range = await find(admin, {
      search: mark,
      from: '2026-01-02T10:00:00Z',
      to: '2026-01-04T10:00:00Z',
    });
    expect(range.activityInfos.map((row) => row.at)).toEqual([
      '2026-01-03T10:00:00.000Z',
      '2026-01-02T10:00:00.000Z',
    ]);
    expect(
      (await find(admin, { search: partnerB.login.toUpperCase() })).activityInfos.length,
    ).toBeGreaterThan(0);
  });

  it('sorts and pages', async () => {
    const byKind = await find(admin, { search: mark, sort: [{ field: 'kind', dir: 'asc' }] });
    expect(byKind.activityInfos.map((row) => row.kind)).toEqual([
      'family.create',
      'family.delete',
      'family.update',
      'family.update',
      'priceList.import',
    ]);
    const oldest = await find(admin, {
      search: mark,
      sort: [{ field: 'at', dir: 'asc' }],
      pageSize: 2,
      page: 2,
    });
    expect(oldest.totalCount).toBe(5);
    expect(oldest.activityInfos.map((row) => row.at)).toEqual([
      '2026-01-03T10:00:00.000Z',
      '2026-01-04T10:00:00.000Z',
    ]);
  });
});

describe('POST /activity/export', () => {
  it('answers the whole filtered result as CSV with formulas neutralised', async () => {
    const answer = await exportCsv(admin, { search: mark, pageSize: 1 });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('at,kind,userLogin,companyName,recordType,recordId,changes,detail,ip');
    // Paging is ignored: every matching row.
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain('2026-01-05T10:00:00.000Z,priceList.import,,');
    expect(lines[1]).toContain(`"name: =cmd() → plain, ""quoted"""`);
    expect(lines[1]).toContain('"{""added"":3}"');
    expect(lines[5]).toContain(partnerA.login);
  });

  it("exports a partner's tree only", async () => {
    const answer = await exportCsv(partnerB.authToken, { search: mark });
    expect(answer.statusCode).toBe(200);
    const lines = answer.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(answer.body).not.toContain(partnerA.login);
  });

  it('neutralises a cell that starts with a formula character', async () => {
    const login = `${mark}_x`;
    await seed({ kind: '@SUM(A1)', companyId: treeB, detail: { login } });
    await seed({ kind: '-2+3', companyId: treeB, detail: { login } });
    const answer = await exportCsv(admin, { kinds: ['@SUM(A1)', '-2+3'] });
    expect(answer.body).toContain(",'@SUM(A1),");
    expect(answer.body).toContain(",'-2+3,");
    await t.database.db.delete(activity).where(inArray(activity.kind, ['@SUM(A1)', '-2+3']));
  });
});

describe('an admin acting on a family', () => {
  it("is shown to the partner of the family's company, with the changes", async () => {
    const family = await saveFamily(t, childOfA);
    const id = String(family.revitFamilyId);
    const rows = await find(partnerA.authToken, { recordTypes: ['family'], recordId: id });
    // One transaction, one moment: the later row (the create, after its file) comes first.
    expect(rows.activityInfos.map((row) => row.kind)).toEqual(['family.create', 'family.upload']);
    expect(rows.activityInfos[0]!.changes?.name).toEqual({ old: null, new: family.revitFamilyName });
    expect((await find(partnerB.authToken, { recordTypes: ['family'], recordId: id })).totalCount).toBe(0);
  });
});
