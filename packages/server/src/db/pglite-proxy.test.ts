import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread, pgliteThreadFile } from './pglite-proxy.ts';

const serverPackage = path.resolve(import.meta.dirname, '../..');

describe('PGlite on its own thread', () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = await PGliteThread.open(pgliteThreadFile(serverPackage), null);
    await db.exec('create table counted (id serial primary key, n int not null unique)');
  });
  afterAll(() => db.close());

  it('answers rows as objects or arrays, with dates left as text for Drizzle', async () => {
    const asObjects = await db.query('select $1::int + 1 as n', [41]);
    expect(asObjects.rows).toEqual([{ n: 42 }]);
    const asArrays = await db.query(`select 1 as n, timestamptz '2026-11-27 10:00:00+00' as at`, [], {
      rowMode: 'array',
      parsers: { 1184: (value: string) => value },
    });
    expect(asArrays.rows).toEqual([[1, '2026-11-27 10:00:00+00']]);
  });

  it('answers what PGlite answers: nulls, counts of a write, text of unknown types, a column named __proto__', async () => {
    await db.exec('create table answered (id int primary key, label text)');
    const inserted = await db.query('insert into answered values ($1, $2), ($3, $4)', [1, 'one', 2, null]);
    expect(inserted.affectedRows).toBe(2);
    const updated = await db.query('update answered set label = $1 where id > $2', ['many', 0]);
    expect(updated.affectedRows).toBe(2);
    const read = await db.query(
      `select id, label, 'x'::text as "__proto__", '(1,2)'::point as p from answered order by id`,
    );
    expect(read.affectedRows).toBe(0);
    expect(read.fields.map((field) => field.name)).toEqual(['id', 'label', '__proto__', 'p']);
    const [first] = read.rows as Record<string, unknown>[];
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(Object.keys(first!)).toEqual(['id', 'label', '__proto__', 'p']);
    expect(first).toMatchObject({ id: 1, label: 'many', p: '(1,2)' });
    expect(Object.getOwnPropertyDescriptor(first, '__proto__')?.value).toBe('x');
    const empty = await db.query('select id from answered where id < $1', [0]);
    expect(empty.rows).toEqual([]);
  });

  it('keeps a transaction whole: a statement from outside waits until it ends, and a rollback undoes it', async () => {
    // A table of its own: the other tests' rows never count here, in any order.
    await db.exec('create table kept_whole (n int not null)');
    let outsideSaw: number | undefined;
    const inside = db.transaction(async (tx) => {
      await tx.query('insert into kept_whole (n) values (1)');
      // A statement from outside, sent now, must not run inside this transaction.
      const outside = db.query('select count(*)::int as c from kept_whole').then((r) => {
        outsideSaw = (r.rows[0] as { c: number }).c;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideSaw).toBeUndefined();
      await tx.query('insert into kept_whole (n) values (2)');
      throw Object.assign(new Error('undo'), { outside });
    });
    const error = (await inside.catch((e: unknown) => e)) as { message: string; outside: Promise<void> };
    expect(error.message).toBe('undo');
    await error.outside;
    expect(outsideSaw).toBe(0);
  });

  it('runs transactions started at once one after the other, never interleaved', async () => {
    await db.query('delete from counted');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          const { rows } = await tx.query('select coalesce(max(n), 0)::int as top from counted');
          await new Promise((resolve) => setTimeout(resolve, 1));
          await tx.query('insert into counted (n) values ($1)', [(rows[0] as { top: number }).top + 1]);
        }),
      ),
    );
    const { rows } = await db.query('select count(*)::int as c, max(n)::int as top from counted');
    expect(rows[0]).toEqual({ c: 20, top: 20 });
  });

  it("carries PostgreSQL's error fields across the thread (the error handler reads code and constraint)", async () => {
    await db.query('insert into counted (n) values (1000)');
    const error = (await db.query('insert into counted (n) values (1000)').catch((e: unknown) => e)) as {
      code: string;
      constraint: string;
    };
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('counted_n_key');
  });

  it('parses arrays, numbers and nulls on this side as PGlite would, from parameters and without', async () => {
    await db.exec(`create type mood as enum ('calm', 'busy')`);
    const { rows } = await db.query(
      `select $1::int[] as ints, array['a', null, 'c'] as texts, 12345678901::int8 as big,
              null::int as nothing, array['busy']::mood[] as moods, '{"a":[1]}'::jsonb as doc`,
      [[1, 2, 3]],
    );
    expect(rows).toEqual([
      {
        ints: [1, 2, 3],
        texts: ['a', null, 'c'],
        big: 12345678901,
        nothing: null,
        moods: '{busy}',
        doc: { a: [1] },
      },
    ]);
  });

  it("runs the hot reads on a generic plan and everything else on PostgreSQL's own choice, also after a rollback", async () => {
    const mode = async (client: Pick<PGliteThread, 'query'>) =>
      ((await client.query('select current_setting($1) as m', ['plan_cache_mode'])).rows[0] as { m: string })
        .m;
    const hot = db.hotReads();
    expect(await mode(hot)).toBe('force_generic_plan');
    expect(await mode(db)).toBe('auto');
    expect(await mode(hot)).toBe('force_generic_plan');
    // A transaction's statements are not hot: the `set` back to auto inside it is undone by its
    // rollback, and the next statement sets it again.
    await db
      .transaction(async (tx) => {
        expect(await mode(tx)).toBe('auto');
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect(await mode(db)).toBe('auto');
    expect(await mode(hot)).toBe('force_generic_plan');
  });

  it('refuses to open a data folder it cannot read, with the reason', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-bad-')), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    await expect(PGliteThread.open(pgliteThreadFile(serverPackage), file)).rejects.toThrow();
  });
});
