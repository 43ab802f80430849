import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';

/** What names a Family Portal backup; a tar whose first entry says anything else is not ours. */
export const BACKUP_FORMAT = 'family-portal-backup';
/** Raised when the layout changes; a restore refuses a version it does not know. */
export const BACKUP_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';

/** The first entry of a backup: what it holds and the sums a restore checks everything against. */
export type TManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The database it was read from: `pglite` or `postgres`. */
  source: 'pglite' | 'postgres';
  /** How many of the portal's migrations the database had, and the last one's name. */
  migrations: { applied: number; last: string | null };
  /** One entry `tables/<name>.jsonl` each: one row_to_json line per row, in restore order. */
  tables: Array<{ name: string; rows: number; bytes: number; sha256: string }>;
  /** One entry `files/<sha256>` each: the stored files, named by their content's SHA-256. */
  files: Array<{ sha256: string; bytes: number }>;
  /** Rows of `files` whose content was not on disk when the backup was taken (none, normally). */
  missingFiles: string[];
};

export const tableEntry = (name: string) => `tables/${name}.jsonl`;
export const fileEntry = (hash: string) => `files/${hash}`;

/** Where the content-addressed store keeps a file (lib/file-store.ts: `<root>/ab/abcdef…`). */
export function blobPath(filesRoot: string, hash: string): string {
  return path.join(filesRoot, hash.slice(0, 2), hash);
}

/** The SHA-256 and size of a file on disk, read as a stream. */
export async function fileSum(file: string): Promise<{ sha256: string; bytes: number }> {
  const digest = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    digest.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: digest.digest('hex'), bytes };
}

/** Checks a parsed manifest's shape; answers why it is not one, or undefined. */
export function manifestProblem(value: unknown): string | undefined {
  const manifest = value as Partial<TManifest> | null;
  if (!manifest || typeof manifest !== 'object' || manifest.format !== BACKUP_FORMAT)
    return 'its manifest does not name a Family Portal backup';
  if (manifest.version !== BACKUP_VERSION)
    return `it is format version ${String(manifest.version)}; this portal reads version ${BACKUP_VERSION}`;
  const tablesOk =
    Array.isArray(manifest.tables) &&
    manifest.tables.every(
      (t) =>
        /^[a-z_][a-z0-9_]*$/.test(t.name) &&
        Number.isInteger(t.rows) &&
        Number.isInteger(t.bytes) &&
        /^[0-9a-f]{64}$/.test(t.sha256),
    );
  const filesOk =
    Array.isArray(manifest.files) &&
    manifest.files.every((f) => /^[0-9a-f]{64}$/.test(f.sha256) && Number.isInteger(f.bytes));
  const migrationsOk =
    typeof manifest.migrations === 'object' &&
    manifest.migrations !== null &&
    Number.isInteger(manifest.migrations.applied);
  if (!tablesOk || !filesOk || !migrationsOk || !Array.isArray(manifest.missingFiles))
    return 'its manifest is incomplete';
  return undefined;
}
