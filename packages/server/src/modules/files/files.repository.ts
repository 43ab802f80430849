import { eq } from 'drizzle-orm';
import type { DbContext } from '../../db/context.ts';
import { files, fileThumbnails } from '../../db/schema/index.ts';
import type { TStoredFile } from '../../lib/file-store.ts';

/** The record of every stored blob and of the thumbnails made from pictures. */
export class FilesRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async record(file: TStoredFile): Promise<void> {
    await this.#ctx.db.insert(files).values(file).onConflictDoNothing();
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
