import { AsyncLocalStorage } from 'node:async_hooks';
import type { TDb } from './client.ts';

/**
 * What repositories query through: the open transaction of the current async context, else the
 * pool. Services open a transaction with `transaction(work)` and every repository call inside
 * `work` joins it, so a check and the write it guards commit together without services
 * touching the database.
 */
export class DbContext {
  readonly #root: TDb;
  readonly #open = new AsyncLocalStorage<TDb>();

  constructor(root: TDb) {
    this.#root = root;
  }

  get db(): TDb {
    return this.#open.getStore() ?? this.#root;
  }

  /** Runs `work` in one transaction; a nested call joins the transaction already open. */
  readonly transaction = <T>(work: () => Promise<T>): Promise<T> => {
    if (this.#open.getStore()) return work();
    return this.#root.transaction((tx) => this.#open.run(tx as unknown as TDb, work));
  };
}
