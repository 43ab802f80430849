import type { TStatisticsInfo } from '@portal/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activity, statisticsKept } from '../../db/schema/index.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany } from '../../../test/factories.ts';
import { saveFamily } from '../../../test/firestop.ts';
import { scopeKey, type StatisticsRepository, type TSpan } from './statistics.repository.ts';
import { addDays, calendarDayOf, StatisticsService } from './statistics.service.ts';

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

/** User ids of the seeded rows: people who need no row of their own, unique within this file. */
let lastPerson = 800_000;
const person = () => ++lastPerson;

type TRow = {
  at: string;
  kind: string;
  userId: number | null;
  companyId: number | null;
  ownerCompanyId?: number | null;
  recordId?: number;
};

async function seed(rows: TRow[]): Promise<void> {
  await t.database.db.insert(activity).values(
    rows.map((row) => ({
      at: new Date(row.at),
      kind: row.kind,
      userId: row.userId,
      companyId: row.companyId,
      ownerCompanyId: row.ownerCompanyId ?? null,
      recordType: row.recordId === undefined ? null : 'family',
      recordId: row.recordId === undefined ? null : String(row.recordId),
    })),
  );
}

async function figures(body: Record<string, unknown>): Promise<TStatisticsInfo> {
  const answer = await t.call('POST', '/api/statistics/get', { token: admin, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.statisticsInfo as TStatisticsInfo;
}

/** The spans kept for a scope in a zone, under the zone's name as the service resolves it (Intl's). */
const keptOf = (scope: string, zone: string) => {
  const timeZone = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  return t.database.db
    .select({ firstDay: statisticsKept.firstDay, lastDay: statisticsKept.lastDay })
    .from(statisticsKept)
    .where(and(eq(statisticsKept.scope, scope), eq(statisticsKept.timeZone, timeZone)))
    .orderBy(statisticsKept.firstDay);
};

/** The figures of `days` counted here from the rows, each row's day read by Intl in the zone. */
function byHand(rows: TRow[], tree: number[], timeZone: string, days: string[]) {
  const person = (row: TRow) => row.companyId !== null && tree.includes(row.companyId);
  const download = (row: TRow) =>
    row.kind === 'family.download' && row.ownerCompanyId != null && tree.includes(row.ownerCompanyId);
  const of = (list: TRow[]) => ({
    signIns: list.filter((row) => person(row) && ['login', 'login.selfcare'].includes(row.kind)).length,
    activeUsers: new Set(list.filter((row) => person(row) && row.userId !== null).map((row) => row.userId))
      .size,
    registrations: list.filter((row) => person(row) && row.kind === 'user.registered').length,
    downloads: list.filter(download).length,
  });
  const inDays = (list: string[]) => rows.filter((row) => list.includes(calendarDayOf(row.at, timeZone)));
  return { days: days.map((date) => ({ date, ...of(inDays([date])) })), total: of(inDays(days)) };
}

describe('statistics kept for closed days', () => {
  it('keeps closed days once counted, equal to a fresh count and to one by hand, in zones with DST and odd offsets', async () => {
    const root = await makeCompany(t, { prefix: 'kept_root' });
    const child = await makeCompany(t, { prefix: 'kept_child', parentId: root.id });
    const other = await makeCompany(t, { prefix: 'kept_other' });
    const family = await saveFamily(t, child.id);
    const people = [person(), person(), person(), person()];
    const kinds = ['login', 'family.download', 'user.registered', 'login.selfcare', 'family.update'];
    const companiesOf = [root.id, child.id, other.id, null];
    const rows: TRow[] = [];
    // Every 45 minutes from the 26th to the 1st (every zone's midnight is on a quarter hour)...
    for (let minute = 0; minute < 6 * 24 * 60; minute += 45) {
      const index = minute / 45;
      const kind = kinds[index % kinds.length]!;
      rows.push({
        at: new Date(Date.parse('2026-03-26T12:00:00Z') + minute * 60_000).toISOString(),
        kind,
        userId: people[index % people.length]!,
        companyId: companiesOf[index % companiesOf.length]!,
        ...(kind === 'family.download'
          ? { ownerCompanyId: index % 2 ? child.id : other.id, recordId: family.revitFamilyId }
          : {}),
      });
    }
    // ...and on both sides of local midnights: Kathmandu (+05:45), Kolkata (+05:30), Berlin's
    // 23-hour 29th (CET to CEST), New York (EDT).
    for (const midnight of [
      '2026-03-28T18:15:00Z',
      '2026-03-28T18:30:00Z',
      '2026-03-28T23:00:00Z',
      '2026-03-29T22:00:00Z',
      '2026-03-29T04:00:00Z',
      '2026-03-30T18:15:00Z',
    ]) {
      const at = Date.parse(midnight);
      for (const moment of [at - 1, at])
        rows.push({
          at: new Date(moment).toISOString(),
          kind: 'login',
          userId: people[moment % 4]!,
          companyId: root.id,
        });
    }
    await seed(rows);
    const tree = [root.id, child.id];
    const scope = scopeKey(tree);
    for (const timeZone of ['Europe/Berlin', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York', 'UTC']) {
      const body = { isoStartDate: '2026-03-29', isoEndDate: '2026-03-30', timeZone, companyId: root.id };
      const counted = await figures(body);
      // Both periods are closed days: kept, each as one span.
      expect(await keptOf(scope, timeZone)).toEqual([
        { firstDay: '2026-03-27', lastDay: '2026-03-28' },
        { firstDay: '2026-03-29', lastDay: '2026-03-30' },
      ]);
      const current = byHand(rows, tree, timeZone, ['2026-03-29', '2026-03-30']);
      const previous = byHand(rows, tree, timeZone, ['2026-03-27', '2026-03-28']);
      expect(counted.days, timeZone).toEqual(current.days);
      expect(counted.totals, timeZone).toMatchObject(current.total);
      expect(counted.previousTotals, timeZone).toMatchObject(previous.total);
      expect(counted.totals.downloads, timeZone).toBeGreaterThan(0);
      // Read from what was kept, and counted afresh with nothing kept: the same answer.
      expect(await figures(body)).toEqual(counted);
      await t.database.db.delete(statisticsKept).where(eq(statisticsKept.scope, scope));
      expect(await keptOf(scope, timeZone)).toEqual([]);
      expect(await figures(body)).toEqual(counted);
    }
  });

  it('forgets a kept span when a row is dated back into it, and never keeps an open day', async () => {
    const company = await makeCompany(t, { prefix: 'kept_late' });
    const u = person();
    await seed([{ at: '2026-04-10T10:00:00Z', kind: 'login', userId: u, companyId: company.id }]);
    const body = { isoStartDate: '2026-04-10', isoEndDate: '2026-04-10', companyId: company.id };
    const scope = scopeKey([company.id]);
    expect((await figures(body)).totals.signIns).toBe(1);
    expect(await keptOf(scope, 'UTC')).toHaveLength(2);
    // A row dated back (an import, a long transaction): the trigger forgets what it touches...
    await seed([{ at: '2026-04-10T23:59:59.999Z', kind: 'login', userId: person(), companyId: company.id }]);
    expect(await keptOf(scope, 'UTC')).toEqual([]);
    const after = await figures(body);
    expect(after.totals).toMatchObject({ signIns: 2, activeUsers: 2 });
    // ...even one of the day before only, which a zone east of UTC counts in the 10th.
    await figures({ ...body, timeZone: 'Asia/Tokyo' });
    expect(await keptOf(scope, 'Asia/Tokyo')).toHaveLength(2);
    await seed([{ at: '2026-04-09T20:00:00Z', kind: 'login', userId: u, companyId: company.id }]);
    expect(await keptOf(scope, 'Asia/Tokyo')).toEqual([]);
    expect((await figures({ ...body, timeZone: 'Asia/Tokyo' })).totals.signIns).toBe(2);

    // Today is open: counted from the rows each time, never kept.
    const today = new Date().toISOString().slice(0, 10);
    const todayBody = { isoStartDate: today, isoEndDate: today, companyId: company.id };
    expect((await figures(todayBody)).totals.signIns).toBe(0);
    await seed([{ at: new Date().toISOString(), kind: 'login', userId: u, companyId: company.id }]);
    expect((await figures(todayBody)).totals.signIns).toBe(1);
    const keptToday = await t.database.db
      .select({ lastDay: statisticsKept.lastDay })
      .from(statisticsKept)
      .where(and(eq(statisticsKept.scope, scope), gte(statisticsKept.lastDay, today)));
    expect(keptToday).toEqual([]);
  });

  it("never gives a tree another tree's kept figures", async () => {
    const first = await makeCompany(t, { prefix: 'kept_a' });
    const second = await makeCompany(t, { prefix: 'kept_b' });
    const body = { isoStartDate: '2026-04-20', isoEndDate: '2026-04-20' };
    await seed([
      { at: '2026-04-20T09:00:00Z', kind: 'login', userId: person(), companyId: first.id },
      { at: '2026-04-20T09:00:00Z', kind: 'login', userId: person(), companyId: second.id },
      { at: '2026-04-20T10:00:00Z', kind: 'login', userId: person(), companyId: second.id },
    ]);
    expect((await figures({ ...body, companyId: first.id })).totals.signIns).toBe(1);
    expect((await figures({ ...body, companyId: second.id })).totals.signIns).toBe(2);
    // Asked again, each from what it kept.
    expect((await figures({ ...body, companyId: first.id })).totals.signIns).toBe(1);
    expect((await figures({ ...body, companyId: second.id })).totals.signIns).toBe(2);
    expect(await keptOf(scopeKey([first.id]), 'UTC')).toHaveLength(2);
    expect(scopeKey([first.id])).not.toBe(scopeKey([second.id]));
    // The key names the set of companies, whatever their order.
    expect(scopeKey([second.id, first.id, first.id])).toBe(scopeKey([first.id, second.id]));
    expect(scopeKey(null)).toBe('all');
    expect(scopeKey([])).not.toBe(scopeKey(null));
  });

  it('lets go of kept spans older than two days, and of the oldest past 1,000', async () => {
    const stale = `stale:${person()}`;
    const filler = `filler:${person()}`;
    await t.database.db.execute(sql`
      insert into statistics_kept (scope, time_zone, first_day, last_day, days, computed_at)
      values (${stale}, 'UTC', '2020-01-01', '2020-01-01', '[]', now() - interval '3 days')`);
    await t.database.db.execute(sql`
      insert into statistics_kept (scope, time_zone, first_day, last_day, days, computed_at)
      select ${filler}, 'UTC', '2020-01-01'::date + i, '2020-01-01'::date + i, '[]', now() - interval '1 hour'
      from generate_series(1, 1005) i`);
    const company = await makeCompany(t, { prefix: 'kept_bound' });
    // Keeping a new span lets the others go.
    await figures({ isoStartDate: '2026-04-25', isoEndDate: '2026-04-25', companyId: company.id });
    const count = async (scope: string) =>
      (await t.database.db.select().from(statisticsKept).where(eq(statisticsKept.scope, scope))).length;
    expect(await count(stale)).toBe(0);
    const left = await count(filler);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(1000);
    expect(await keptOf(scopeKey([company.id]), 'UTC')).toHaveLength(2);
    const [all] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(statisticsKept);
    expect(Number(all!.n)).toBeLessThanOrEqual(1000 + 2);
    expect(addDays('2026-04-25', -1)).toBe('2026-04-24');
  });

  it('starts again when a kept span goes between reading its days and merging its people and downloads', async () => {
    const kept = { scope: 'all', timeZone: 'UTC', firstDay: '2026-01-01', lastDay: '2026-01-01' };
    const day = { day: '2026-01-02', sign_ins: 1, active_users: 1, registrations: 0, downloads: 0 };
    const spans = vi.fn(async (_tree: unknown, _zone: string, list: TSpan[]) =>
      list.map(() => ({ days: [day], activeUsers: 1, kept, users: [], families: [], companies: [] })),
    );
    let gone = 2;
    const found = async <T>(value: T) => ({ found: gone-- <= 0, value });
    const repo = {
      spans,
      activeUsers: () => found(1),
      rankFamilies: () => found({ families: [], categories: [] }),
      downloadsByCompany: () => found([]),
      licencesExpiring: async () => [0, 0],
    } as unknown as StatisticsRepository;
    const service = new StatisticsService({
      repo,
      companies: { scopeOf: async () => null } as never,
      pendingApprovals: async () => 0,
    });
    const answer = await service.get({} as never, { isoStartDate: '2026-01-02', isoEndDate: '2026-01-02' });
    // The first round's rankings found the span gone, the second found it.
    expect(spans).toHaveBeenCalledTimes(2);
    expect(answer.statisticsInfo.totals.signIns).toBe(1);
    gone = 1_000;
    await expect(
      service.get({} as never, { isoStartDate: '2026-01-02', isoEndDate: '2026-01-02' }),
    ).rejects.toThrow(/three times/);
  });
});
