import { tooManyRequests } from './app-error.ts';
import { limitKey, type TLimitStore } from './limit-store.ts';

/** Fixed-window limits per key, counted in a store (memory, or the database instances share). */
export class RateLimiter {
  readonly #store: TLimitStore;
  readonly #enabled: boolean;

  constructor(store: TLimitStore, enabled: boolean) {
    this.#store = store;
    this.#enabled = enabled;
  }

  /** Counts one hit of `key`; throws 429 once more than `limit` hits fall in `windowMs`. */
  async hit(key: string, limit: number, windowMs: number): Promise<void> {
    if (!this.#enabled) return;
    const { hits, resetsInMs } = await this.#store.count(limitKey(key), windowMs);
    if (hits > limit) throw tooManyRequests('tooManyAttempts', { seconds: Math.ceil(resetsInMs / 1000) });
  }
}
