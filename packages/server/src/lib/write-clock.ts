/**
 * Counts the writes this process has answered (a route of a `.create`, `.update` or `.delete`
 * permission that answered below 400, counted before its answer is sent, so after its transaction
 * committed). An answer computed from the database is still fresh while the count has not moved
 * since it was read; a write through another process is not counted (those answers keep their TTL).
 */
export class WriteClock {
  #writes = 0;

  get now(): number {
    return this.#writes;
  }

  tick(): void {
    this.#writes += 1;
  }
}

/** Whether a route of this permission writes (and its success moves the clock). */
export const isWritePermission = (permission: string): boolean =>
  /\.(create|update|delete)$/.test(permission);

type TEntry<V> = { writes: number; until: number; refreshFrom: number; answer: V };
type TReading<V> = { writes: number; answer: Promise<V> };

/**
 * Whole answers remembered under a key for `ttlMs` from the moment their read began, and
 * forgotten as soon as the write clock moves (a read that began before a write is never
 * remembered). Past half its TTL, the first call for an answer starts a new read and is still
 * answered the remembered one, so answers in steady use are renewed without anyone waiting for a
 * read; calls for a key whose read is under way share that read; a failed read is not remembered.
 * At most `maxEntries` are kept (the stale go first, then all). A TTL of 0 remembers nothing.
 * Answers are shared: never change one.
 */
export class FreshAnswers<V> {
  readonly #clock: WriteClock;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, TEntry<V>>();
  readonly #reading = new Map<string, TReading<V>>();

  constructor(options: { clock: WriteClock; ttlMs: number; maxEntries: number; now?: () => number }) {
    this.#clock = options.clock;
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    if (this.#ttlMs <= 0) return compute();
    const writes = this.#clock.now;
    const now = this.#now();
    const entry = this.#entries.get(key);
    const fresh = entry !== undefined && entry.writes === writes && entry.until > now;
    if (fresh && now < entry.refreshFrom) return Promise.resolve(entry.answer);
    let reading = this.#reading.get(key);
    if (reading?.writes !== writes) reading = this.#read(key, writes, now, compute);
    return fresh ? Promise.resolve(entry.answer) : reading.answer;
  }

  get size(): number {
    return this.#entries.size;
  }

  #read(key: string, writes: number, began: number, compute: () => Promise<V>): TReading<V> {
    const reading = { writes, answer: compute() };
    this.#reading.set(key, reading);
    const done = () => {
      if (this.#reading.get(key) === reading) this.#reading.delete(key);
    };
    reading.answer.then((answer) => {
      done();
      if (this.#clock.now !== writes) return;
      if (this.#entries.size >= this.#maxEntries && !this.#entries.has(key)) this.#sweep(writes);
      this.#entries.set(key, {
        writes,
        until: began + this.#ttlMs,
        refreshFrom: began + this.#ttlMs / 2,
        answer,
      });
    }, done);
    return reading;
  }

  #sweep(writes: number): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries)
      if (entry.writes !== writes || entry.until <= now) this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
  }
}
