import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { TDb } from './client.ts';
import { DbContext } from './context.ts';

/** A database whose transactions hand `work` a fresh marker object standing for the open transaction. */
function fakeDatabase() {
  let count = 0;
  const root = {
    name: 'root',
    async transaction<T>(work: (tx: unknown) => Promise<T>): Promise<T> {
      await sleep(1);
      count += 1;
      return work({ name: `tx${count}` });
    },
  };
  return root as unknown as TDb & { name: string };
}

const nameOf = (db: TDb) => (db as unknown as { name: string }).name;

describe('DbContext', () => {
  it('runs afterCommit work once the outermost transaction commits, never on a rollback, at once outside one', async () => {
    const ctx = new DbContext(fakeDatabase());
    const done: string[] = [];
    ctx.afterCommit(() => done.push('outside'));
    expect(done).toEqual(['outside']);
    await ctx.transaction(async () => {
      ctx.afterCommit(() => done.push('committed'));
      // A nested call joins the outer transaction: its work waits for the outer commit too.
      await ctx.transaction(async () => ctx.afterCommit(() => done.push('nested')));
      expect(done).toEqual(['outside']);
    });
    expect(done).toEqual(['outside', 'committed', 'nested']);
    await expect(
      ctx.transaction(async () => {
        ctx.afterCommit(() => done.push('rolled back'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(done).toEqual(['outside', 'committed', 'nested']);
  });

  it('gives each transaction its own connection across awaits, while others open and close', async () => {
    const ctx = new DbContext(fakeDatabase());
    const seen: string[] = [];
    const long = ctx.transaction(async () => {
      const mine = nameOf(ctx.db);
      await sleep(30);
      // The short transaction below has ended meanwhile: this one still reads through its own.
      seen.push(`long ${mine} ${nameOf(ctx.db)}`);
      await Promise.resolve();
      seen.push(`long ${mine} ${nameOf(ctx.db)}`);
    });
    const short = ctx.transaction(async () => {
      const mine = nameOf(ctx.db);
      await sleep(1);
      seen.push(`short ${mine} ${nameOf(ctx.db)}`);
    });
    await Promise.all([long, short]);
    expect(seen).toEqual(['short tx2 tx2', 'long tx1 tx1', 'long tx1 tx1']);
    expect(nameOf(ctx.db)).toBe('root');
  });

  it('answers the root outside a transaction, also after one ended, and opens the next one', async () => {
    const ctx = new DbContext(fakeDatabase());
    expect(nameOf(ctx.db)).toBe('root');
    await ctx.transaction(async () => expect(nameOf(ctx.db)).toBe('tx1'));
    expect(nameOf(ctx.db)).toBe('root');
    await ctx.transaction(async () => {
      await sleep(1);
      expect(nameOf(ctx.db)).toBe('tx2');
    });
    expect(nameOf(ctx.db)).toBe('root');
  });

  it('joins the open transaction when called inside one, and closes after a failure', async () => {
    const ctx = new DbContext(fakeDatabase());
    await ctx.transaction(async () => {
      await ctx.transaction(async () => expect(nameOf(ctx.db)).toBe('tx1'));
      expect(nameOf(ctx.db)).toBe('tx1');
    });
    await expect(
      ctx.transaction(async () => {
        await sleep(1);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(nameOf(ctx.db)).toBe('root');
    await ctx.transaction(async () => expect(nameOf(ctx.db)).toBe('tx3'));
  });
});
