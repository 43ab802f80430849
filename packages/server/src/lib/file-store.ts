import { constants as fsConstants, createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badRequest, tooLarge, unsupportedType } from './app-error.ts';
import { sha256Hex } from './crypto.ts';
import { lazy } from './lazy.ts';

export type TStoredFile = { hash: string; size: number; mimeType: string };

/** A blob moved out of the way by the sweep: deleted once its row's removal commits, else put back. */
export type TSetAside = { hash: string; size: number; discard(): Promise<void>; restore(): Promise<void> };

/** What `putStream` is told: its limit, the field it names in errors, and what runs before it keeps the file. */
export type TPutStreamOptions = {
  maxBytes: number;
  name: string;
  /** Reads the written file before it is kept: when it throws, nothing is stored. */
  check?: (path: string) => Promise<void>;
  /** Runs after `check` with the file's hash, before the file takes its place (the record of it). */
  beforeKeep?: (file: TStoredFile) => Promise<void>;
};

/**
 * Where file contents live, by SHA-256: a folder under the data directory (FileStore) or an
 * S3-compatible bucket (S3Store, lib/s3-store.ts), behind the same few operations.
 */
export type TBlobStore = {
  /** Stores `content` unless it is there; `beforeKeep` runs first (see TPutStreamOptions). */
  put(
    content: Buffer,
    mimeType: string,
    beforeKeep?: (file: TStoredFile) => Promise<void>,
  ): Promise<TStoredFile>;
  /** Streams `source` in, hashing on the way, never holding it whole; past `maxBytes` it throws 413. */
  putStream(source: Readable, mimeType: string, options: TPutStreamOptions): Promise<TStoredFile>;
  /** Moves a stored file out of its place (null when it is not there): see TSetAside. */
  setAside(hash: string): Promise<TSetAside | null>;
  /** Deletes temporary files last written before `before` (a crash's leftovers); answers how many. */
  removeTemporaries(before: Date): Promise<number>;
  read(hash: string): Promise<Buffer>;
  /** Bytes `start` to `end` (inclusive) of a stored file, or all of it. */
  openRead(hash: string, range?: { start: number; end: number }): Readable;
  /** Its size in bytes, or null when it is not stored. */
  sizeOf(hash: string): Promise<number | null>;
  /**
   * Where its local copy is: the stored file itself on disk; with object storage, a file only once
   * `ensureLocal` fetched it (and until the bounded cache evicts it).
   */
  localPath(hash: string): string;
  /** A local file to read it at random (the compound-file reader needs one), fetched first when it is remote. */
  ensureLocal(hash: string): Promise<string>;
  /** Throws unless files can be written now (readiness: `/api/ready`). */
  probe(): Promise<void>;
};

/** The 413 of a file past its limit, the limit named in KiB. */
export function fileTooLarge(name: string, maxBytes: number) {
  return tooLarge('tooLargeFile', { name, max: Math.round(maxBytes / 1024) }, name);
}

/**
 * A pipeline step that passes a stream's chunks on and stops it with 413 once more than `maxBytes`
 * went through; `onChunk` sees each chunk on its way (a hash, a count). Every streamed upload is
 * held to its limit by this one step.
 */
export function limitBytes(maxBytes: number, name: string, onChunk?: (chunk: Buffer) => void) {
  return async function* limited(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    let size = 0;
    for await (const chunk of chunks) {
      size += chunk.length;
      if (size > maxBytes) throw fileTooLarge(name, maxBytes);
      onChunk?.(chunk);
      yield chunk;
    }
  };
}

/**
 * One upload's way in, whatever keeps it: streams `source` into `temporary` while hashing and
 * counting it under its limit, runs `check` on the written file, then `beforeKeep`, then `keep`
 * (the store's own step: a rename, an upload); the temporary file is gone afterwards either way.
 */
