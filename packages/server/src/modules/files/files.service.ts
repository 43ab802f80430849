import type { Readable } from 'node:stream';
import { notFound } from '../../lib/app-error.ts';
import {
  checkedPicture,
  decodeBase64,
  normaliseAvatar,
  type TBlobStore,
  type TPutStreamOptions,
  type TSetAside,
  type TStoredFile,
  thumbnailOf,
} from '../../lib/file-store.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { FilesRepository } from './files.repository.ts';

const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
/** Category and family pictures. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/** Rows the sweep removes in one transaction, so it never holds the database long. */
const SWEEP_BATCH = 500;

export type TFilesDeps = {
  store: TBlobStore;
  repo: FilesRepository;
  transaction: TTransaction;
  /** The time records and the sweep go by (tests move it). */
  clock?: () => Date;
};

/**
 * Stores uploaded files once by content (SHA-256) behind the blob store, records them, makes each
 * picture's thumbnail once, and reads them back.
 */
export class FilesService {
  readonly #store: TBlobStore;
  readonly #repo: FilesRepository;
  readonly #transaction: TTransaction;
  readonly #clock: () => Date;

  constructor({ store, repo, transaction, clock = () => new Date() }: TFilesDeps) {
    this.#store = store;
    this.#repo = repo;
    this.#transaction = transaction;
    this.#clock = clock;
  }

  /** Decodes, checks and normalises a base64 picture into a 256 px PNG; answers its hash. */
  async storeAvatar(name: string, base64: string): Promise<string> {
    const png = await normaliseAvatar(name, decodeBase64(name, base64, MAX_AVATAR_BYTES));
    return (await this.storeBuffer(png, 'image/png')).hash;
  }

  /**
   * A picture (PNG, JPEG, GIF or WebP, else 415) kept as sent, with its thumbnail: both are made
   * from the bytes in memory first, so a picture that does not decode is never stored.
   */
  async storePicture(name: string, content: Buffer): Promise<string> {
    const { mimeType, thumbnail } = await checkedPicture(name, content);
    const stored = await this.storeBuffer(content, mimeType);
    if (!(await this.#repo.thumbnailOf(stored.hash))) {
      const made = await this.storeBuffer(thumbnail, 'image/png');
      await this.#repo.recordThumbnail(stored.hash, made.hash);
    }
    return stored.hash;
  }

  /** The same from base64 (`…Base64` fields), at most 5 MiB. */
  async storePictureBase64(name: string, base64: string): Promise<string> {
    return this.storePicture(name, decodeBase64(name, base64, MAX_PICTURE_BYTES));
  }

  /*
   * Both stores record the blob before it takes its place: a sweep removing that very blob holds
   * its row, so the record waits for the sweep to end and the blob is then written anew.
   */

  async storeBuffer(content: Buffer, mimeType: string): Promise<TStoredFile> {
    return this.#store.put(content, mimeType, (file) => this.#repo.record(file, this.#clock()));
  }

  async storeStream(
    source: Readable,
    mimeType: string,
    options: Omit<TPutStreamOptions, 'beforeKeep'>,
  ): Promise<TStoredFile> {
    return this.#store.putStream(source, mimeType, {
      ...options,
      beforeKeep: (file) => this.#repo.record(file, this.#clock()),
    });
  }

  /**
   * Removes the stored files no row refers to (by the catalog's foreign keys) and nobody stored in
   * the last `graceMs`, in batches of 500, each one transaction: rows first, their blobs moved
   * aside within it and deleted once it commits (put back when it fails); then the temporary files
   * a crash left. Answers what went; stops early when another instance is sweeping.
   */
  async sweep(graceMs: number): Promise<{ files: number; bytes: number; temporaries: number }> {
    const before = new Date(this.#clock().getTime() - graceMs);
    const references = await this.#repo.referencingColumns();
    const removed = { files: 0, bytes: 0 };
    for (;;) {
      const aside: TSetAside[] = [];
      let hashes: string[] | null;
      try {
        hashes = await this.#transaction(async () => {
          const batch = await this.#repo.deleteUnreferenced(references, before, SWEEP_BATCH);
          for (const hash of batch ?? []) {
            const moved = await this.#store.setAside(hash);
            if (moved) aside.push(moved);
          }
          return batch;
        });
      } catch (error) {
        await Promise.all(aside.map((file) => file.restore().catch(() => undefined)));
        throw error;
      }
      await Promise.all(aside.map((file) => file.discard()));
      // A removed picture frees its thumbnail, which the next batch finds: stop on an empty one.
      if (!hashes?.length) return { ...removed, temporaries: await this.#store.removeTemporaries(before) };
      removed.files += hashes.length;
      removed.bytes += aside.reduce((sum, file) => sum + file.size, 0);
    }
  }

  /**
   * The hash of a picture's thumbnail, made (once) when missing; undefined when it is no picture.
   * 404 when the picture's file is gone from storage, or when it does not decode (one stored before
   * pictures were decoded on the way in).
   */
  async thumbnail(hash: string): Promise<string | undefined> {
    const known = await this.#repo.thumbnailOf(hash);
    if (known) return known;
    const file = await this.#repo.load(hash);
    if (!file?.mimeType.startsWith('image/')) return undefined;
    if ((await this.#store.sizeOf(hash)) === null) throw notFound('fileMissing');
    const content = await this.#store.read(hash);
    let thumbnail: Buffer;
    try {
      thumbnail = await thumbnailOf(content);
    } catch {
      throw notFound('notFound', { name: 'thumbnail' });
    }
    const stored = await this.storeBuffer(thumbnail, 'image/png');
    await this.#repo.recordThumbnail(hash, stored.hash);
    return stored.hash;
  }

  /** A stored file's record, or undefined. */
  describe(hash: string): Promise<TStoredFile | undefined> {
    return this.#repo.load(hash);
  }

  read(hash: string): Promise<Buffer> {
    return this.#store.read(hash);
  }

  openRead(hash: string, range?: { start: number; end: number }): Readable {
    return this.#store.openRead(hash, range);
  }

  /** Throws unless the store takes files now (readiness). */
  probe(): Promise<void> {
    return this.#store.probe();
  }

  sizeOf(hash: string): Promise<number | null> {
    return this.#store.sizeOf(hash);
  }

  localPath(hash: string): string {
    return this.#store.localPath(hash);
  }

  async base64(hash: string | null): Promise<string | null> {
    if (!hash) return null;
    try {
      return (await this.#store.read(hash)).toString('base64');
    } catch {
      return null;
    }
  }

  /** Base64 of a picture's thumbnail (lists answer these, never the full pictures). */
  async thumbnailBase64(hash: string | null): Promise<string | null> {
    if (!hash) return null;
    try {
      const thumbnail = await this.thumbnail(hash);
      return thumbnail ? await this.base64(thumbnail) : null;
    } catch {
      return null;
    }
  }
}
