import type { TDb } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { TStoredFile } from '../../lib/file-store.ts';

export class FilesRepository {
  readonly #db: TDb;

  constructor(db: TDb) {
    this.#db = db;
  }

  async record(file: TStoredFile): Promise<void> {
    await this.#db.insert(files).values(file).onConflictDoNothing();
  }
}
