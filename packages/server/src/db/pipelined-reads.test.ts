import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { corkableStream, MAX_IN_FLIGHT, PipelinedReads, type TClientFactory } from './pipelined-reads.ts';

/**
 * A client as a node-postgres release that moved its private connection would make: the same
 * working client, with `connection` no longer where this module reads it.
 */
const movedConnection: TClientFactory = (config) =>
  new Proxy(new pg.Client(config), {
    get(target, key) {
      if (key === 'connection') return undefined;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

// Pipeline mode is a PostgreSQL server's: PGlite runs in the process and has no connections.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('pipelined reads on the PostgreSQL server', () => {
  const opened: PipelinedReads[] = [];
  const open = (connections = 2) => {
    const reads = new PipelinedReads(serverUrl!, connections);
    opened.push(reads);
    return reads;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((reads) => reads.end()));
  });

  const echo = { name: 'pipelined_echo', text: 'select $1::int as n, pg_backend_pid() as pid' };

  it('answers each of many concurrent queries with its own rows', async () => {
    const reads = open(2);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, n) =>
        reads.query(echo, [n]).then((result) => result.rows[0] as { n: number }),
      ),
    );
    expect(answers.map((row) => row.n)).toEqual(Array.from({ length: 300 }, (_, n) => n));
    expect(reads.inFlight).toEqual([0, 0]);
  });

  it('keeps reads on one connection while it keeps up, and spills past a slow statement', async () => {
    const reads = open(2);
    const pids = new Set<number>();
    for (let n = 0; n < 20; n++) pids.add(((await reads.query(echo, [n])).rows[0] as { pid: number }).pid);
    expect(pids.size).toBe(1);

    const settled: string[] = [];
    const slow = reads.query({ text: 'select pg_sleep(0.4), pg_backend_pid() as pid' }).then((result) => {
      settled.push('slow');
      return result.rows[0] as { pid: number };
    });
    await new Promise((resolve) => setTimeout(resolve, 80));
    // The first connection's oldest query is past the spill time: this read takes the second one.
    const quick = await reads.query(echo, [1]);
    settled.push('quick');
    expect(settled).toEqual(['quick']);
    expect((quick.rows[0] as { pid: number }).pid).not.toBe((await slow).pid);
    expect(settled).toEqual(['quick', 'slow']);
  });

  it('fails only the query that errs; the queries sent with it are answered', async () => {
    const reads = open(1);
    const results = await Promise.allSettled([
      reads.query(echo, [1]),
      reads.query({ text: 'select 1 / $1::int as n' }, [0]),
      reads.query(echo, [3]),
      reads.query({ text: 'select $1::int as n' }, ['not a number']),
      reads.query(echo, [5]),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: '22012' });
    expect((results[4] as PromiseFulfilledResult<pg.QueryResult>).value.rows[0]).toMatchObject({ n: 5 });
    expect((await reads.query(echo, [6])).rows[0]).toMatchObject({ n: 6 });
  });

  it('opens a connection again after the server ends one', async () => {
    const reads = open(1);
    const { pid } = (await reads.query(echo, [1])).rows[0] as { pid: number };
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    // The lost connection fails what it held (or nothing, if it was idle); the next query reconnects.
    await reads.query(echo, [2]).catch(() => undefined);
    const again = (await reads.query(echo, [3])).rows[0] as { n: number; pid: number };
    expect(again.n).toBe(3);
    expect(again.pid).not.toBe(pid);
  });

  it('holds no more than its bound unanswered on a connection; later reads wait their turn in order', async () => {
    const reads = new PipelinedReads(serverUrl!, 1, 2);
    opened.push(reads);
    const answered: number[] = [];
    const all = Array.from({ length: 7 }, (_, n) =>
      reads.query(echo, [n]).then((result) => answered.push((result.rows[0] as { n: number }).n)),
    );
    expect(reads.inFlight).toEqual([2]);
    await Promise.all(all);
    expect(answered).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(reads.inFlight).toEqual([0]);
  });

  it('answers the reads already sent when ended, and refuses those still waiting', async () => {
    const reads = new PipelinedReads(serverUrl!, 1, 1);
    opened.push(reads);
    await reads.query(echo, [0]);
    const results = Promise.allSettled([1, 2, 3].map((n) => reads.query(echo, [n])));
    await reads.end();
    const [sent, ...waiting] = await results;
    expect(sent).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 1 }] } });
    for (const result of waiting)
      expect(result).toMatchObject({ status: 'rejected', reason: { message: 'the database is closed' } });
  });

  it('plans a named statement once, generically, however its values change', async () => {
    const reads = open(1);
    // A LIMIT as a parameter is what made PostgreSQL plan every run anew (custom plans).
    const page = {
      name: 'pipelined_page',
      text: 'select g from generate_series(1, 1000) g where g > $1::int order by g limit $2',
    };
    for (let from = 0; from < 8; from++)
      expect((await reads.query(page, [from, 3])).rows).toEqual([
        { g: from + 1 },
        { g: from + 2 },
        { g: from + 3 },
      ]);
    const plans = await reads.query({
      text: "select generic_plans, custom_plans from pg_prepared_statements where name = 'pipelined_page'",
    });
    expect(plans.rows).toEqual([{ generic_plans: '8', custom_plans: '0' }]);
  });

  it('starts on a client it can cork', async () => {
    const reads = open(1);
    expect(await reads.start()).toBe(true);
    expect((await reads.query(echo, [1])).rows[0]).toMatchObject({ n: 1 });
  });

  it('declines to start on a client without the private field, leaving nothing open', async () => {
    const reads = new PipelinedReads(serverUrl!, 2, MAX_IN_FLIGHT, movedConnection);
    opened.push(reads);
    expect(await reads.start()).toBe(false);
    expect(reads.inFlight).toEqual([0, 0]);
    await expect(reads.query(echo, [1])).rejects.toThrow('the database is closed');
  });

  it('refuses queries once ended', async () => {
    const reads = open(1);
    await reads.query(echo, [1]);
    await reads.end();
    await expect(reads.query(echo, [2])).rejects.toThrow('the database is closed');
  });
});

describe('pipelined reads', () => {
  it("finds the socket to cork on node-postgres's client, and nothing where it moved", () => {
    const client = new pg.Client({ connectionString: 'postgres://127.0.0.1/none' });
    expect(corkableStream(client)).toBeDefined();
    expect(
      corkableStream(movedConnection({ connectionString: 'postgres://127.0.0.1/none', pipeline: true })),
    ).toBeUndefined();
  });

  it('needs at least one connection, and room for one query on each', () => {
    expect(() => new PipelinedReads('postgres://127.0.0.1/none', 0)).toThrow('1 or more');
    expect(() => new PipelinedReads('postgres://127.0.0.1/none', 1, 0)).toThrow('1 or more');
  });
});
