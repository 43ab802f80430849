import { describe, expect, it } from 'vitest';
import { lazy } from './lazy.ts';

describe('lazy', () => {
  it('loads once, on first use, and shares the result with every caller', async () => {
    let loads = 0;
    const load = lazy(async () => ({ loaded: ++loads }));
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(await load()).toBe(first);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load instead of remembering the failure', async () => {
    let attempts = 0;
    const load = lazy(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('not yet');
      return 'ready';
    });
    await expect(load()).rejects.toThrow('not yet');
    expect(await load()).toBe('ready');
    expect(attempts).toBe(2);
  });
});
