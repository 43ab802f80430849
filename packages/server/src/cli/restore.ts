import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import { queryRows, type TDatabase, type TTx } from '../db/client.ts';
import { CliError } from './cli-error.ts';
import { appliedCount, runMigrations, shippedMigrations } from './database.ts';
import {
  blobPath,
  fileEntry,
  MANIFEST_ENTRY,
  manifestProblem,
  tableEntry,
  type TManifest,
} from './backup-format.ts';
import { columnList, schemaTables, type TTable } from './tables.ts';

/** Rows per INSERT, and the most text one carries. */
const INSERT_ROWS = 1000;
const INSERT_BYTES = 4 * 1024 * 1024;
/** The manifest is small; anything bigger in its place is not ours. */
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/** What stands in the target already: rows per non-empty table and stored files. */
export async function targetContent(
  database: TDatabase,
  filesRoot: string,
): Promise<{ tables: string[]; files: number }> {
  const tables: string[] = [];
  if ((await appliedCount(database.db)) > 0) {
    for (const table of await schemaTables(database.db)) {
      const [row] = await queryRows<{ any: boolean }>(
        database.db,
        sql`select exists (select 1 from ${sql.identifier(table.name)}) as "any"`,
      );
      if (row?.any) tables.push(table.name);
    }
  }
  let files = 0;
  for (const folder of await fs.readdir(filesRoot).catch(() => [] as string[])) {
    if (!/^[0-9a-f]{2}$/.test(folder)) continue;
    files += (await fs.readdir(path.join(filesRoot, folder)).catch(() => [] as string[])).length;
  }
  return { tables, files };
}

