import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.ts';

describe('rate limiter', () => {
  it('refuses hits over the limit inside the window and forgets them after it', () => {
    const limiter = new RateLimiter(true);
    for (let i = 0; i < 3; i++) limiter.hit('k', 3, 1000, 0);
    expect(() => limiter.hit('k', 3, 1000, 10)).toThrow(/try again in 1 seconds/);
    expect(() => limiter.hit('other', 3, 1000, 10)).not.toThrow();
    expect(() => limiter.hit('k', 3, 1000, 1000)).not.toThrow();
  });
});
