type TWaiter<R> = { resolve(row: R | undefined): void; reject(error: unknown): void };

/** The most keys one statement reads; more wait for the next one. */
const MAX_KEYS = 500;

/**
 * Reads of one row by key that arrive in the same turn of the event loop, made as one statement
 * over all their keys (a DataLoader without a cache). Under load the requests of a turn share one
 * round trip and one statement's overhead in PostgreSQL instead of one each; alone, a read waits
 * only for the end of the turn it arrived in.
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

  /**
   * `load` answers the rows of the keys it is given, in any order; `keyOf` names each row's key;
   * `inTransaction` tells whether the caller's read must stay in an open transaction
   * (`DbContext.inTransaction`).
   */
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

  #flush(): void {
    const waiting = this.#waiting!;
    this.#waiting = undefined;
    const keys = [...waiting.keys()];
    for (let start = 0; start < keys.length; start += MAX_KEYS) {
      const batch = keys.slice(start, start + MAX_KEYS);
      // Through a promise, so a loader that throws at once fails its callers instead of the process.
      Promise.resolve(batch)
        .then((asked) => this.#load(asked))
        .then(
          (rows) => {
            const byKey = new Map(rows.map((row) => [this.#keyOf(row), row]));
            for (const key of batch) for (const waiter of waiting.get(key)!) waiter.resolve(byKey.get(key));
          },
          (error: unknown) => {
            for (const key of batch) for (const waiter of waiting.get(key)!) waiter.reject(error);
          },
        );
    }
  }
}
