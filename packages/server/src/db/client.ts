import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema/index.ts';
import type { PGlite } from '@electric-sql/pglite';
import { PipelinedReads } from './pipelined-reads.ts';
import { PGliteThread, pgliteThreadFile } from './pglite-proxy.ts';

export type TSchema = typeof schema;
/** The one database type the repositories see, whichever driver is behind it. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

export type TDatabase = {
  db: TDb;
  /** Where the hot single-statement reads go: pipelined connections on a server, else `db`. */
  reads: TDb;
  kind: 'pglite' | 'postgres';
  /** What opening it had to fall back on; the app logs each as a warning once its logger exists. */
  warnings?: readonly string[];
  /**
   * Runs the migrations of `folder` (the shipped ones by default). On a server, under an advisory
   * lock: of instances starting together one migrates and the others wait, then find nothing to do.
   */
  migrate(folder?: string): Promise<void>;
  /**
   * Runs `work` (a first start's seeding) while no other instance runs it or migrates: on a server
   * under the migrations' advisory lock, so instances starting together on a new database seed it once.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** The connections at this moment (the metrics): a server's pool and pipelined reads; none on PGlite. */
  stats?: () => TDatabaseStats;
  /**
   * On a server: a connection of its own (not one of the pool's) that LISTENs on `channel` and
   * hands each notification's payload to `onMessage`, until it ends (a restart) or is closed.
   */
  listen?: (channel: string, onMessage: (payload: string) => void) => Promise<TListening>;
  /** On a server: sends `payload` to every listener of `channel` (pg_notify) through the pool. */
  notify?: (channel: string, payload: string) => Promise<void>;
  close(): Promise<void>;
};

/** A listening connection: `ended` settles once it is gone, for any reason. */
export type TListening = { ended: Promise<void>; close(): Promise<void> };

export type TDatabaseStats = {
  pool: { total: number; idle: number; waiting: number };
  pipelined: { inFlight: number; waiting: number } | null;
};

/** The nearest folder at or above `from` with a package.json: the server package from src/db/ and from dist/. */
function packageFolder(from: string): string {
  for (let folder = from; folder !== path.dirname(folder); folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
  }
  throw new Error(`no package.json above ${from}`);
}

// Found through the package folder, so the sources (tests, dev) and the bundled dist/main.js agree.
export const migrationsFolder = path.join(
  packageFolder(path.dirname(fileURLToPath(import.meta.url))),
  'drizzle',
);

/**
 * Takes the data folder for this process. PGlite corrupts a folder two processes open, so a
 * second one is refused while the holder's process is alive; a lock left by a dead one is taken over.
 */
function lockDataFolder(folder: string): () => void {
  fs.mkdirSync(folder, { recursive: true });
  const lockFile = path.join(folder, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(`the data folder ${folder} is in use by process ${holder}; stop it first`, {
          cause: error,
        });
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`could not lock the data folder ${folder}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the database a URL names when the server does not have it yet (first start). */
async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const probe = new pg.Client({ connectionString: databaseUrl });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (error) {
    await probe.end().catch(() => undefined);
    // 3D000: invalid_catalog_name, the database does not exist.
    if ((error as { code?: string }).code !== '3D000') throw error;
  }
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
}

/** The advisory lock key the migrations run under on a server (any constant; "FPmi" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x46506d69;

/** Runs `work` on one connection of `pool` while holding the advisory lock `key` (waiting for it). */
async function underAdvisoryLock<T>(
  pool: pg.Pool,
  key: number,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}

/** Opens a connection of its own that LISTENs on `channel` (TDatabase.listen). */
async function listenOn(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<TListening> {
  // keepAlive: a connection the network dropped silently is noticed, and so reopened.
  const client = new pg.Client({
    connectionString: databaseUrl,
    keepAlive: true,
    connectionTimeoutMillis: 10_000,
  });
  let ended = () => {};
  const gone = new Promise<void>((resolve) => (ended = resolve));
  // A terminated or lost connection answers 'error' then 'end'; either means it is gone.
  client.on('error', () => ended());
  client.on('end', () => ended());
  client.on('notification', (message) => {
    if (message.channel === channel) onMessage(message.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`listen "${channel.replace(/"/g, '""')}"`);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return { ended: gone, close: () => client.end().catch(() => undefined) };
}

