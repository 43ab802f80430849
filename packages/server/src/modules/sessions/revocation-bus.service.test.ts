import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/test-app.ts';
import { LiveSessions } from './live-sessions.service.ts';
import { REVOCATION_CHANNEL, RevocationBus, type TListening } from './revocation-bus.service.ts';

const SERVER = Boolean(process.env.TEST_DATABASE_URL);
const FAR = new Date(Date.UTC(2100, 0, 1));

type TDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/** What a test closes when it ends, passing or not. */
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

const silentLog = () => {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  return Object.assign(log, { child: () => log });
};

/** A lookup that answers a live sign-in and counts how often it was asked. */
function lookupOf() {
  const lookup = async () => {
    lookup.calls += 1;
    return FAR;
  };
  lookup.calls = 0;
  return lookup;
}

/** Waits until `check` holds, asking every 20 ms for at most `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A bus on `listen`/`notify`, started, with its cache (remembering for a minute) and log. */
async function startedBus(deps: Pick<ConstructorParameters<typeof RevocationBus>[0], 'listen' | 'notify'>) {
  const live = new LiveSessions({ ttlMs: 60_000 });
  const log = silentLog();
  const bus = new RevocationBus({
    live,
    ...deps,
    afterCommit: (work) => work(),
    log: log as unknown as FastifyBaseLogger,
  });
  await bus.start();
  cleanup.push(() => bus.stop());
  return { live, log, bus };
}

describe('RevocationBus', () => {
  it('connects again with growing pauses while connecting fails, then forgets everything remembered', async () => {
    const tries: number[] = [];
    let ended = () => {};
    const listen = async (): Promise<TListening> => {
      tries.push(Date.now());
      if (tries.length <= 3) throw new Error('connect ECONNREFUSED');
      return { ended: new Promise<void>((resolve) => (ended = resolve)), close: async () => ended() };
    };
    const { live, log } = await startedBus({ listen, notify: async () => undefined });
    await until(() => tries.length === 4);
    // 100, 200 and 400 ms between the tries.
    expect(tries[3]! - tries[0]!).toBeGreaterThanOrEqual(650);
    expect(log.warn).toHaveBeenCalledTimes(1);
    const lookup = lookupOf();
    await live.isLive('a', 7, lookup);
    await live.isLive('a', 7, lookup);
    expect(lookup.calls).toBe(1);
    // The connection drops: once connected again, nothing remembered is trusted.
    ended();
    await until(() => tries.length === 5);
    await live.isLive('a', 7, lookup);
    expect(lookup.calls).toBe(2);
  });

  it('applies what it hears from others, ignores its own and what it does not understand', async () => {
    let onMessage: (payload: string) => void = () => {};
    const sent: string[] = [];
    const listen = async (_channel: string, handler: (payload: string) => void): Promise<TListening> => {
      onMessage = handler;
      return { ended: new Promise<void>(() => {}), close: async () => undefined };
    };
    const { live, log, bus } = await startedBus({
      listen,
      notify: async (_channel, payload) => {
        sent.push(payload);
      },
    });
    const lookup = lookupOf();
    await live.isLive('a', 7, lookup);
    bus.publish({ kind: 'user', userId: 8 });
    // Its own message comes back: ignored (the cache was told directly).
    onMessage(sent[0]!);
    await live.isLive('a', 7, lookup);
    expect(lookup.calls).toBe(1);
    onMessage('not json');
    onMessage(JSON.stringify({ from: 'other', revocation: { kind: 'session' } }));
    expect(log.warn).toHaveBeenCalledTimes(2);
    onMessage(JSON.stringify({ from: 'other', revocation: { kind: 'session', sessionId: 'a' } }));
    await live.isLive('a', 7, lookup);
    expect(lookup.calls).toBe(2);
  });

  it('sends nothing for a revocation whose transaction rolls back', async () => {
    const sent: string[] = [];
    const waiting: Array<() => void> = [];
    const bus = new RevocationBus({
      live: new LiveSessions(),
      listen: async () => ({ ended: new Promise<void>(() => {}), close: async () => undefined }),
      notify: async (_channel, payload) => {
        sent.push(payload);
      },
      // A transaction open: the work waits for its commit, which never comes.
      afterCommit: (work) => waiting.push(work),
      log: silentLog() as unknown as FastifyBaseLogger,
    });
    bus.publish({ kind: 'session', sessionId: 'a' });
    expect(sent).toEqual([]);
    for (const work of waiting) work();
    await until(() => sent.length === 1);
    expect(JSON.parse(sent[0]!)).toMatchObject({ revocation: { kind: 'session', sessionId: 'a' } });
  });
});

describe.runIf(SERVER)('RevocationBus on PostgreSQL', () => {
  async function ownDatabase(): Promise<TDatabase> {
    const database = await openTestDatabase();
    cleanup.push(() => database.close());
    return database;
  }

  /** The backends listening on the revocation channel in this test's database. */
  async function listeners(database: TDatabase): Promise<number[]> {
    const rows = await queryRows<{ pid: number }>(
      database.db,
      sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
    );
    return rows.map((row) => row.pid);
  }

  it('connects again after its connection is killed, forgets everything, and hears revocations again', async () => {
    const database = await ownDatabase();
    const { listen, notify } = database;
    if (!listen || !notify) throw new Error('a server database listens');
    const { live, log } = await startedBus({ listen, notify });
    // The other instance only publishes.
    const other = new LiveSessions({
      publish: (revocation) => void notify(REVOCATION_CHANNEL, JSON.stringify({ from: 'other', revocation })),
    });
    const [pid] = await listeners(database);
    expect(pid).toBeDefined();
    const lookup = lookupOf();
    await live.isLive('a', 7, lookup);
    await live.isLive('a', 7, lookup);
    expect(lookup.calls).toBe(1);

    await database.db.execute(sql`select pg_terminate_backend(${pid})`);
    await until(async () => {
      const now = await listeners(database);
      return now.length === 1 && now[0] !== pid;
    });
    await until(() => log.info.mock.calls.length > 0);
    expect(log.warn).toHaveBeenCalledWith('revocation listener lost its connection; connecting again');
    await live.isLive('a', 7, lookup);
    expect(lookup.calls).toBe(2);

    // Remembered again, then ended by the other instance: asked again here.
    await live.isLive('a', 7, lookup);
    expect(lookup.calls).toBe(2);
    other.forgetSession('a');
    await until(async () => {
      await live.isLive('a', 7, lookup);
      return lookup.calls > 2;
    }, 1000);
  });

  it('closes its connection when stopped', async () => {
    const database = await ownDatabase();
    const { listen, notify } = database;
    if (!listen || !notify) throw new Error('a server database listens');
    const { bus } = await startedBus({ listen, notify });
    expect(await listeners(database)).toHaveLength(1);
    await bus.stop();
    await until(async () => (await listeners(database)).length === 0);
  });
});
