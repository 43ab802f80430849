import type { DbContext } from '../../db/context.ts';
import { files } from '../../db/schema/index.ts';
import type { TStoredFile } from '../../lib/file-store.ts';

/** The record of every stored blob. */
export class FilesRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async record(file: TStoredFile): Promise<void> {
    await this.#ctx.db.insert(files).values(file).onConflictDoNothing();
  }
}
