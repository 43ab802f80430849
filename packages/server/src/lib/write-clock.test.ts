import { describe, expect, it } from 'vitest';
import { FreshAnswers, isWritePermission, WriteClock } from './write-clock.ts';

function answers(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = new WriteClock();
  let now = 1000;
  const fresh = new FreshAnswers<number>({
    clock,
    ttlMs: options.ttlMs ?? 3000,
    maxEntries: options.maxEntries ?? 10,
    now: () => now,
  });
  let computed = 0;
  const compute = () => Promise.resolve((computed += 1));
  return { clock, fresh, compute, computed: () => computed, later: (ms: number) => (now += ms) };
}

describe('FreshAnswers', () => {
  it('remembers an answer for half its TTL without a read', async () => {
    const { fresh, compute, computed, later } = answers();
    expect(await fresh.get('a', compute)).toBe(1);
    later(1499);
    expect(await fresh.get('a', compute)).toBe(1);
    expect(computed()).toBe(1);
  });

  it('renews an answer in use after half its TTL while still answering the remembered one', async () => {
    const { fresh, computed, later } = answers();
    let finish!: (value: number) => void;
    let reads = 0;
    const slow = () => {
      reads += 1;
      return reads === 1 ? Promise.resolve(1) : new Promise<number>((resolve) => (finish = resolve));
    };
    await fresh.get('a', slow);
    later(1500);
    // The renewal is under way: callers get the remembered answer, and share that one read.
    expect(await fresh.get('a', slow)).toBe(1);
    expect(await fresh.get('a', slow)).toBe(1);
    expect(reads).toBe(2);
    finish(2);
    await Promise.resolve();
    expect(await fresh.get('a', slow)).toBe(2);
    expect(computed()).toBe(0);
  });

  it('never answers past its TTL: an answer not renewed in time waits for its read', async () => {
    const { fresh, compute, later } = answers();
    await fresh.get('a', compute);
    later(3000);
    expect(await fresh.get('a', compute)).toBe(2);
  });

  it('forgets every answer once a write is counted', async () => {
    const { clock, fresh, compute } = answers();
    await fresh.get('a', compute);
    await fresh.get('b', compute);
    clock.tick();
    expect(await fresh.get('a', compute)).toBe(3);
    expect(await fresh.get('b', compute)).toBe(4);
  });

  it('does not keep an answer whose read began before a write', async () => {
    const { clock, fresh } = answers();
    let finish!: (value: number) => void;
    const first = fresh.get('a', () => new Promise<number>((resolve) => (finish = resolve)));
    clock.tick();
    finish(1);
    expect(await first).toBe(1);
    expect(await fresh.get('a', () => Promise.resolve(2))).toBe(2);
  });

  it('shares one computation between calls for the same key', async () => {
    const { fresh, compute, computed } = answers();
    const all = await Promise.all(Array.from({ length: 20 }, () => fresh.get('a', compute)));
    expect(new Set(all)).toEqual(new Set([1]));
    expect(computed()).toBe(1);
  });

  it('does not remember a failure', async () => {
    const { fresh } = answers();
    await expect(fresh.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await fresh.get('a', () => Promise.resolve(7))).toBe(7);
  });

  it('remembers nothing with a TTL of 0', async () => {
    const { fresh, compute, computed } = answers({ ttlMs: 0 });
    await fresh.get('a', compute);
    await fresh.get('a', compute);
    expect(computed()).toBe(2);
    expect(fresh.size).toBe(0);
  });

  it('keeps at most maxEntries, the stale going first', async () => {
    const { clock, fresh, compute } = answers({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) await fresh.get(key, compute);
    clock.tick();
    await fresh.get('d', compute);
    expect(fresh.size).toBe(1);
    for (const key of ['e', 'f', 'g']) await fresh.get(key, compute);
    expect(fresh.size).toBeLessThanOrEqual(3);
  });
});

describe('isWritePermission', () => {
  it('tells the permissions of writes', () => {
    expect(isWritePermission('contentmanagement.create')).toBe(true);
    expect(isWritePermission('companymanagement.update')).toBe(true);
    expect(isWritePermission('adminmanagement.delete')).toBe(true);
    expect(isWritePermission('contentmanagement.read')).toBe(false);
    expect(isWritePermission('signed-in')).toBe(false);
    expect(isWritePermission('public')).toBe(false);
  });
});
