import { decodeBase64, type FileStore, normaliseAvatar } from '../../lib/file-store.ts';
import type { FilesRepository } from './files.repository.ts';

const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/** Stores uploaded files once by content and reads them back. */
export class FilesService {
  readonly #store: FileStore;
  readonly #repo: FilesRepository;

  constructor(store: FileStore, repo: FilesRepository) {
    this.#store = store;
    this.#repo = repo;
  }

  /** Decodes, checks and normalises a base64 picture into a 256 px PNG; answers its hash. */
  async storeAvatar(name: string, base64: string): Promise<string> {
    const png = await normaliseAvatar(name, decodeBase64(name, base64, MAX_PICTURE_BYTES));
    const stored = await this.#store.put(png, 'image/png');
    await this.#repo.record(stored);
    return stored.hash;
  }

  async base64(hash: string | null): Promise<string | null> {
    if (!hash) return null;
    try {
      return (await this.#store.read(hash)).toString('base64');
    } catch {
      return null;
    }
  }
}