/** Reads an entry whole (the manifest). */
async function readAll(entry: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += chunk.length;
    if (size > limit) throw new CliError('its manifest is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Unpacks a backup into `stage`, checking it as it goes: the manifest first, every table's and
 * file's SHA-256 and size, every table's row count, nothing missing and nothing extra.
 */
export async function unpackBackup(archive: string, stage: string): Promise<TManifest> {
  const stat = await fs.stat(archive).catch(() => null);
  if (!stat?.isFile()) throw new CliError(`${archive}: no such file`);
  const notOurs = (why: string) => new CliError(`${archive} is not a Family Portal backup: ${why}`);
  let manifest: TManifest | undefined;
  const seen = new Set<string>();
  await fs.mkdir(path.join(stage, 'tables'), { recursive: true });
  await fs.mkdir(path.join(stage, 'files'), { recursive: true });
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      void (async () => {
        if (!manifest) {
          if (header.name !== MANIFEST_ENTRY)
            throw notOurs(`its first entry is ${header.name}, not ${MANIFEST_ENTRY}`);
          let parsed: unknown;
          try {
            parsed = JSON.parse(
              (await readAll(stream as AsyncIterable<Buffer>, MANIFEST_MAX_BYTES)).toString('utf8'),
            );
          } catch (error) {
            if (error instanceof CliError) throw notOurs(error.message);
            throw notOurs('its manifest is not JSON');
          }
          const problem = manifestProblem(parsed);
          if (problem) throw notOurs(problem);
          manifest = parsed as TManifest;
          return;
        }
        const table = manifest.tables.find((t) => tableEntry(t.name) === header.name);
        const file = manifest.files.find((f) => fileEntry(f.sha256) === header.name);
        const expected = table ?? (file && { sha256: file.sha256, bytes: file.bytes });
        if (!expected || seen.has(header.name))
          throw new CliError(`${archive} holds ${header.name}, which its manifest does not list (once)`);
        seen.add(header.name);
        const target = table
          ? path.join(stage, 'tables', `${table.name}.jsonl`)
          : path.join(stage, 'files', file!.sha256);
        const digest = createHash('sha256');
        let bytes = 0;
        let lines = 0;
        const out = createWriteStream(target);
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          digest.update(chunk);
          bytes += chunk.length;
          if (table) for (const byte of chunk) if (byte === 10) lines += 1;
          if (!out.write(chunk)) await once(out, 'drain');
        }
        out.end();
        await once(out, 'finish');
        const sum = digest.digest('hex');
        if (sum !== expected.sha256 || bytes !== expected.bytes)
          throw new CliError(
            `${archive} is damaged: ${header.name} sums to ${sum} (${bytes} bytes), its manifest says ${expected.sha256} (${expected.bytes} bytes)`,
          );
        if (table && lines !== table.rows)
          throw new CliError(
            `${archive} is damaged: ${header.name} holds ${lines} rows, its manifest says ${table.rows}`,
          );
      })().then(
        () => next(),
        (error: unknown) => {
          stream.resume();
          extract.destroy(error as Error);
        },
      );
    });
    extract.on('finish', resolve);
    extract.on('close', resolve);
    extract.on('error', reject);
  });
  const source = createReadStream(archive);
  source.on('error', (error) => extract.destroy(error));
  source.pipe(extract);
  try {
    await done;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw notOurs(
      `it cannot be read as a tar file (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (!manifest) throw notOurs('it holds no manifest');
  const missing = [
    ...manifest.tables.map((t) => tableEntry(t.name)),
    ...manifest.files.map((f) => fileEntry(f.sha256)),
  ].filter((name) => !seen.has(name));
  if (missing.length)
    throw new CliError(`${archive} is incomplete: ${missing.slice(0, 5).join(', ')} missing`);
  return manifest;
}

/** Reads only the manifest of a backup (its first entry): a file that is not ours is refused at once. */
export async function readManifest(archive: string): Promise<TManifest> {
  const stat = await fs.stat(archive).catch(() => null);
  if (!stat?.isFile()) throw new CliError(`${archive}: no such file`);
  const notOurs = (why: string) => new CliError(`${archive} is not a Family Portal backup: ${why}`);
  const extract = tar.extract();
  const source = createReadStream(archive);
  try {
    const found = await new Promise<unknown>((resolve, reject) => {
      extract.on('entry', (header, stream) => {
        if (header.name !== MANIFEST_ENTRY) {
          reject(notOurs(`its first entry is ${header.name}, not ${MANIFEST_ENTRY}`));
          return;
        }
        readAll(stream as AsyncIterable<Buffer>, MANIFEST_MAX_BYTES).then(
          (content) => {
            try {
              resolve(JSON.parse(content.toString('utf8')));
            } catch {
              reject(notOurs('its manifest is not JSON'));
            }
          },
          (error: unknown) =>
            reject(
              error instanceof CliError
                ? notOurs(error.message)
                : error instanceof Error
                  ? error
                  : new Error(String(error)),
            ),
        );
      });
      extract.on('finish', () => reject(notOurs('it holds no manifest')));
      extract.on('error', (error) => reject(notOurs(`it cannot be read as a tar file (${error.message})`)));
      source.on('error', reject);
      source.pipe(extract);
    });
    const problem = manifestProblem(found);
    if (problem) throw notOurs(problem);
    return found as TManifest;
  } finally {
    source.unpipe(extract);
    source.destroy();
    extract.destroy();
  }
}

/** Inserts one table's rows from its JSON lines, the deferred columns left empty. */
async function insertRows(tx: TTx, table: TTable, file: string): Promise<void> {
  const columns = table.columns.filter((column) => !table.deferred.includes(column));
  const insert = async (lines: string[]) => {
    await tx.execute(
      sql`insert into ${sql.identifier(table.name)} (${columnList(columns)})
          select ${columnList(columns)} from json_populate_recordset(null::${sql.identifier(table.name)}, ${`[${lines.join(',')}]`}::json)`,
    );
  };
  await eachBatch(file, insert);
}

/** Sets the deferred columns once every row of every table is in. */
async function setDeferred(tx: TTx, table: TTable, file: string): Promise<void> {
  if (!table.deferred.length || !table.primaryKey.length) return;
  const assignments = sql.join(
    table.deferred.map((column) => sql`${sql.identifier(column)} = j.${sql.identifier(column)}`),
    sql`, `,
  );
  const match = sql.join(
    table.primaryKey.map((column) => sql`t.${sql.identifier(column)} = j.${sql.identifier(column)}`),
    sql` and `,
  );
  await eachBatch(file, async (lines) => {
    await tx.execute(
      sql`update ${sql.identifier(table.name)} t set ${assignments}
          from json_populate_recordset(null::${sql.identifier(table.name)}, ${`[${lines.join(',')}]`}::json) j
          where ${match}`,
    );
  });
}

/** Calls `work` with the file's lines in batches of INSERT_ROWS or INSERT_BYTES. */
async function eachBatch(file: string, work: (lines: string[]) => Promise<void>): Promise<void> {
  let lines: string[] = [];
  let bytes = 0;
  for await (const line of readline.createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    lines.push(line);
    bytes += line.length;
    if (lines.length >= INSERT_ROWS || bytes >= INSERT_BYTES) {
      await work(lines);
      lines = [];
      bytes = 0;
    }
  }
  if (lines.length) await work(lines);
}

/**
 * Restores a backup into an open database and a files folder: refused when either holds anything,
 * unless `replace`. The archive is unpacked and checked whole before the target is touched; the
 * rows go in in one transaction (the schema migrated to the backup's level first, the rest after).
 */
export async function restoreFrom(
  database: TDatabase,
  filesRoot: string,
  archive: string,
  options: { replace?: boolean; log?: (line: string) => void } = {},
): Promise<TManifest> {
  const log = options.log ?? (() => {});
  await readManifest(archive);
  const present = await targetContent(database, filesRoot);
  if (!options.replace && (present.tables.length || present.files)) {
    throw new CliError(
      `the target is not empty (${present.tables.length} tables with rows${present.tables.length ? `: ${present.tables.slice(0, 4).join(', ')}${present.tables.length > 4 ? ', …' : ''}` : ''}; ${present.files} stored files): restore into an empty data folder or database, or add --replace to overwrite it`,
    );
  }
  const stage = path.join(path.dirname(filesRoot), `.portal-restore-${randomBytes(4).toString('hex')}`);
  try {
    await fs.mkdir(stage, { recursive: true });
    const manifest = await unpackBackup(archive, stage);
    const shipped = await shippedMigrations();
    if (manifest.migrations.applied > shipped.length)
      throw new CliError(
        `the backup is at migration ${manifest.migrations.applied} (${manifest.migrations.last}); this portal knows ${shipped.length}: restore it with a newer portal`,
      );
    const level = await appliedCount(database.db);
    if (level > manifest.migrations.applied)
      throw new CliError(
        `the target is at migration ${level}, the backup at ${manifest.migrations.applied}: restore into an empty data folder or database`,
      );
    await runMigrations(database, manifest.migrations.applied);
    const tables = await schemaTables(database.db);
    const listed = new Set(manifest.tables.map((t) => t.name));
    const unknown = [...listed].filter((name) => !tables.some((t) => t.name === name));
    if (unknown.length)
      throw new CliError(`the backup holds tables this schema lacks: ${unknown.join(', ')}`);
    const tableFile = (table: TTable) => path.join(stage, 'tables', `${table.name}.jsonl`);

    await database.db.transaction(async (tx) => {
      const all = sql.join(
        tables.map((t) => sql.identifier(t.name)),
        sql`, `,
      );
      if (options.replace) await tx.execute(sql`truncate ${all} restart identity cascade`);
      // The count tables and the kept statistics come from the backup as they were: their
      // triggers would count every restored row a second time.
      for (const table of tables)
        await tx.execute(sql`alter table ${sql.identifier(table.name)} disable trigger user`);
      for (const table of tables) {
        if (!listed.has(table.name)) continue;
        await insertRows(tx, table, tableFile(table));
        log(`  ${table.name}: ${manifest.tables.find((t) => t.name === table.name)?.rows ?? 0} rows`);
      }
      for (const table of tables) if (listed.has(table.name)) await setDeferred(tx, table, tableFile(table));
      for (const table of tables)
        await tx.execute(sql`alter table ${sql.identifier(table.name)} enable trigger user`);
      for (const table of tables) {
        for (const column of table.serials) {
          await tx.execute(
            sql`select setval(pg_get_serial_sequence(${table.name}, ${column}),
                              coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table.name)}), 0) + 1, false)`,
          );
        }
        const expected = manifest.tables.find((t) => t.name === table.name)?.rows ?? 0;
        const [row] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as "n" from ${sql.identifier(table.name)}`,
        );
        if (row?.n !== expected)
          throw new CliError(`restored ${row?.n} rows into ${table.name}, the backup holds ${expected}`);
      }
    });
    await runMigrations(database);

    const kept = new Set(manifest.files.map((f) => f.sha256));
    for (const file of manifest.files) {
      const target = blobPath(filesRoot, file.sha256);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(path.join(stage, 'files', file.sha256), target);
    }
    if (options.replace) {
      for (const folder of await fs.readdir(filesRoot).catch(() => [] as string[])) {
        if (!/^[0-9a-f]{2}$/.test(folder)) continue;
        for (const name of await fs.readdir(path.join(filesRoot, folder)))
          if (!kept.has(name)) await fs.rm(path.join(filesRoot, folder, name), { force: true });
      }
    }
    return manifest;
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
  }
}
