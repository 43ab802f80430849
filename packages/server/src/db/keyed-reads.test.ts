import { describe, expect, it } from 'vitest';
import { KeyedReads } from './keyed-reads.ts';

type TRow = { id: number; name: string };

/** A loader that records each statement's keys and answers a row for every key but 404. */
function recordingLoader(fail = false, inTransaction = false) {
  const statements: number[][] = [];
  const load = async (keys: number[]): Promise<TRow[]> => {
    statements.push(keys);
    await Promise.resolve();
    if (fail) throw new Error('database down');
    return keys.filter((id) => id !== 404).map((id) => ({ id, name: `user ${id}` }));
  };
  return {
    statements,
    reads: new KeyedReads(
      load,
      (row: TRow) => row.id,
      () => inTransaction,
    ),
  };
}

describe('KeyedReads', () => {
  it('reads at once and alone inside a transaction, so the read stays in it', async () => {
    const { statements, reads } = recordingLoader(false, true);
    const rows = await Promise.all([reads.get(3), reads.get(1), reads.get(404)]);
    expect(statements).toEqual([[3], [1], [404]]);
    expect(rows).toEqual([{ id: 3, name: 'user 3' }, { id: 1, name: 'user 1' }, undefined]);
  });

  it('reads the keys asked for in one turn in one statement, each key once, each caller its own row', async () => {
    const { statements, reads } = recordingLoader();
    const rows = await Promise.all([reads.get(3), reads.get(1), reads.get(3), reads.get(404), reads.get(2)]);
    expect(statements).toEqual([[3, 1, 404, 2]]);
    expect(rows).toEqual([
      { id: 3, name: 'user 3' },
      { id: 1, name: 'user 1' },
      { id: 3, name: 'user 3' },
      undefined,
      { id: 2, name: 'user 2' },
    ]);
  });

  it('remembers nothing: a later turn reads again', async () => {
    const { statements, reads } = recordingLoader();
    await reads.get(1);
    await reads.get(1);
    expect(statements).toEqual([[1], [1]]);
  });

  it('fails every caller of a failed statement, and reads again afterwards', async () => {
    const { reads } = recordingLoader(true);
    const results = await Promise.allSettled([reads.get(1), reads.get(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('database down'));
  });

  it('fails the callers of a loader that throws at once', async () => {
    const reads = new KeyedReads<number, TRow>(
      () => {
        throw new Error('no connection');
      },
      (row) => row.id,
      () => false,
    );
    await expect(reads.get(1)).rejects.toThrow('no connection');
  });

  it('sends at most two statements at once: keys asked meanwhile go together in the next', async () => {
    const statements: number[][] = [];
    const answers: Array<() => void> = [];
    const reads = new KeyedReads<number, TRow>(
      (keys) => {
        statements.push(keys);
        return new Promise((resolve) =>
          answers.push(() => resolve(keys.map((id) => ({ id, name: `user ${id}` })))),
        );
      },
      (row) => row.id,
      () => false,
    );
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const first = reads.get(1);
    await turn();
    const second = reads.get(2);
    await turn();
    // Two out: these three turns' keys wait, the key in flight asked again among them.
    const later = [reads.get(3)];
    await turn();
    later.push(reads.get(4), reads.get(1));
    await turn();
    expect(statements).toEqual([[1], [2]]);
    answers.shift()!();
    expect(await first).toEqual({ id: 1, name: 'user 1' });
    await turn();
    expect(statements).toEqual([[1], [2], [3, 4, 1]]);
    answers.shift()!();
    answers.shift()!();
    expect(await Promise.all([second, ...later])).toEqual(
      [2, 3, 4, 1].map((id) => ({ id, name: `user ${id}` })),
    );
  });

  it('splits a turn of more than 500 keys into several statements', async () => {
    const { statements, reads } = recordingLoader();
    const rows = await Promise.all(Array.from({ length: 1200 }, (_, n) => reads.get(1000 + n)));
    expect(statements.map((keys) => keys.length)).toEqual([500, 500, 200]);
    expect(rows.every((row, n) => row?.id === 1000 + n)).toBe(true);
  });
});
