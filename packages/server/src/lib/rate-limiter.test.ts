import { describe, expect, it } from 'vitest';
import { MemoryLimitStore } from './limit-store.ts';
import { RateLimiter } from './rate-limiter.ts';

describe('rate limiter', () => {
  it('refuses hits over the limit inside the window and forgets them after it', async () => {
    let now = 0;
    const limiter = new RateLimiter(new MemoryLimitStore(() => now), true);
    for (let i = 0; i < 3; i++) await limiter.hit('k', 3, 1000);
    now = 10;
    await expect(limiter.hit('k', 3, 1000)).rejects.toThrow(/try again in 1 seconds/);
    await expect(limiter.hit('other', 3, 1000)).resolves.toBeUndefined();
    now = 1000;
    await expect(limiter.hit('k', 3, 1000)).resolves.toBeUndefined();
  });

  it('counts nothing when switched off', async () => {
    const limiter = new RateLimiter(new MemoryLimitStore(), false);
    for (let i = 0; i < 10; i++) await limiter.hit('k', 1, 1000);
  });
});

describe('memory limit store', () => {
  it('spends a key once until its time, then takes it again', async () => {
    let now = 0;
    const store = new MemoryLimitStore(() => now);
    expect(await store.spend('a', 100)).toBe(true);
    expect(await store.spend('a', 100)).toBe(false);
    expect(await store.spend('b', 100)).toBe(true);
    now = 101;
    expect(await store.spend('a', 200)).toBe(true);
  });
});
