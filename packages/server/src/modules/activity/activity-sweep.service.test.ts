import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DbContext } from '../../db/context.ts';
import { activity, statisticsKept } from '../../db/schema/index.ts';
import { openTestDatabase, unique } from '../../../test/test-app.ts';
import { ActivityRepository } from './activity.repository.ts';
import { ActivitySweepService } from './activity-sweep.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-06-01T12:00:00Z');

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let repo: ActivityRepository;

const log = { info: vi.fn(), error: vi.fn() } as unknown as ConstructorParameters<
  typeof ActivitySweepService
>[0]['log'];

async function seed(kind: string, daysAgo: number, count: number) {
  const at = new Date(NOW.getTime() - daysAgo * DAY_MS);
  await database.db.insert(activity).values(Array.from({ length: count }, () => ({ kind, at })));
}

const countOf = async (kind: string) =>
  (await database.db.select({ id: activity.id }).from(activity).where(eq(activity.kind, kind))).length;

beforeAll(async () => {
  database = await openTestDatabase();
  repo = new ActivityRepository(new DbContext(database.db));
});

afterAll(async () => {
  await database.close();
});

describe('activity retention', () => {
  it('removes rows past the retention in batches and keeps recent ones', async () => {
    const old = unique('old');
    const recent = unique('recent');
    await seed(old, 500, 5);
    await seed(old, 401, 2);
    await seed(recent, 399, 3);
    await seed(recent, 0, 2);
    const deleteBefore = vi.spyOn(repo, 'deleteBefore');
    const sweep = new ActivitySweepService({
      repo,
      log,
      retentionDays: 400,
      batchSize: 3,
      pauseMs: 0,
      clock: () => NOW,
    });
    expect(await sweep.run()).toBe(7);
    // 3 + 3 + 1: the last batch, smaller than the size, ends the run.
    expect(deleteBefore).toHaveBeenCalledTimes(3);
    expect(await countOf(old)).toBe(0);
    expect(await countOf(recent)).toBe(5);
    deleteBefore.mockRestore();
  });

  it('keeps everything when the retention is 0', async () => {
    const kind = unique('ancient');
    await seed(kind, 5000, 2);
    const sweep = new ActivitySweepService({ repo, log, retentionDays: 0, clock: () => NOW });
    expect(await sweep.run()).toBe(0);
    sweep.start(60);
    await sweep.stop();
    expect(await countOf(kind)).toBe(2);
    // Gone again, so another test's sweep counts only its own rows, in whatever order they run.
    await database.db.delete(activity).where(eq(activity.kind, kind));
  });

  it('sweeps at start and stops cleanly', async () => {
    const kind = unique('started');
    await seed(kind, 450, 4);
    const sweep = new ActivitySweepService({ repo, log, retentionDays: 400, pauseMs: 0, clock: () => NOW });
    sweep.start(60);
    await sweep.stop();
    expect(await countOf(kind)).toBe(0);
  });

  it('forgets the statistics kept for the days it removes rows from, and keeps the others', async () => {
    const scope = unique('kept');
    const day = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);
    const keep = (firstDay: string, lastDay: string) =>
      database.db.insert(statisticsKept).values({ scope, timeZone: 'UTC', firstDay, lastDay, days: [] });
    await seed(unique('swept'), 450, 2);
    // A span over the swept rows' day; one ending the day before it and one starting the day
    // after (a zone west of UTC counts a row of that day in the day before, one east in the day
    // after); one ending two days before, which no zone's day of those rows touches; a recent one.
    await keep(day(452), day(448));
    await keep(day(460), day(451));
    await keep(day(449), day(440));
    await keep(day(460), day(452));
    await keep(day(20), day(10));
    const sweep = new ActivitySweepService({ repo, log, retentionDays: 400, pauseMs: 0, clock: () => NOW });
    expect(await sweep.run()).toBeGreaterThanOrEqual(2);
    const left = await database.db
      .select({ firstDay: statisticsKept.firstDay })
      .from(statisticsKept)
      .where(eq(statisticsKept.scope, scope));
    expect(left.map((row) => row.firstDay).sort()).toEqual([day(460), day(20)].sort());
    // Nothing removed, nothing forgotten.
    expect(await sweep.run()).toBe(0);
    const [kept] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(statisticsKept)
      .where(eq(statisticsKept.scope, scope));
    expect(Number(kept!.n)).toBe(2);
  });
});
