// @ts-check
// The embedded database's own thread (issue 27): PGlite's WebAssembly engine runs here, so the
// request thread keeps parsing, answering and logging while a statement runs. The request thread
// talks to it through db/pglite-proxy.ts, one message per statement; this file is plain JavaScript
// because a worker thread is started from a file Node loads as it is (tests, tsx and the bundle).
import { Buffer } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-thread.mjs runs as a worker thread');
const port = parentPort;

/** @param {string} value */
const same = (value) => value;
/**
 * The parsers Drizzle gives every statement: dates, times and intervals (and their arrays, and
 * numeric arrays) stay text, as node-postgres leaves them; a function cannot cross threads.
 */
const DRIZZLE_PARSERS = {
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

/** @type {{ dataDir: string | null }} */
const { dataDir } = workerData;
const extensions = { pg_trgm, btree_gin };
const db = dataDir ? new PGlite(dataDir, { extensions }) : new PGlite({ extensions });

/** Statements prepared at most; past it they are all deallocated and prepared again as used. */
const MAX_STATEMENTS = 500;
/** @type {Map<string, { name: string, paramTypes: number[] }>} */
const statements = new Map();
let statementCount = 0;

/** @param {Uint8Array[]} parts */
const joined = (parts) => Buffer.concat(parts);

/**
 * A statement with parameters, parsed and planned once (issue 27), as node-postgres's named
 * statements are on a server: the first run parses and describes it under a name, every run binds
 * and executes that name. PGlite's own `query` parses, describes and plans each time, which took
 * 40 % of a family search. PostgreSQL replans by itself when a table's definition changes, and
 * after five runs keeps a generic plan only where it costs no more than the custom ones.
 * @param {string} sql
 * @param {unknown[]} params
 * @param {{ rowMode: 'array' | 'object', parsers?: Record<number, (value: string) => unknown> }} options
 */
async function runPrepared(sql, params, options) {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= MAX_STATEMENTS) {
      await db.exec('DEALLOCATE ALL');
      statements.clear();
    }
    const name = `portal_${++statementCount}`;
    const described = await db.execProtocol(
      joined([
        protocol.serialize.parse({ name, text: sql }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
    );
    statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
    statements.set(sql, statement);
  }
  const { paramTypes } = statement;
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = db.serializers[/** @type {number} */ (paramTypes[i])];
    return serializer ? serializer(value) : String(value);
  });
  const result = await db.execProtocol(
    joined([
      protocol.serialize.bind({ statement: statement.name, values: /** @type {string[]} */ (values) }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]),
  );
  return parse.parseResults(result.messages, db.parsers, options)[0];
}

/**
 * A statement without parameters, in one call into the engine (parse, bind, describe, execute and
 * sync together), where PGlite's `query` makes five: a third of the time of a short one.
 * @param {string} sql
 * @param {{ rowMode: 'array' | 'object', parsers?: Record<number, (value: string) => unknown> }} options
 */
async function runOnce(sql, options) {
  const result = await db.execProtocol(
    joined([
      protocol.serialize.parse({ text: sql }),
      protocol.serialize.bind({}),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]),
  );
  return parse.parseResults(result.messages, db.parsers, options)[0];
}

/**
 * An error as the request thread rebuilds it: its message and every field PostgreSQL gave it
 * (code, constraint, detail, ...), which the error handler reads.
 * @param {unknown} error
 */
function plain(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return fields;
}

/**
 * @typedef {{ id: number, op: 'query', sql: string, params?: unknown[], rowMode?: 'array' | 'object', drizzle?: boolean }} TQuery
 * @typedef {{ id: number, op: 'exec', sql: string }} TExec
 * @typedef {{ id: number, op: 'close' }} TClose
 */

/** @param {TQuery | TExec | TClose} message */
async function run(message) {
  if (message.op === 'query') {
    const options = {
      rowMode: message.rowMode ?? 'object',
      ...(message.drizzle ? { parsers: DRIZZLE_PARSERS } : {}),
    };
    const result = message.params?.length
      ? await runPrepared(message.sql, message.params, options)
      : await runOnce(message.sql, options);
    if (!result) throw new Error('the statement answered nothing');
    return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
  }
  if (message.op === 'exec') {
    const results = await db.exec(message.sql);
    return results.map((result) => ({
      rows: result.rows,
      fields: result.fields,
      affectedRows: result.affectedRows,
    }));
  }
  await db.exec('CHECKPOINT');
  await db.close();
  return null;
}

// One statement at a time, in the order sent: the request thread keeps transactions whole.
/** @type {Promise<unknown>} */
let queue = db.waitReady.then(
  () => port.postMessage({ id: 0, ok: true, result: null }),
  (error) => port.postMessage({ id: 0, ok: false, error: plain(error) }),
);
port.on('message', (/** @type {TQuery | TExec | TClose} */ message) => {
  queue = queue.then(async () => {
    try {
      port.postMessage({ id: message.id, ok: true, result: await run(message) });
    } catch (error) {
      port.postMessage({ id: message.id, ok: false, error: plain(error) });
    }
    if (message.op === 'close') port.close();
  });
});
