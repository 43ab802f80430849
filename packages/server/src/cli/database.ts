import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TConfig } from '../config.ts';
import { migrationsFolder, openDatabase, queryRows, type TDatabase, type TDb } from '../db/client.ts';
import { CliError } from './cli-error.ts';

/** One migration of the journal (`drizzle/meta/_journal.json`). */
export type TMigration = { idx: number; tag: string; when: number };

/** The migrations this portal ships, in order. */
export async function shippedMigrations(folder = migrationsFolder): Promise<TMigration[]> {
  const journal = JSON.parse(await fs.readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: TMigration[];
  };
  return journal.entries.map(({ idx, tag, when }) => ({ idx, tag, when }));
}

/**
 * Opens the configured database without migrating it: PGlite under DATA_DIR (refused while the
 * portal holds the folder) or the PostgreSQL server of DATABASE_URL (created when missing).
 */
export async function openConfigured(config: TConfig): Promise<TDatabase> {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      readConnections: 0,
      migrate: false,
    });
  } catch (error) {
    throw new CliError(`cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Where the database is, for messages: never the URL's password. */
export function describeTarget(config: TConfig): string {
  if (!config.databaseUrl) return `embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL database ${decodeURIComponent(url.pathname.slice(1))} on ${url.hostname}:${url.port || 5432}`;
}

/** How many of the shipped migrations the database has (drizzle's record: applied by their time). */
export async function appliedCount(db: TDb): Promise<number> {
  const [exists] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "present"`,
  );
  if (!exists?.present) return 0;
  const [last] = await queryRows<{ at: string | null }>(
    db,
    sql`select max(created_at)::text as "at" from drizzle.__drizzle_migrations`,
  );
  const at = last?.at === null || last?.at === undefined ? -1 : Number(last.at);
  return (await shippedMigrations()).filter((migration) => migration.when <= at).length;
}

/** Runs the shipped migrations up to `count` of them (all by default); answers how many ran. */
export async function runMigrations(database: TDatabase, count?: number): Promise<number> {
  const shipped = await shippedMigrations();
  const before = await appliedCount(database.db);
  const target = count ?? shipped.length;
  if (target <= before) return 0;
  let folder = migrationsFolder;
  let temporary: string | undefined;
  if (target < shipped.length) {
    // drizzle runs every migration of a folder's journal: a copy whose journal stops at `target`.
    temporary = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-migrations-'));
    await fs.cp(migrationsFolder, temporary, { recursive: true });
    const journalFile = path.join(temporary, 'meta', '_journal.json');
    const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, target);
    await fs.writeFile(journalFile, JSON.stringify(journal));
    folder = temporary;
  }
  try {
    await database.migrate(folder);
  } finally {
    if (temporary) await fs.rm(temporary, { recursive: true, force: true });
  }
  return target - before;
}
