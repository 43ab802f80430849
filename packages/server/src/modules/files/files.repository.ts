import { eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import { files, fileThumbnails } from '../../db/schema/index.ts';
import type { TStoredFile } from '../../lib/file-store.ts';

/** A column that names a stored blob. */
export type TFileReference = { schema: string; table: string; column: string };

/** The advisory lock one sweeping instance holds (any fixed number the portal uses for nothing else). */
export const SWEEP_LOCK = 7_460_210_011;

/** The record of every stored blob and of the thumbnails made from pictures. */
export class FilesRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  /** Records a stored blob; one stored again is fresh again (`storedAt`), so the sweep spares it. */
  async record(file: TStoredFile, storedAt: Date): Promise<void> {
    await this.#ctx.db
      .insert(files)
      .values({ ...file, storedAt })
      .onConflictDoUpdate({ target: files.hash, set: { storedAt } });
  }

  /**
   * Every column with a foreign key to `files`, read from the catalog, so a table added later keeps
   * its blobs without a change here.
   */
  async referencingColumns(): Promise<TFileReference[]> {
    return queryRows<TFileReference>(
      this.#ctx.db,
      sql`select n.nspname as "schema", r.relname as "table", a.attname as "column"
          from pg_constraint c
          join pg_class r on r.oid = c.conrelid
          join pg_namespace n on n.oid = r.relnamespace
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
          where c.contype = 'f' and c.confrelid = 'files'::regclass
          order by 2, 3`,
    );
  }

  /**
   * In the caller's transaction: deletes up to `limit` files rows stored before `before` that no
   * column in `references` names (a thumbnail's row goes with its source; its own blob is a
   * reference like any other), and answers their hashes. Rows another transaction holds are left
   * for the next time (`skip locked`), as is everything when another instance is sweeping: null.
   */
  async deleteUnreferenced(
    references: TFileReference[],
    before: Date,
    limit: number,
  ): Promise<string[] | null> {
    const db = this.#ctx.db;
    const [lock] = await queryRows<{ locked: boolean }>(
      db,
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}::bigint) as locked`,
    );
    if (!lock?.locked) return null;
    const kept = references
      .filter((ref) => !(ref.table === 'file_thumbnails' && ref.column === 'source_hash'))
      .map(
        (ref) =>
          sql`and not exists (select 1 from ${sql.identifier(ref.schema)}.${sql.identifier(ref.table)} r
                              where r.${sql.identifier(ref.column)} = f.hash)`,
      );
    const rows = await queryRows<{ hash: string }>(
      db,
      sql`select f.hash from files f
          where f.created_at < ${before.toISOString()}::timestamptz ${sql.join(kept, sql` `)}
          limit ${limit}
          for update of f skip locked`,
    );
    const hashes = rows.map((row) => row.hash);
    if (!hashes.length) return hashes;
    await db.delete(fileThumbnails).where(inArray(fileThumbnails.sourceHash, hashes));
    await db.delete(files).where(inArray(files.hash, hashes));
    return hashes;
  }

  async load(hash: string): Promise<TStoredFile | undefined> {
    const [row] = await this.#ctx.db
      .select({ hash: files.hash, size: files.size, mimeType: files.mimeType })
      .from(files)
      .where(eq(files.hash, hash));
    return row;
  }

  async thumbnailOf(sourceHash: string): Promise<string | undefined> {
    const [row] = await this.#ctx.db
      .select({ hash: fileThumbnails.thumbnailHash })
      .from(fileThumbnails)
      .where(eq(fileThumbnails.sourceHash, sourceHash));
    return row?.hash;
  }

  async recordThumbnail(sourceHash: string, thumbnailHash: string): Promise<void> {
    await this.#ctx.db.insert(fileThumbnails).values({ sourceHash, thumbnailHash }).onConflictDoNothing();
  }
}
