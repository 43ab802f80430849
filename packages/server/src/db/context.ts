import { AsyncLocalStorage } from 'node:async_hooks';
import type { TDb } from './client.ts';

/**
 * What repositories query through: the open transaction of the current async context, else the
 * pool. Services open a transaction with `transaction(work)` and every repository call inside
 * `work` joins it, so a check and the write it guards commit together without services
 * touching the database.
 */
/** A query prepared once, run with its placeholders' values. */
export type TPrepared<T> = { execute(values: Record<string, unknown>): Promise<T> };

export class DbContext {
  readonly #root: TDb;
  readonly #open = new AsyncLocalStorage<TDb>();
  readonly #prepared = new WeakMap<TDb, Map<string, TPrepared<unknown>>>();

  constructor(root: TDb) {
    this.#root = root;
  }

  get db(): TDb {
    return this.#open.getStore() ?? this.#root;
  }

  /**
   * Runs a hot query built and prepared once per connection (the pool, or the open transaction),
   * so a request spends neither query building nor the server's parse and plan on it.
   */
  runPrepared<T>(
    name: string,
    build: (db: TDb) => TPrepared<T>,
    values: Record<string, unknown>,
  ): Promise<T> {
    const db = this.db;
    let byName = this.#prepared.get(db);
    if (!byName) this.#prepared.set(db, (byName = new Map<string, TPrepared<unknown>>()));
    let query = byName.get(name) as TPrepared<T> | undefined;
    if (!query) byName.set(name, (query = build(db)));
    return query.execute(values);
  }

  /** Runs `work` in one transaction; a nested call joins the transaction already open. */
  readonly transaction = <T>(work: () => Promise<T>): Promise<T> => {
    if (this.#open.getStore()) return work();
    return this.#root.transaction((tx) => this.#open.run(tx as unknown as TDb, work));
  };
}
