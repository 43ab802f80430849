import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type { AppError } from './app-error.ts';

/** An entry of a zip's central directory, as read (its sizes as declared, never trusted for more). */
export type TZipEntry = {
  name: string;
  method: number;
  flags: number;
  compressed: number;
  uncompressed: number;
  offset: number;
};

/** What a zip may hold before it is refused, and the errors that say so. */
export type TZipBounds = {
  maxEntries: number;
  /** Bytes all entries may declare together. */
  maxUnpacked: number;
  /** A declared ratio past this, on an entry over 1 MiB, is a bomb. */
  maxRatio: number;
  notZip: () => AppError;
  tooLarge: () => AppError;
  /** More entries than `maxEntries` (default: `tooLarge`). */
  tooManyEntries?: () => AppError;
};

/**
 * Reads a zip's central directory on disk (never unpacking anything): the entries in order. Throws
 * `notZip` when it is no zip, `tooLarge` when it lists more than `maxEntries` or declares more than
 * `maxUnpacked` bytes, ZIP64 sizes, or a compression ratio past `maxRatio`. What the entries then
 * unpack to is counted as they are inflated (`entryStream`): a zip that lies is caught there.
 */
export async function readZipDirectory(filePath: string, bounds: TZipBounds): Promise<TZipEntry[]> {
  const handle = await fs.open(filePath, 'r');
  try {
    const size = (await handle.stat()).size;
    if (size < 22) throw bounds.notZip();
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    if (head.readUInt32LE(0) !== 0x04034b50) throw bounds.notZip();
    // The end-of-central-directory record sits in the last 22 + 65,535 bytes.
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let i = tailLength - 22; i >= 0; i -= 1) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        end = i;
        break;
      }
    }
    if (end < 0) throw bounds.notZip();
    const entries = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (entries > bounds.maxEntries) throw (bounds.tooManyEntries ?? bounds.tooLarge)();
    if (directoryOffset + directorySize > size) throw bounds.notZip();
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    let unpacked = 0;
    const list: TZipEntry[] = [];
    for (let at = 0, seen = 0; seen < entries; seen += 1) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) throw bounds.notZip();
      const compressed = directory.readUInt32LE(at + 20);
      const uncompressed = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      // ZIP64 markers (0xFFFFFFFF) mean an entry of 4 GiB or more: past any bound here.
      if (compressed === 0xffffffff || uncompressed === 0xffffffff) throw bounds.tooLarge();
      list.push({
        name: directory.toString('utf8', at + 46, at + 46 + nameLength),
        method: directory.readUInt16LE(at + 10),
        flags: directory.readUInt16LE(at + 8),
        compressed,
        uncompressed,
        offset: directory.readUInt32LE(at + 42),
      });
      unpacked += uncompressed;
      if (unpacked > bounds.maxUnpacked) throw bounds.tooLarge();
      if (uncompressed > 1024 * 1024 && uncompressed / Math.max(compressed, 1) > bounds.maxRatio)
        throw bounds.tooLarge();
      at += 46 + nameLength + extraLength + commentLength;
    }
    return list;
  } finally {
    await handle.close();
  }
}

/**
 * Where an entry's data starts, checked against its local header and the file's size; `notZip`
 * for an encrypted entry, a method other than stored or deflated, or a header that does not fit.
 */
export async function entryDataStart(
  filePath: string,
  entry: TZipEntry,
  notZip: () => AppError,
): Promise<number> {
  if ((entry.method !== 0 && entry.method !== 8) || entry.flags & 1) throw notZip();
  const local = Buffer.alloc(30);
  const handle = await fs.open(filePath, 'r');
  let size: number;
  try {
    size = (await handle.stat()).size;
    await handle.read(local, 0, 30, entry.offset);
  } finally {
    await handle.close();
  }
  if (local.readUInt32LE(0) !== 0x04034b50) throw notZip();
  const start = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressed > size) throw notZip();
  return start;
}

/** An entry's packed bytes as stored, from `start` (see entryDataStart). */
export function entryPackedStream(filePath: string, entry: TZipEntry, start: number): Readable {
  return entry.compressed === 0
    ? Readable.from([])
    : createReadStream(filePath, { start, end: start + entry.compressed - 1 });
}

/**
 * An entry's unpacked bytes, inflated as they are read: whoever reads it counts them against its
 * own bound (a zip's declared sizes are never what stops it).
 */
export async function entryStream(
  filePath: string,
  entry: TZipEntry,
  notZip: () => AppError,
): Promise<Readable> {
  const start = await entryDataStart(filePath, entry, notZip);
  const packed = entryPackedStream(filePath, entry, start);
  const unpack = entry.method === 8 ? createInflateRaw() : new PassThrough();
  // A broken deflate stream is the zip's fault, not ours.
  packed.on('error', (error) => unpack.destroy(error));
  const out = packed.pipe(unpack);
  return Readable.from(
    (async function* () {
      try {
        for await (const chunk of out) yield chunk as Buffer;
      } catch (error) {
        if (error instanceof Error && 'code' in error && String(error.code).startsWith('Z_')) throw notZip();
        throw error;
      }
    })(),
  );
}
