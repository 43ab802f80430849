import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { types } from '@electric-sql/pglite';
import type {
  CommandCompleteMessage,
  DatabaseError,
  DataRowMessage,
  RowDescriptionMessage,
} from 'pg-protocol/dist/messages.js';
import { Parser as WireParser } from 'pg-protocol/dist/parser.js';

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

/**
 * A statement's text goes across once: its first message carries it with a number (`key`), the
 * next ones the number alone. A page of families is 4 KB of SQL, which each side would otherwise
 * copy for every call.
 */
type TMessage =
  | { op: 'query'; sql?: string; key?: number; params?: unknown[]; generic?: boolean }
  | { op: 'exec'; sql: string }
  | { op: 'close' };

type TReply = {
  id: number;
  ok: boolean;
  /** A statement's answer: the protocol messages the engine wrote, for this side to parse. */
  raw?: Uint8Array;
  result?: unknown;
  error?: Record<string, unknown>;
};

/** Statement texts the thread keeps by number: the portal's own statements are a few hundred. */
const MAX_KEYED = 2_000;

type TParser = (value: string, typeId?: number) => unknown;
type TParsers = Record<number, TParser>;

/**
 * The parsers Drizzle gives every statement: dates, times and intervals (and their arrays, and
 * numeric arrays) stay text, as node-postgres leaves them.
 */
const same: TParser = (value) => value;
const DRIZZLE_PARSERS: TParsers = {
  [types.TIMESTAMP]: same,
  [types.TIMESTAMPTZ]: same,
  [types.INTERVAL]: same,
  [types.DATE]: same,
  1231: same,
  1115: same,
  1185: same,
  1187: same,
  1182: same,
};

/** PGlite's parsers, with one for each array type the database has, as PGlite builds them. */
function parsersOf(arrayTypes: { oid: number; typarray: number }[]): TParsers {
  const parsers: TParsers = { ...types.parsers };
  for (const { oid, typarray } of arrayTypes)
    parsers[typarray] = (value) => types.arrayParser(value, parsers[oid] as never, typarray);
  return parsers;
}

/** An error from the database thread, with the fields PostgreSQL gave it (code, constraint, ...). */
function rebuilt(fields: Record<string, unknown> = {}): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(typeof message === 'string' ? message : 'database error'), rest);
}

/**
 * The embedded database on a thread of its own (issue 27): PGlite runs in db/pglite-thread.mjs,
 * and this side sends it statements, many at once outside a transaction (the thread runs them in
 * the order sent, so it is never idle waiting for the next) and one transaction at a time, during
 * which statements from outside it wait, exactly as PGlite's own `transaction` makes them. A
 * statement's answer comes back as the engine's protocol bytes and is parsed here, where a server's
 * answer would be: the database thread is the one that is short of time.
 */