/** Connections of the pool (transactions, writes, everything not marked as a hot read). */
export const POOL_CONNECTIONS = 10;
/** Pipelined connections for the hot reads, when the configuration names none. */
export const READ_CONNECTIONS = 2;

/** Opens PGlite (in memory or under dataDir/pgdata) or a PostgreSQL server, and migrates it. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  inMemory?: boolean;
  /** Pipelined connections for the hot reads on a server (PipelinedReads). */
  readConnections?: number | undefined;
  /** false: leave the schema as it is (the command line lists and runs migrations itself). */
  migrate?: boolean;
}): Promise<TDatabase> {
  const migrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const serverUrl = options.databaseUrl;
    await createDatabaseIfMissing(options.databaseUrl);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: POOL_CONNECTIONS });
    // An idle connection the server ends (a restart, an administrator) must not crash the process:
    // the pool drops it and opens another on the next query, which fails on its own if the server is gone.
    pool.on('error', () => undefined);
    // The same for a connection a request holds between two statements (a transaction awaiting
    // its own work) when the server goes away: the error fails the request's next statement
    // (503), and the pool drops the connection when it comes back; unheard, it ended the process.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as TDb;
    const migrateTo = (folder = migrationsFolder) =>
      underAdvisoryLock(pool, MIGRATION_LOCK_KEY, (client) =>
        migratePg(drizzlePg(client), { migrationsFolder: folder }),
      );
    if (migrate) await migrateTo();
    // 0 sends the hot reads through the pool too (a proxy in front of the server that cannot pipeline).
    const readConnections = options.readConnections ?? READ_CONNECTIONS;
    let pipelined =
      readConnections > 0 ? new PipelinedReads(options.databaseUrl, readConnections) : undefined;
    const warnings: string[] = [];
    if (pipelined && !(await pipelined.start())) {
      pipelined = undefined;
      warnings.push(
        'pipelined reads are off: this node-postgres has no connection.stream to cork; the hot reads go through the pool',
      );
    }
    let closing: Promise<void> | undefined;
    return {
      db,
      reads: pipelined ? drizzlePg(pipelined as unknown as pg.Client, { schema }) : db,
      kind: 'postgres',
      warnings,
      migrate: migrateTo,
      exclusively: (work) => underAdvisoryLock(pool, MIGRATION_LOCK_KEY, work),
      stats: () => ({
        pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
        pipelined: pipelined?.stats() ?? null,
      }),
      listen: (channel, onMessage) => listenOn(serverUrl, channel, onMessage),
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      // Once: the app's own close may follow a close of the database.
      close: () => (closing ??= Promise.all([pipelined?.end(), pool.end()]).then(() => undefined)),
    };
  }
  // The embedded database is loaded only when it is used: with a server, the portal never pays for
  // it. It runs on a thread of its own (db/pglite-proxy.ts), so the request thread stays free.
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const threadFile = pgliteThreadFile(packageFolder(path.dirname(fileURLToPath(import.meta.url))));
  let release = () => {};
  let client: PGliteThread;
  if (options.inMemory || !options.dataDir) {
    client = await PGliteThread.open(threadFile, null);
  } else {
    release = lockDataFolder(options.dataDir);
    try {
      client = await PGliteThread.open(threadFile, path.join(options.dataDir, 'pgdata'));
    } catch (error) {
      release();
      throw error;
    }
  }
  // Drizzle's PGlite driver uses only query, exec and transaction, which the thread's proxy has.
  const asPGlite = client as unknown as PGlite;
  const migrateTo = (folder = migrationsFolder) =>
    migratePglite(drizzlePglite(asPGlite), { migrationsFolder: folder });
  if (migrate) await migrateTo();
  const db = drizzlePglite(asPGlite, { schema }) as unknown as TDb;
  let closed = false;
  return {
    db,
    reads: drizzlePglite(client.hotReads() as unknown as PGlite, { schema }) as unknown as TDb,
    kind: 'pglite',
    migrate: migrateTo,
    exclusively: (work) => work(),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Runs raw SQL and answers its rows; both drivers answer `{rows}`. */
export async function queryRows<T>(db: TDb, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
