import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import { queryRows, type TDatabase } from '../db/client.ts';
import { CliError } from './cli-error.ts';
import { appliedCount, shippedMigrations } from './database.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  blobPath,
  fileEntry,
  MANIFEST_ENTRY,
  tableEntry,
  type TManifest,
} from './backup-format.ts';
import { schemaTables } from './tables.ts';

/** Rows fetched from the cursor at a time. */
const FETCH_ROWS = 2000;

type TSink = ReturnType<tar.Pack['entry']>;

/** Writes a chunk to a tar entry, waiting while its buffer is full. */
async function writeTo(sink: TSink, chunk: Buffer): Promise<void> {
  if (!sink.write(chunk)) await once(sink, 'drain');
}

/** Adds one file to the pack from disk; checks its SHA-256 on the way when `expected` names one. */
async function addFile(pack: tar.Pack, name: string, source: string, size: number, expected?: string) {
  const digest = createHash('sha256');
  await new Promise<void>((resolve, reject) => {
    const sink = pack.entry({ name, size, mode: 0o644 }, (error) => (error ? reject(error) : resolve()));
    void (async () => {
      for await (const chunk of createReadStream(source) as AsyncIterable<Buffer>) {
        digest.update(chunk);
        await writeTo(sink, chunk);
      }
      const sum = digest.digest('hex');
      if (expected && sum !== expected) {
        throw new CliError(`the stored file ${expected} is damaged on disk: its content sums to ${sum}`);
      }
      sink.end(() => undefined);
    })().catch(reject);
  });
}

/** Refuses a backup target that exists already or whose folder does not. */
export async function checkBackupTarget(output: string): Promise<void> {
  if (await fs.stat(output).catch(() => null))
    throw new CliError(`${output} exists already: choose another name or remove it`);
  if (!(await fs.stat(path.dirname(output)).catch(() => null))?.isDirectory())
    throw new CliError(`${path.dirname(output)}: no such folder`);
}

/**
 * Takes a backup of an open database and its stored files into one tar at `output`: every table
 * read in ONE repeatable-read transaction (one snapshot, so writes under way are either wholly in it
 * or not at all), then every file the snapshot's `files` rows name. Written beside the target and
 * renamed when complete, so a failed backup never leaves a file that looks whole.
 */
export async function backupTo(
  database: TDatabase,
  /** Null when the files live in object storage: the backup then holds the database alone. */
  filesRoot: string | null,
  output: string,
  log: (line: string) => void = () => {},
): Promise<TManifest> {
  const applied = await appliedCount(database.db);
  if (applied === 0) throw new CliError('the database holds no Family Portal schema: nothing to back up');
  const shipped = await shippedMigrations();
  const stage = await fs.mkdtemp(path.join(path.dirname(output), '.portal-backup-'));
  try {
    const tables: TManifest['tables'] = [];
    let hashes: Array<{ hash: string }> = [];
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      for (const table of await schemaTables(tx)) {
        const file = path.join(stage, `${table.name}.jsonl`);
        const out = createWriteStream(file);
        const digest = createHash('sha256');
        let rows = 0;
        let bytes = 0;
        await tx.execute(
          sql`declare portal_backup no scroll cursor for
              select row_to_json(t)::text as "line" from ${sql.identifier(table.name)} t`,
        );
        for (;;) {
          const batch = await queryRows<{ line: string }>(
            tx,
            sql.raw(`fetch forward ${FETCH_ROWS} from portal_backup`),
          );
          if (!batch.length) break;
          const chunk = Buffer.from(batch.map((row) => `${row.line}\n`).join(''));
          digest.update(chunk);
          bytes += chunk.length;
          rows += batch.length;
          if (!out.write(chunk)) await once(out, 'drain');
        }
        await tx.execute(sql`close portal_backup`);
        out.end();
        await once(out, 'finish');
        tables.push({ name: table.name, rows, bytes, sha256: digest.digest('hex') });
        log(`  ${table.name}: ${rows} rows`);
      }
      hashes = await queryRows<{ hash: string }>(tx, sql`select hash from files order by hash`);
    });

    const files: TManifest['files'] = [];
    const missingFiles: string[] = [];
    if (filesRoot !== null)
      for (const { hash } of hashes) {
        const stat = await fs.stat(blobPath(filesRoot, hash)).catch(() => null);
        if (stat?.isFile()) files.push({ sha256: hash, bytes: stat.size });
        else missingFiles.push(hash);
      }
    const manifest: TManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      source: database.kind,
      migrations: { applied, last: shipped[applied - 1]?.tag ?? null },
      tables,
      files,
      missingFiles,
    };

    const partial = `${output}.partial`;
    const pack = tar.pack();
    const out = createWriteStream(partial);
    const written = new Promise<void>((resolve, reject) => {
      out.on('finish', resolve);
      out.on('error', reject);
      pack.on('error', reject);
    });
    pack.pipe(out);
    const manifestText = Buffer.from(JSON.stringify(manifest, null, 2));
    pack.entry({ name: MANIFEST_ENTRY, size: manifestText.length, mode: 0o644 }, manifestText);
    for (const table of tables)
      await addFile(pack, tableEntry(table.name), path.join(stage, `${table.name}.jsonl`), table.bytes);
    if (filesRoot !== null)
      for (const file of files)
        await addFile(
          pack,
          fileEntry(file.sha256),
          blobPath(filesRoot, file.sha256),
          file.bytes,
          file.sha256,
        );
    pack.finalize();
    await written;
    await fs.rename(partial, output);
    return manifest;
  } catch (error) {
    await fs.rm(`${output}.partial`, { force: true });
    throw error;
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
  }
}
