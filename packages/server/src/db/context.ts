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
  readonly #reads: TDb;
  readonly #open = new AsyncLocalStorage<TDb>();
  /** What runs once each open transaction commits (`afterCommit`). */
  readonly #committed = new WeakMap<TDb, Array<() => void>>();
  readonly #prepared = new WeakMap<TDb, Map<string, TPrepared<unknown>>>();

  /** `reads` takes the hot reads made outside a transaction (pipelined connections on a server). */
  constructor(root: TDb, reads: TDb = root) {
    this.#root = root;
    this.#reads = reads;
  }

  get db(): TDb {
    return this.#open.getStore() ?? this.#root;
  }

  /**
   * Runs `work` once the transaction open in this async context has committed (never when it rolls
   * back), or at once when none is open: what must follow a commit someone else's code ends, such
   * as waking the mail worker for a mail queued in it.
   */
  afterCommit(work: () => void): void {
    const open = this.#open.getStore();
    if (!open) return work();
    const waiting = this.#committed.get(open);
    if (waiting) waiting.push(work);
    else this.#committed.set(open, [work]);
  }

  /** Whether a transaction is open in this async context (its reads must stay in it). */
  get inTransaction(): boolean {
    return this.#open.getStore() !== undefined;
  }

  /**
   * Runs a hot query built and prepared once per connection (the open transaction, else the
   * pipelined reads), so a request spends neither query building nor the server's parse and plan
   * on it. Only for one short statement: outside a transaction it shares a pipelined connection,
   * where a slow statement would hold up the reads queued behind it.
   */
  runPrepared<T>(
    name: string,
    build: (db: TDb) => TPrepared<T>,
    values: Record<string, unknown>,
  ): Promise<T> {
    const db = this.#open.getStore() ?? this.#reads;
    let byName = this.#prepared.get(db);
    if (!byName) this.#prepared.set(db, (byName = new Map<string, TPrepared<unknown>>()));
    let query = byName.get(name) as TPrepared<T> | undefined;
    if (!query) byName.set(name, (query = build(db)));
    return query.execute(values);
  }

  /** Transactions open now, in every async context. */
  #openCount = 0;

  /**
   * Runs `work` in one transaction; a nested call joins the transaction already open.
   *
   * On Node 20 an enabled AsyncLocalStorage hooks the creation of every promise in the process
   * (2 to 3 times the cost of an await), so it is disabled again whenever no transaction is open:
   * reads, which open none, then pay nothing for it. `run` enables it again for the next one.
   */
  readonly transaction = <T>(work: () => Promise<T>): Promise<T> => {
    if (this.#open.getStore()) return work();
    this.#openCount += 1;
    let opened: TDb | undefined;
    return this.#root
      .transaction((tx) => {
        opened = tx;
        return this.#open.run(opened, work);
      })
      .then((result) => {
        for (const committed of (opened && this.#committed.get(opened)) ?? []) committed();
        return result;
      })
      .finally(() => {
        this.#openCount -= 1;
        if (this.#openCount === 0) this.#open.disable();
      });
  };
}
