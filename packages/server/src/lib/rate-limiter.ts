import { tooManyRequests } from './app-error.ts';

type TWindow = { count: number; resetAt: number };

/** Fixed-window counters in memory, per key; enough for one instance (documented in operations). */
export class RateLimiter {
  readonly #windows = new Map<string, TWindow>();
  readonly #enabled: boolean;

  constructor(enabled: boolean) {
    this.#enabled = enabled;
  }

  /** Counts one hit of `key`; throws 429 once more than `limit` hits fall in `windowMs`. */
  hit(key: string, limit: number, windowMs: number, now = Date.now()): void {
    if (!this.#enabled) return;
    const window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      this.#windows.set(key, { count: 1, resetAt: now + windowMs });
      this.#sweep(now);
      return;
    }
    window.count += 1;
    if (window.count > limit) {
      const seconds = Math.ceil((window.resetAt - now) / 1000);
      throw tooManyRequests('tooManyAttempts', { seconds });
    }
  }

  #sweep(now: number): void {
    if (this.#windows.size < 10_000) return;
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}
