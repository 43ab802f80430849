type TWaiter<R> = { resolve(row: R | undefined): void; reject(error: unknown): void };

/** The most keys one statement reads; more wait for the next one. */
const MAX_KEYS = 500;
/**
 * The most statements in flight at once. Keys asked while that many are out gather for the next
 * one, which leaves as soon as one comes back: under load a statement carries the keys of many
 * turns instead of each turn's few. On the embedded database, whose one thread runs statements
 * one after the other, `me` under 50 connections sent a statement of two or three keys per turn,
 * each paying the statement's own cost; a wait behind a statement already queued costs nothing.
 */
const MAX_IN_FLIGHT = 2;

/**
 * Reads of one row by key that arrive in the same turn of the event loop, made as one statement
 * over all their keys (a DataLoader without a cache), and while MAX_IN_FLIGHT statements are out,
 * those of the turns until one comes back. Under load the requests share one round trip and one
 * statement's overhead in PostgreSQL instead of one each; alone, a read waits only for the end of
 * the turn it arrived in.
 *
 * Nothing is remembered between turns: every read is sent after its request arrived, so it sees
 * every change committed before. A read made inside a transaction (`inTransaction()` says so) is
 * loaded at once, alone, through that transaction: batched with others, it would leave it.
 */
export class KeyedReads<K, R> {
  readonly #load: (keys: K[]) => Promise<R[]>;
  readonly #keyOf: (row: R) => K;
  readonly #inTransaction: () => boolean;
  #waiting: Map<K, Array<TWaiter<R>>> | undefined;
  #inFlight = 0;

  constructor(load: (keys: K[]) => Promise<R[]>, keyOf: (row: R) => K, inTransaction: () => boolean) {
    this.#load = load;
    this.#keyOf = keyOf;
    this.#inTransaction = inTransaction;
  }

  /** The row of `key`, or undefined when there is none. */
  get(key: K): Promise<R | undefined> {
    if (this.#inTransaction())
      return this.#load([key]).then((rows) => rows.find((row) => this.#keyOf(row) === key));
    return new Promise((resolve, reject) => {
      if (!this.#waiting) {
        this.#waiting = new Map();
        setImmediate(() => this.#flush());
      }
      let waiters = this.#waiting.get(key);
      if (!waiters) this.#waiting.set(key, (waiters = []));
      waiters.push({ resolve, reject });
    });
  }

  /** Sends the waiting keys, in statements of at most MAX_KEYS, while fewer than MAX_IN_FLIGHT are out. */
  #flush(): void {
    while (this.#waiting && this.#inFlight < MAX_IN_FLIGHT) {
      const waiting = this.#waiting;
      const batch = new Map<K, Array<TWaiter<R>>>();
      for (const [key, waiters] of waiting) {
        if (batch.size === MAX_KEYS) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) waiting.delete(key);
      if (waiting.size === 0) this.#waiting = undefined;
      this.#send(batch);
    }
  }

  #send(batch: Map<K, Array<TWaiter<R>>>): void {
    this.#inFlight++;
    const keys = [...batch.keys()];
    // Through a promise, so a loader that throws at once fails its callers instead of the process.
    Promise.resolve(keys)
      .then((asked) => this.#load(asked))
      .then(
        (rows) => {
          const byKey = new Map(rows.map((row) => [this.#keyOf(row), row]));
          for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(byKey.get(key));
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        },
      )
      .finally(() => {
        this.#inFlight--;
        this.#flush();
      });
  }
}