export class PGliteThread implements TPGliteLike {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  /** The statements the thread knows by number (at most MAX_KEYED; others go as text each time). */
  readonly #keys = new Map<string, number>();
  #parsers: TParsers = {};
  /** The same with Drizzle's (DRIZZLE_PARSERS), merged once rather than for every answer. */
  #drizzleParsers: TParsers = {};
  /**
   * node-postgres's protocol parser, as on a server's socket: it reads text straight from the
   * answer's bytes, where PGlite's copies every field into an ArrayBuffer of its own before
   * decoding it (a third of this thread's time on a page of families, and most of its garbage).
   * It parses one whole answer at a time, so it holds nothing over from the last.
   */
  readonly #protocol = new WireParser();
  /** Settles when the open transaction ends; undefined while none is open. */
  #transaction: Promise<void> | undefined;
  #failed: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: TReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.raw ?? reply.result);
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
    // The thread answers id 0 once PGlite is ready, with the database's array types, or with why
    // it could not open.
    try {
      const arrayTypes = await new Promise((resolve, reject) => thread.#pending.set(0, { resolve, reject }));
      thread.#parsers = parsersOf(arrayTypes as { oid: number; typarray: number }[]);
      thread.#drizzleParsers = { ...thread.#parsers, ...DRIZZLE_PARSERS };
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

  async #query<T extends TPGliteResult>(
    sql: string,
    params: unknown[] | undefined,
    options: TQueryOptions | undefined,
    generic = false,
  ): Promise<T> {
    const raw = await this.#send<Uint8Array>({
      op: 'query',
      ...this.#statement(sql),
      ...(params?.length ? { params } : {}),
      ...(generic ? { generic } : {}),
    });
    return this.#parse(raw, options) as T;
  }

  /** The statement as the thread is to be told it: its number, with its text the first time. */
  #statement(sql: string): { sql?: string; key?: number } {
    const key = this.#keys.get(sql);
    if (key !== undefined) return { key };
    if (this.#keys.size >= MAX_KEYED) return { sql };
    const added = this.#keys.size + 1;
    this.#keys.set(sql, added);
    return { sql, key: added };
  }

  /**
   * A statement's answer from its protocol messages: its rows, fields and count, or its error. It
   * gives what PGlite's `parseResults` gives for one statement, built in one pass: that one copied
   * every parser (some 300) into a new object for each answer and each row through
   * `Object.fromEntries`, a tenth of this thread's time on a page of families.
   */
  #parse(raw: Uint8Array, options: TQueryOptions | undefined): TPGliteResult {
    const parsers = options?.parsers ? this.#drizzleParsers : this.#parsers;
    const byArray = options?.rowMode === 'array';
    let fields: { name: string; dataTypeID: number }[] = [];
    let fieldParsers: (TParser | undefined)[] = [];
    const rows: unknown[] = [];
    let failed: Error | undefined;
    let result: TPGliteResult | undefined;
    const value = (text: string | null, i: number) => {
      if (text === null) return null;
      const parser = fieldParsers[i];
      return parser ? parser(text, fields[i]!.dataTypeID) : text;
    };
    this.#protocol.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), (message) => {
      if (result) return;
      if (message.name === 'error') failed ??= message as DatabaseError;
      else if (message.name === 'rowDescription') {
        fields = (message as RowDescriptionMessage).fields.map(({ name, dataTypeID }) => ({
          name,
          dataTypeID,
        }));
        fieldParsers = fields.map(({ dataTypeID }) => parsers[dataTypeID]);
      } else if (message.name === 'dataRow') {
        const texts = (message as DataRowMessage).fields as (string | null)[];
        if (byArray) {
          const row = new Array<unknown>(texts.length);
          for (let i = 0; i < texts.length; i++) row[i] = value(texts[i] ?? null, i);
          rows.push(row);
        } else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < texts.length; i++) {
            const name = fields[i]!.name;
            // A column named __proto__ is a field like any other, not the row's prototype.
            if (name === '__proto__')
              Object.defineProperty(row, name, {
                value: value(texts[i] ?? null, i),
                enumerable: true,
                writable: true,
                configurable: true,
              });
            else row[name] = value(texts[i] ?? null, i);
          }
          rows.push(row);
        }
      } else if (message.name === 'commandComplete') {
        // A tag that carries a count ends in it ("SELECT 2", "UPDATE 3", "INSERT 0 5").
        const parts = (message as CommandCompleteMessage).text.split(' ');
        const command = parts[0] ?? '';
        const count = parseInt(parts[parts.length - 1] ?? '', 10);
        const writes = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command);
        result = {
          rows,
          fields,
          affectedRows: writes ? count : 0,
          ...(Number.isNaN(count) ? {} : { rowCount: count }),
        };
      }
    });
    if (failed) throw failed;
    return result ?? { rows: [], fields: [], affectedRows: 0 };
  }

  // Each waits while a transaction is open (a statement sent then would run inside it), and checks
  // again after each wait with no await before it sends: two waiting at once never both go.
  async query(sql: string, params?: unknown[], options?: TQueryOptions): Promise<TPGliteResult> {
    while (this.#transaction) await this.#transaction;
    return this.#query(sql, params, options);
  }

  /**
   * The same database for the hot reads (`TDatabase.reads`): each runs on a generic plan, planned
   * once, as on the server's pipelined read connections; outside transactions only.
   */
  hotReads(): TPGliteLike {
    return {
      query: async (sql, params, options) => {
        while (this.#transaction) await this.#transaction;
        return this.#query(sql, params, options, true);
      },
      exec: (sql) => this.exec(sql),
      transaction: (work) => this.transaction(work),
    };
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
