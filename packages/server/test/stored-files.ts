import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { files } from '../src/db/schema/index.ts';
import type { TTestApp } from './test-app.ts';

/** How many `files` rows hold this content hash: what "nothing stored" checks in the database. */
export async function fileRows(t: TTestApp, hash: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(files).where(eq(files.hash, hash));
  return row?.n ?? 0;
}

/** Every file under the blob store's folder (temporary uploads included): what it checks on disk. */
export function storedFiles(t: TTestApp): string[] {
  const root = path.dirname(path.dirname(t.services.files.localPath('0'.repeat(64))));
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) =>
    fs.statSync(path.join(root, entry)).isFile(),
  );
}
