import type { TStatisticsInfo } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, categories, companies, licenses, revitFamilies } from '../../db/schema/index.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, unique } from '../../../test/factories.ts';
import { expectError, RFA_FIXTURE, saveFamily } from '../../../test/firestop.ts';

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

/** User ids of the seeded rows: people who need no row of their own, unique within this file. */
let lastPerson = 700_000;
const person = () => ++lastPerson;

type TRow = {
  at: string;
  kind: string;
  userId?: number | null;
  companyId?: number | null;
  ownerCompanyId?: number | null;
  recordId?: number;
};

/** Seeds activity rows as the log would have written them (downloads name their family). */
async function seed(rows: TRow[]): Promise<void> {
  await t.database.db.insert(activity).values(
    rows.map((row) => ({
      at: new Date(row.at),
      kind: row.kind,
      userId: row.userId ?? null,
      companyId: row.companyId ?? null,
      ownerCompanyId: row.ownerCompanyId ?? null,
      recordType: row.recordId === undefined ? null : 'family',
      recordId: row.recordId === undefined ? null : String(row.recordId),
    })),
  );
}

function statistics(token: string | undefined, body: Record<string, unknown>) {
  return t.call('POST', '/api/statistics/get', { ...(token ? { token } : {}), body });
}

async function figures(token: string, body: Record<string, unknown>): Promise<TStatisticsInfo> {
  const answer = await statistics(token, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.statisticsInfo as TStatisticsInfo;
}

async function category(): Promise<{ id: number; name: string }> {
  const name = unique('stat_category');
  const [row] = await t.database.db.insert(categories).values({ name }).returning({ id: categories.id });
  return { id: row!.id, name };
}

const day = (
  date: string,
  signIns: number,
  activeUsers: number,
  registrations: number,
  downloads: number,
) => ({
  date,
  signIns,
  activeUsers,
  registrations,
  downloads,
});

describe('POST /api/statistics/get', () => {
  it('counts a seeded history exactly, both edges, empty days, the period before and the rankings', async () => {
    const root = await makeCompany(t, { prefix: 'stat_root' });
    const child = await makeCompany(t, { prefix: 'stat_child', parentId: root.id });
    const other = await makeCompany(t, { prefix: 'stat_other' });
    const gadgets = await category();
    const f1 = await saveFamily(t, root.id, { revitFamilyCategoryId: gadgets.id });
    const f2 = await saveFamily(t, child.id, { revitFamilyCategoryId: gadgets.id });
    const f3 = await saveFamily(t, child.id);
    const foreign = await saveFamily(t, other.id);
    const [u1, u2, u3, u5, u6, u7, u8] = [
      person(),
      person(),
      person(),
      person(),
      person(),
      person(),
      person(),
    ];
    const dl = (
      at: string,
      userId: number,
      companyId: number,
      family: { revitFamilyId: number },
      owner: number,
    ) => ({
      at,
      kind: 'family.download',
      userId,
      companyId,
      ownerCompanyId: owner,
      recordId: family.revitFamilyId,
    });
    await seed([
      // The period before (2026-05-07 to 2026-05-09), its last moment included.
      { at: '2026-05-08T08:00:00Z', kind: 'user.registered', userId: u7, companyId: root.id },
      dl('2026-05-08T09:00:00Z', u1, root.id, f1, root.id),
      { at: '2026-05-09T23:59:59.999Z', kind: 'login', userId: u1, companyId: root.id },
      // 2026-05-10, from its first moment.
      { at: '2026-05-10T00:00:00Z', kind: 'login', userId: u1, companyId: root.id },
      { at: '2026-05-10T10:00:00Z', kind: 'login.selfcare', userId: u2, companyId: child.id },
      { at: '2026-05-10T11:00:00Z', kind: 'family.update', userId: u3, companyId: child.id },
      { at: '2026-05-10T11:30:00Z', kind: 'login.failed', userId: null, companyId: root.id },
      dl('2026-05-10T09:00:00Z', u1, root.id, f1, root.id),
      // u1 downloads another tree's family: active, but not a download of this tree.
      dl('2026-05-10T09:30:00Z', u1, root.id, foreign, other.id),
      // Another tree's sign-in counts nowhere here.
      { at: '2026-05-10T12:00:00Z', kind: 'login', userId: u8, companyId: other.id },
      // 2026-05-11: nothing. 2026-05-12, to its last moment.
      dl('2026-05-12T08:00:00Z', u6, other.id, f1, root.id),
      dl('2026-05-12T09:00:00Z', u2, child.id, f2, child.id),
      dl('2026-05-12T09:10:00Z', u2, child.id, f3, child.id),
      dl('2026-05-12T09:20:00Z', u2, child.id, f3, child.id),
      { at: '2026-05-12T23:59:59.999Z', kind: 'user.registered', userId: u5, companyId: child.id },
      // The day after the range.
      { at: '2026-05-13T00:00:00Z', kind: 'login', userId: u1, companyId: root.id },
      dl('2026-05-13T00:00:00Z', u1, root.id, f1, root.id),
    ]);
    const info = await figures(admin, {
      isoStartDate: '2026-05-10',
      isoEndDate: '2026-05-12',
      companyId: root.id,
    });
    expect(info.days).toEqual([
      day('2026-05-10', 2, 3, 0, 1),
      day('2026-05-11', 0, 0, 0, 0),
      day('2026-05-12', 0, 2, 1, 4),
    ]);
    expect(info.totals).toEqual({
      signIns: 2,
      activeUsers: 4,
      registrations: 1,
      downloads: 5,
      pendingApprovals: 0,
      licencesExpiringSoon: 0,
    });
    expect(info.previousTotals).toEqual({
      signIns: 1,
      activeUsers: 2,
      registrations: 1,
      downloads: 1,
      pendingApprovals: 0,
      licencesExpiringSoon: 0,
    });
    // f1 and f3 tie at 2: the lower id first; f3 has no category.
    expect(info.topFamilies).toEqual([
      { revitFamilyId: f1.revitFamilyId, revitFamilyName: f1.revitFamilyName, downloads: 2 },
      { revitFamilyId: f3.revitFamilyId, revitFamilyName: f3.revitFamilyName, downloads: 2 },
      { revitFamilyId: f2.revitFamilyId, revitFamilyName: f2.revitFamilyName, downloads: 1 },
    ]);
    expect(info.topCategories).toEqual([
      { categoryId: gadgets.id, categoryName: gadgets.name, downloads: 3 },
    ]);
    // An admin sees every company by name; the child's downloads come first.
    expect(info.downloadsByCompany).toEqual([
      { companyId: child.id, companyName: child.name, downloads: 3 },
      {
        companyId: Math.min(root.id, other.id),
        companyName: root.id < other.id ? root.name : other.name,
        downloads: 1,
      },
      {
        companyId: Math.max(root.id, other.id),
        companyName: root.id < other.id ? other.name : root.name,
        downloads: 1,
      },
    ]);

    // A family renamed shows its current name; a deleted one is left out.
    const renamed = unique('renamed');
    // Straight in the table: renaming is the families' business, not this test's.
    await t.database.db
      .update(revitFamilies)
      .set({ name: renamed })
      .where(eq(revitFamilies.id, f1.revitFamilyId));
    const removed = await t.call('POST', '/api/family/delete', {
      token: admin,
      body: { revitFamilyInfos: [{ revitFamilyId: f3.revitFamilyId }] },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const later = await figures(admin, {
      isoStartDate: '2026-05-10',
      isoEndDate: '2026-05-12',
      companyId: root.id,
    });
    expect(later.topFamilies.map((f) => [f.revitFamilyId, f.revitFamilyName, f.downloads])).toEqual([
      [f1.revitFamilyId, renamed, 2],
      [f2.revitFamilyId, f2.revitFamilyName, 1],
    ]);
    // The log keeps the download counted in the day's figures.
    expect(later.totals.downloads).toBe(5);

    // The child company alone: its people and its families only.
    const childOnly = await figures(admin, {
      isoStartDate: '2026-05-10',
      isoEndDate: '2026-05-12',
      companyId: child.id,
    });
    expect(childOnly.days).toEqual([
      day('2026-05-10', 1, 2, 0, 0),
      day('2026-05-11', 0, 0, 0, 0),
      day('2026-05-12', 0, 2, 1, 3),
    ]);
  });

  it('takes the days of the time zone: 23:30 UTC is the next day in Berlin, and DST days have 23 or 25 hours', async () => {
    const company = await makeCompany(t, { prefix: 'stat_zone' });
    const family = await saveFamily(t, company.id);
    const u = person();
    const dl = (at: string) => ({
      at,
      kind: 'family.download',
      userId: u,
      companyId: company.id,
      ownerCompanyId: company.id,
      recordId: family.revitFamilyId,
    });
    await seed([
      dl('2026-03-14T23:30:00Z'),
      // Berlin's 2026-03-29 runs from 23:00 UTC the day before to 22:00 UTC (23 hours).
      dl('2026-03-28T22:59:59Z'),
      dl('2026-03-28T23:00:00Z'),
      dl('2026-03-29T21:59:59Z'),
      dl('2026-03-29T22:00:00Z'),
      // Berlin's 2026-10-25 runs from 22:00 UTC the day before to 23:00 UTC (25 hours).
      dl('2026-10-24T21:59:59Z'),
      dl('2026-10-24T22:00:00Z'),
      dl('2026-10-25T22:59:59Z'),
      dl('2026-10-25T23:00:00Z'),
    ]);
    const downloads = async (body: Record<string, unknown>) =>
      (await figures(admin, { companyId: company.id, ...body })).days.map((d) => [d.date, d.downloads]);
    expect(
      await downloads({ isoStartDate: '2026-03-14', isoEndDate: '2026-03-15', timeZone: 'Europe/Berlin' }),
    ).toEqual([
      ['2026-03-14', 0],
      ['2026-03-15', 1],
    ]);
    expect(await downloads({ isoStartDate: '2026-03-14', isoEndDate: '2026-03-15' })).toEqual([
      ['2026-03-14', 1],
      ['2026-03-15', 0],
    ]);
    expect(
      await downloads({ isoStartDate: '2026-03-28', isoEndDate: '2026-03-30', timeZone: 'Europe/Berlin' }),
    ).toEqual([
      ['2026-03-28', 1],
      ['2026-03-29', 2],
      ['2026-03-30', 1],
    ]);
    expect(
      await downloads({ isoStartDate: '2026-10-24', isoEndDate: '2026-10-26', timeZone: 'Europe/Berlin' }),
    ).toEqual([
      ['2026-10-24', 1],
      ['2026-10-25', 2],
      ['2026-10-26', 1],
    ]);
    // A timestamp means its calendar day in the zone: 23:30 UTC on the 28th is the 29th in Berlin.
    const one = await figures(admin, {
      companyId: company.id,
      isoStartDate: '2026-03-28T23:30:00Z',
      isoEndDate: '2026-03-29T12:00:00.000+02:00',
      timeZone: 'Europe/Berlin',
    });
    expect(one.days).toEqual([day('2026-03-29', 0, 1, 0, 2)]);
    // The period before is the day before, 2026-03-28 in Berlin: its one download.
    expect(one.previousTotals.downloads).toBe(1);
    // A zone with a half-hour offset: the 14th 23:30 UTC is the 15th 05:00 in Kolkata.
    expect(
      await downloads({ isoStartDate: '2026-03-15', isoEndDate: '2026-03-15', timeZone: 'Asia/Kolkata' }),
    ).toEqual([['2026-03-15', 1]]);
  });

  it("shows a partner only its tree's figures, another tree's downloaders as one row without a name", async () => {
    const root = await makeCompany(t, { prefix: 'stat_p_root' });
    const child = await makeCompany(t, { prefix: 'stat_p_child', parentId: root.id });
    const other = await makeCompany(t, { prefix: 'stat_p_other' });
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: root.id });
    const ours = await saveFamily(t, child.id);
    const theirs = await saveFamily(t, other.id);
    const [mine, stranger, stranger2] = [person(), person(), person()];
    const dl = (
      userId: number,
      companyId: number | null,
      family: { revitFamilyId: number },
      owner: number,
    ) => ({
      at: '2026-06-01T12:00:00Z',
      kind: 'family.download',
      userId,
      companyId,
      ownerCompanyId: owner,
      recordId: family.revitFamilyId,
    });
    await seed([
      { at: '2026-06-01T08:00:00Z', kind: 'login', userId: mine, companyId: child.id },
      { at: '2026-06-01T08:00:00Z', kind: 'login', userId: stranger, companyId: other.id },
      { at: '2026-06-01T08:00:00Z', kind: 'user.registered', userId: stranger2, companyId: other.id },
      dl(mine, child.id, ours, child.id),
      dl(stranger, other.id, ours, child.id),
      dl(stranger2, null, ours, child.id),
      dl(stranger, other.id, theirs, other.id),
      dl(mine, child.id, theirs, other.id),
    ]);
    const info = await figures(partner.authToken, { isoStartDate: '2026-06-01', isoEndDate: '2026-06-01' });
    expect(info.days).toEqual([day('2026-06-01', 1, 1, 0, 3)]);
    expect(info.topFamilies.map((f) => [f.revitFamilyId, f.downloads])).toEqual([[ours.revitFamilyId, 3]]);
    expect(info.downloadsByCompany).toEqual([
      { companyId: child.id, companyName: child.name, downloads: 1 },
      { companyId: null, companyName: null, downloads: 2 },
    ]);
    // Narrowed to a company of its tree; another tree's company is not found.
    const narrowed = await figures(partner.authToken, {
      isoStartDate: '2026-06-01',
      isoEndDate: '2026-06-01',
      companyId: child.id,
    });
    expect(narrowed.totals.downloads).toBe(3);
    const outside = await statistics(partner.authToken, {
      isoStartDate: '2026-06-01',
      isoEndDate: '2026-06-01',
      companyId: other.id,
    });
    expectError(outside, 404, 'notFound');
    // An admin asking for the other tree sees its own figures, and the child by name among its downloaders.
    const theirsSeen = await figures(admin, {
      isoStartDate: '2026-06-01',
      isoEndDate: '2026-06-01',
      companyId: other.id,
    });
    expect(theirsSeen.days).toEqual([day('2026-06-01', 1, 2, 1, 2)]);
    expect(theirsSeen.downloadsByCompany).toEqual(
      [
        { companyId: child.id, companyName: child.name, downloads: 1 },
        { companyId: other.id, companyName: other.name, downloads: 1 },
      ].sort((a, b) => a.companyId - b.companyId),
    );
    expectError(
      await statistics(admin, {
        isoStartDate: '2026-06-01',
        isoEndDate: '2026-06-01',
        companyId: 2_000_000_000,
      }),
      404,
      'notFound',
    );
  });

  it('counts pending approvals now and the licences ending within 30 days of each period', async () => {
    const company = await makeCompany(t, { prefix: 'stat_lic' });
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: company.id });
    const licence = async (validUntil: string, active = true) => {
      const [row] = await t.database.db
        .insert(licenses)
        .values({ code: unique('STATLIC'), validUntil: new Date(validUntil), active, maxUsers: 10 })
        .returning({ id: licenses.id });
      const user = await makeCompany(t, { prefix: 'stat_lic_user', parentId: company.id });
      await t.database.db.update(companies).set({ licenseId: row!.id }).where(eq(companies.id, user.id));
    };
    // The range 2026-05-10 to 2026-05-12: licences ending from 2026-05-12 to 2026-06-11 (UTC).
    await licence('2026-05-20T00:00:00Z');
    await licence('2026-06-11T23:59:59Z');
    await licence('2026-06-12T00:00:00Z');
    await licence('2026-05-11T12:00:00Z');
    await licence('2026-05-20T00:00:00Z', false);
    // A licence of no company in the tree.
    await t.database.db
      .insert(licenses)
      .values({ code: unique('STATLIC'), validUntil: new Date('2026-05-20T00:00:00Z') });
    const saved = await t.call('POST', '/api/family/save', {
      token: partner.authToken,
      body: {
        revitFamilyInfos: [
          {
            revitFamilyName: unique('stat_pending'),
            revitFamilyFileName: 'seal.rfa',
            revitFamilyFileBase64: RFA_FIXTURE.toString('base64'),
            companyId: company.id,
          },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const info = await figures(partner.authToken, { isoStartDate: '2026-05-10', isoEndDate: '2026-05-12' });
    expect(info.totals).toMatchObject({ pendingApprovals: 1, licencesExpiringSoon: 2 });
    // The period before ends 2026-05-09: 2026-05-09 to 2026-06-08.
    expect(info.previousTotals).toMatchObject({ pendingApprovals: 1, licencesExpiringSoon: 2 });
    const adminView = await figures(admin, {
      isoStartDate: '2026-05-10',
      isoEndDate: '2026-05-12',
      companyId: company.id,
    });
    expect(adminView.totals).toMatchObject({ pendingApprovals: 1, licencesExpiringSoon: 2 });
  });

  it('counts a real download made through the API on the day it happened', async () => {
    const company = await makeCompany(t, { prefix: 'stat_live' });
    const family = await saveFamily(t, company.id);
    const reader = await signedInUser(t, { role: 'userrole', companyId: company.id });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/family/download/content/${family.revitFamilyId}`,
      headers: { authorization: `Bearer ${reader.authToken}` },
    });
    expect(download.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const info = await figures(admin, { isoStartDate: today, isoEndDate: today, companyId: company.id });
    expect(info.days).toEqual([day(today, 1, 1, 0, 1)]);
    expect(info.topFamilies).toEqual([
      { revitFamilyId: family.revitFamilyId, revitFamilyName: family.revitFamilyName, downloads: 1 },
    ]);
    expect(info.downloadsByCompany).toEqual([
      { companyId: company.id, companyName: company.name, downloads: 1 },
    ]);
  });

  it('refuses strangers (401), end users and partner-company users (403) and bad ranges or zones (400)', async () => {
    const company = await makeCompany(t, { prefix: 'stat_refuse' });
    const range = { isoStartDate: '2026-01-01', isoEndDate: '2026-01-31' };
    expect((await statistics(undefined, range)).status).toBe(401);
    const reader = await signedInUser(t, { role: 'userrole', companyId: company.id });
    expectError(await statistics(reader.authToken, range), 403, 'permissionRequired');
    const contributor = await signedInUser(t, { role: 'partneruserrole', companyId: company.id });
    expectError(await statistics(contributor.authToken, range), 403, 'permissionRequired');
    expectError(
      await statistics(admin, { isoStartDate: '2026-02-01', isoEndDate: '2026-01-31' }),
      400,
      'rangeReversed',
      'isoStartDate',
    );
    // 731 days is the longest range; 732 is refused.
    expect((await statistics(admin, { isoStartDate: '2024-01-01', isoEndDate: '2025-12-31' })).status).toBe(
      200,
    );
    expectError(
      await statistics(admin, { isoStartDate: '2024-01-01', isoEndDate: '2026-01-01' }),
      400,
      'tooLarge',
      'isoEndDate',
    );
    const zone = await statistics(admin, { ...range, timeZone: 'Mars/Olympus_Mons' });
    expect(zone.status).toBe(400);
    expect(JSON.stringify(zone.body.errorMessages)).toContain('timeZone');
    expect((await statistics(admin, { isoStartDate: '2026-13-01', isoEndDate: '2026-12-31' })).status).toBe(
      400,
    );
    expect((await statistics(admin, { isoStartDate: 'yesterday', isoEndDate: '2026-12-31' })).status).toBe(
      400,
    );
    // Year 1 would make the period before start in year 0, which no date holds.
    expectError(
      await statistics(admin, { isoStartDate: '0001-01-01', isoEndDate: '0001-01-02' }),
      400,
      'notValid',
      'isoStartDate',
    );
    // A zone PostgreSQL would read with the opposite sign is refused, as an unknown one is.
    expect((await statistics(admin, { ...range, timeZone: '+01:00' })).status).toBe(400);
  });
});
