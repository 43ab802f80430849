import { createHash } from 'node:crypto';

/**
 * Where the rate limits' windows and the spent single-use keys (the bot check's challenges) live:
 * this process's memory with the embedded database (one process), or the database every instance
 * shares on a PostgreSQL server (modules/limits), so N instances count one limit, not N.
 */
export type TLimitStore = {
  /** Counts one hit in the current window of `key`: the hits so far in it and the ms until it resets. */
  count(key: string, windowMs: number): Promise<{ hits: number; resetsInMs: number }>;
  /** Marks `key` spent until `untilMs` (epoch ms); false when it was spent already. */
  spend(key: string, untilMs: number): Promise<boolean>;
};

/** Keys carry addresses and logins: stored as 128 bits of their SHA-256, never in clear. */
export function limitKey(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

/** Past this many windows or spent keys, the expired ones are swept. */
const SWEEP_AT = 10_000;

/** The store of one process: fixed windows and spent keys in two maps, swept as they grow. */
export class MemoryLimitStore implements TLimitStore {
  readonly #windows = new Map<string, { hits: number; resetAt: number }>();
  readonly #spent = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async count(key: string, windowMs: number): Promise<{ hits: number; resetsInMs: number }> {
    const now = this.#now();
    const window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.#windows.size >= SWEEP_AT)
        for (const [k, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(k);
      this.#windows.set(key, { hits: 1, resetAt: now + windowMs });
      return { hits: 1, resetsInMs: windowMs };
    }
    window.hits += 1;
    return { hits: window.hits, resetsInMs: window.resetAt - now };
  }

  async spend(key: string, untilMs: number): Promise<boolean> {
    const now = this.#now();
    const until = this.#spent.get(key);
    if (until !== undefined && until >= now) return false;
    if (this.#spent.size >= SWEEP_AT) for (const [k, u] of this.#spent) if (u < now) this.#spent.delete(k);
    this.#spent.set(key, untilMs);
    return true;
  }
}