export async function receiveUpload(
  source: Readable,
  temporary: string,
  mimeType: string,
  { maxBytes, name, check, beforeKeep }: TPutStreamOptions,
  keep: (stored: TStoredFile) => Promise<void>,
): Promise<TStoredFile> {
  const digest = createHash('sha256');
  let size = 0;
  // Opened before the body is read: a stream that opens its file itself may create it after a
  // body cut short has already failed the pipeline and the cleanup below has run.
  const file = await fs.open(temporary, 'w');
  try {
    await pipeline(
      source,
      limitBytes(maxBytes, name, (chunk) => {
        size += chunk.length;
        digest.update(chunk);
      }),
      file.createWriteStream(),
    );
    await check?.(temporary);
    const stored = { hash: digest.digest('hex'), size, mimeType };
    await beforeKeep?.(stored);
    await keep(stored);
    return stored;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/** Decodes base64 file content; throws 400 on malformed text and 413 past `maxBytes`. */
export function decodeBase64(name: string, text: string, maxBytes: number): Buffer {
  const clean = text.replace(/^data:[^;]+;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw badRequest('notValidBase64', { name }, name);
  if ((clean.length * 3) / 4 > maxBytes * 1.01) throw fileTooLarge(name, maxBytes);
  return Buffer.from(clean, 'base64');
}

/**
 * Content-addressed blobs on disk: every file is stored once under its SHA-256
 * (`<root>/ab/abcdef…`), written to a temporary name first and renamed, so a crash leaves no half file.
 */
export class FileStore implements TBlobStore {
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  /** A store in a fresh temporary folder (tests and in-memory runs). */
  static temporary(): FileStore {
    return new FileStore(path.join(os.tmpdir(), `portal-files-${randomBytes(6).toString('hex')}`));
  }

  async probe(): Promise<void> {
    await fs.mkdir(this.#root, { recursive: true });
    await fs.access(this.#root, fsConstants.W_OK);
  }

  pathOf(hash: string): string {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error('not a sha-256 hash');
    return path.join(this.#root, hash.slice(0, 2), hash);
  }

  async put(
    content: Buffer,
    mimeType: string,
    beforeKeep?: (file: TStoredFile) => Promise<void>,
  ): Promise<TStoredFile> {
    const hash = sha256Hex(content);
    await beforeKeep?.({ hash, size: content.length, mimeType });
    const target = this.pathOf(hash);
    try {
      await fs.access(target);
    } catch {
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temporary, content);
        await fs.rename(temporary, target);
      } catch (error) {
        // A full disk leaves no half file behind.
        await fs.rm(temporary, { force: true });
        throw error;
      }
    }
    return { hash, size: content.length, mimeType };
  }

  async putStream(source: Readable, mimeType: string, options: TPutStreamOptions): Promise<TStoredFile> {
    await fs.mkdir(this.#root, { recursive: true });
    const temporary = path.join(this.#root, `upload-${randomBytes(8).toString('hex')}.tmp`);
    return receiveUpload(source, temporary, mimeType, options, async (stored) => {
      const target = this.pathOf(stored.hash);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(temporary, target);
    });
  }

  async setAside(hash: string): Promise<TSetAside | null> {
    const target = this.pathOf(hash);
    const aside = `${target}.swept`;
    try {
      const { size } = await fs.stat(target);
      await fs.rename(target, aside);
      return {
        hash,
        size,
        discard: () => fs.rm(aside, { force: true }),
        restore: () => fs.rename(aside, target),
      };
    } catch {
      return null;
    }
  }

  async removeTemporaries(before: Date): Promise<number> {
    const folders = [this.#root];
    for (const entry of await fs.readdir(this.#root, { withFileTypes: true }).catch(() => []))
      if (entry.isDirectory() && /^[0-9a-f]{2}$/.test(entry.name))
        folders.push(path.join(this.#root, entry.name));
    let removed = 0;
    for (const folder of folders)
      for (const name of await fs.readdir(folder).catch(() => [] as string[])) {
        if (!name.endsWith('.tmp')) continue;
        const file = path.join(folder, name);
        const stat = await fs.stat(file).catch(() => null);
        if (!stat?.isFile() || stat.mtime >= before) continue;
        await fs.rm(file, { force: true });
        removed += 1;
      }
    return removed;
  }

  read(hash: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(hash));
  }

  openRead(hash: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(hash), range);
  }

  async sizeOf(hash: string): Promise<number | null> {
    try {
      return (await fs.stat(this.pathOf(hash))).size;
    } catch {
      return null;
    }
  }

  localPath(hash: string): string {
    return this.pathOf(hash);
  }

  /** The stored file itself; throws when it is not there. */
  async ensureLocal(hash: string): Promise<string> {
    const file = this.pathOf(hash);
    await fs.access(file);
    return file;
  }
}

/** The raster picture types the portal takes, by their first bytes (SVG and the like never pass). */
export function pictureType(
  content: Buffer,
): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | undefined {
  if (content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'image/jpeg';
  if (content.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (
    content.subarray(0, 4).toString('latin1') === 'RIFF' &&
    content.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

/** sharp (libvips), loaded with the first picture. */
const loadSharp = lazy(async () => (await import('sharp')).default);

/** A thumbnail of a picture: PNG, at most `side` pixels on its longer side, never enlarged. */
export async function thumbnailOf(content: Buffer, side = 256): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(content, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

/**
 * Checks an uploaded picture is a raster sharp decodes to its last pixel (415 otherwise, a header
 * that reads fine over missing pixels included); answers its type and its thumbnail, made in memory.
 */
export async function checkedPicture(
  name: string,
  content: Buffer,
): Promise<{ mimeType: string; thumbnail: Buffer }> {
  const mimeType = pictureType(content);
  if (!mimeType) throw unsupportedType('notAPicture', { name }, name);
  // Loaded outside the try: a sharp that does not load is our fault, not the picture's.
  await loadSharp();
  try {
    return { mimeType, thumbnail: await thumbnailOf(content) };
  } catch {
    throw unsupportedType('notAPicture', { name }, name);
  }
}

/** Turns an uploaded PNG, JPEG, GIF or WebP into a square PNG avatar; anything else is 415. */
export async function normaliseAvatar(name: string, content: Buffer, side = 256): Promise<Buffer> {
  if (!pictureType(content)) throw unsupportedType('notAPicture', { name }, name);
  const sharp = await loadSharp();
  try {
    return await sharp(content, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(side, side, { fit: 'cover' })
      .png()
      .toBuffer();
  } catch {
    throw unsupportedType('notAPicture', { name }, name);
  }
}
