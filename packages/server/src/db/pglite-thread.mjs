// @ts-check
// The embedded database's own thread (issue 27): PGlite's WebAssembly engine runs here, so the
// request thread keeps parsing, answering and logging while a statement runs. The request thread
// talks to it through db/pglite-proxy.ts, one message per statement; this file is plain JavaScript
// because a worker thread is started from a file Node loads as it is (tests, tsx and the bundle).
import { Buffer } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-thread.mjs runs as a worker thread');
const port = parentPort;

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
 * Runs protocol messages and answers the bytes the engine wrote back, unparsed: the request thread
 * parses them (db/pglite-proxy.ts), as it would a server's answer off its socket. Parsing rows here
 * and copying them across as objects took a fifth of this thread's time on a page of families,
 * while the request thread sat idle; one buffer moves across without a copy.
 * @param {Uint8Array} messages
 */
async function runRaw(messages) {
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  await db.execProtocolRawStream(messages, {
    // A view into the engine's memory, written over by the next statement: copied.
    onRawData: (bytes) => {
      chunks.push(bytes.slice());
      size += bytes.length;
    },
  });
  if (chunks.length === 1) return /** @type {Uint8Array} */ (chunks[0]);
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

/**
 * The plan mode the engine's one session is in. Hot reads (`generic`) run on a generic plan, as
 * the server's pipelined read connections do (db/pipelined-reads.ts): PostgreSQL would otherwise
 * plan a page of records afresh for every run's values, which cost a quarter of a page here.
 * Everything else keeps PostgreSQL's own choice. Unknown after a rollback, which undoes a `set`.
 * @type {'generic' | 'auto' | undefined}
 */
let planMode = 'auto';

/** @param {boolean} generic */
async function planFor(generic) {
  const wanted = generic ? 'generic' : 'auto';
  if (planMode === wanted) return;
  await db.exec(`set plan_cache_mode = ${generic ? 'force_generic_plan' : 'auto'}`);
  planMode = wanted;
}

/**
 * A statement with parameters, parsed and described once (issue 27), as node-postgres's named
 * statements are on a server: the first run parses and describes it under a name, every run binds
 * and executes that name. PGlite's own `query` parses, describes and plans each time, which took
 * 40 % of a family search. PostgreSQL replans by itself when a table's definition changes.
 * @param {string} sql
 * @param {unknown[]} params
 */
async function runPrepared(sql, params) {
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
  return runRaw(
    joined([
      protocol.serialize.bind({ statement: statement.name, values: /** @type {string[]} */ (values) }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]),
  );
}

/**
 * A statement without parameters, in one call into the engine (parse, bind, describe, execute and
 * sync together), where PGlite's `query` makes five: a third of the time of a short one.
 * @param {string} sql
 */
function runOnce(sql) {
  return runRaw(
    joined([
      protocol.serialize.parse({ text: sql }),
      protocol.serialize.bind({}),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]),
  );
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
 * @typedef {{ id: number, op: 'query', sql?: string, key?: number, params?: unknown[], generic?: boolean }} TQuery
 * @typedef {{ id: number, op: 'exec', sql: string }} TExec
 * @typedef {{ id: number, op: 'close' }} TClose
 */

/**
 * Statement texts by the number the request thread gave them (db/pglite-proxy.ts): it sends a
 * text once with its number, then the number alone.
 * @type {Map<number, string>}
 */
const texts = new Map();

/** @param {TQuery} message */
function textOf(message) {
  if (message.sql !== undefined) {
    if (message.key !== undefined) texts.set(message.key, message.sql);
    return message.sql;
  }
  const text = message.key === undefined ? undefined : texts.get(message.key);
  if (text === undefined) throw new Error(`statement ${message.key} was never sent`);
  return text;
}

/** @param {TQuery | TExec | TClose} message */
async function run(message) {
  if (message.op === 'query') {
    const sql = textOf(message);
    await planFor(message.generic === true);
    return message.params?.length ? runPrepared(sql, message.params) : runOnce(sql);
  }
  if (message.op === 'exec') {
    if (/^\s*rollback\b/i.test(message.sql)) planMode = undefined;
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

/**
 * The element type of every array type, for the request thread to parse arrays as PGlite does
 * (its `_initArrayTypes` reads the same at start-up).
 */
async function arrayTypes() {
  const { rows } = await db.query(`
    select b.oid, b.typarray
    from pg_catalog.pg_type a left join pg_catalog.pg_type b on b.oid = a.typelem
    where a.typcategory = 'A'
    group by b.oid, b.typarray order by b.oid`);
  return rows;
}

// One statement at a time, in the order sent: the request thread keeps transactions whole.
/** @type {Promise<unknown>} */
let queue = db.waitReady.then(arrayTypes).then(
  (types) => port.postMessage({ id: 0, ok: true, result: types }),
  (error) => port.postMessage({ id: 0, ok: false, error: plain(error) }),
);
port.on('message', (/** @type {TQuery | TExec | TClose} */ message) => {
  queue = queue.then(async () => {
    try {
      const result = await run(message);
      // A statement's answer is its bytes, moved to the request thread rather than copied.
      if (result instanceof Uint8Array)
        port.postMessage({ id: message.id, ok: true, raw: result }, [result.buffer]);
      else port.postMessage({ id: message.id, ok: true, result });
    } catch (error) {
      planMode = undefined;
      port.postMessage({ id: message.id, ok: false, error: plain(error) });
    }
    if (message.op === 'close') port.close();
  });
});
