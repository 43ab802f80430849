import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** What a statement answers, as PGlite answers it. */
export type TPGliteResult = {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
};

/** The options Drizzle passes: the row shape, and its parsers (always the same: dates stay text). */
type TQueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };

/** The part of PGlite's interface Drizzle's PGlite driver and the migrator use. */
export type TPGliteLike = {
  query(sql: string, params?: unknown[], options?: TQueryOptions): Promise<TPGliteResult>;
  exec(sql: string): Promise<TPGliteResult[]>;
  transaction<T>(work: (tx: TPGliteLike) => Promise<T>): Promise<T>;
};

type TMessage =
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; drizzle?: boolean }
  | { op: 'exec'; sql: string }
  | { op: 'close' };

type TReply = { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> };

/** An error from the database thread, with the fields PostgreSQL gave it (code, constraint, ...). */
function rebuilt(fields: Record<string, unknown> = {}): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(typeof message === 'string' ? message : 'database error'), rest);
}

/**
 * The embedded database on a thread of its own (issue 27): PGlite runs in db/pglite-thread.mjs,
 * and this side sends it statements, many at once outside a transaction (the thread runs them in
 * the order sent, so it is never idle waiting for the next) and one transaction at a time, during
 * which statements from outside it wait, exactly as PGlite's own `transaction` makes them.
 */
export class PGliteThread implements TPGliteLike {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  /** Settles when the open transaction ends; undefined while none is open. */
  #transaction: Promise<void> | undefined;
  #failed: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: TReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(rebuilt(reply.error));
    });
    const fail = (error: Error) => {
      this.#failed = error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens PGlite there: in `dataDir`, or in memory when it is null. */
  static async open(threadFile: string, dataDir: string | null): Promise<PGliteThread> {
    const worker = new Worker(threadFile, { workerData: { dataDir } });
    const thread = new PGliteThread(worker);
    // The thread answers id 0 once PGlite is ready, or with why it could not open.
    try {
      await new Promise((resolve, reject) => thread.#pending.set(0, { resolve, reject }));
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  #send<T>(message: TMessage): Promise<T> {
    if (this.#failed) return Promise.reject(this.#failed);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, ...message });
    });
  }

  #query<T extends TPGliteResult>(sql: string, params?: unknown[], options?: TQueryOptions): Promise<T> {
    return this.#send<T>({
      op: 'query',
      sql,
      ...(params?.length ? { params } : {}),
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      // Drizzle's parsers keep dates, times and intervals as text; the thread applies the same.
      ...(options?.parsers ? { drizzle: true } : {}),
    });
  }

  // Each waits while a transaction is open (a statement sent then would run inside it), and checks
  // again after each wait with no await before it sends: two waiting at once never both go.
  async query(sql: string, params?: unknown[], options?: TQueryOptions): Promise<TPGliteResult> {
    while (this.#transaction) await this.#transaction;
    return this.#query(sql, params, options);
  }

  async exec(sql: string): Promise<TPGliteResult[]> {
    while (this.#transaction) await this.#transaction;
    return this.#send({ op: 'exec', sql });
  }

  /** Runs `work` in one transaction; statements from outside it wait until it ends. */
  async transaction<T>(work: (tx: TPGliteLike) => Promise<T>): Promise<T> {
    while (this.#transaction) await this.#transaction;
    let end!: () => void;
    this.#transaction = new Promise<void>((resolve) => (end = resolve));
    const tx: TPGliteLike = {
      query: (sql, params, options) => this.#query(sql, params, options),
      exec: (sql) => this.#send({ op: 'exec', sql }),
      transaction: () => Promise.reject(new Error('nested transactions go through savepoints')),
    };
    try {
      await this.#send({ op: 'exec', sql: 'BEGIN' });
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        await this.#send({ op: 'exec', sql: 'ROLLBACK' }).catch(() => undefined);
        throw error;
      }
      await this.#send({ op: 'exec', sql: 'COMMIT' });
      return result;
    } finally {
      this.#transaction = undefined;
      end();
    }
  }

  /** Checkpoints and closes PGlite, then lets the thread end. */
  async close(): Promise<void> {
    while (this.#transaction) await this.#transaction;
    await this.#send({ op: 'close' });
    await this.#worker.terminate();
  }
}

/** The thread's file beside this one's package: found from the sources (tests, tsx) and from dist/. */
export function pgliteThreadFile(serverPackage: string): string {
  return path.join(serverPackage, 'src/db/pglite-thread.mjs');
}
