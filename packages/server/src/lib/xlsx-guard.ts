import fs from 'node:fs/promises';
import { tooLarge, unsupportedType } from './app-error.ts';

/** What an .xlsx may unpack to before it is refused: a 100,000-row sheet is far below this. */
export const MAX_XLSX_UNPACKED_BYTES = 512 * 1024 * 1024;
const MAX_ENTRIES = 10_000;
/** A deflated XML part rarely shrinks more than this; a bomb does. */
const MAX_RATIO = 1000;

/**
 * Checks a file on disk is an .xlsx worth reading, from its zip central directory alone (never
 * unpacking anything): a zip holding `xl/workbook.xml`, at most 10,000 entries, and unpacking to
 * at most 512 MiB without any entry claiming a compression ratio past 1000:1. 415 when it is not
 * an .xlsx, 413 when it would unpack to too much.
 */
export async function assertReadableXlsx(filePath: string, name: string): Promise<void> {
  const handle = await fs.open(filePath, 'r');
  try {
    const size = (await handle.stat()).size;
    const notXlsx = () => unsupportedType('notAnXlsx', { name }, name);
    if (size < 22) throw notXlsx();
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    if (head.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
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
    if (end < 0) throw notXlsx();
    const entries = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (entries > MAX_ENTRIES || directoryOffset + directorySize > size) throw notXlsx();
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    let unpacked = 0;
    let hasWorkbook = false;
    for (let at = 0, seen = 0; seen < entries; seen += 1) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) throw notXlsx();
      const compressed = directory.readUInt32LE(at + 20);
      const uncompressed = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const entryName = directory.toString('utf8', at + 46, at + 46 + nameLength);
      if (entryName === 'xl/workbook.xml') hasWorkbook = true;
      // ZIP64 markers (0xFFFFFFFF) mean an entry of 4 GiB or more: far past any real price list.
      if (compressed === 0xffffffff || uncompressed === 0xffffffff) throw tooLargeXlsx(name);
      unpacked += uncompressed;
      if (unpacked > MAX_XLSX_UNPACKED_BYTES) throw tooLargeXlsx(name);
      if (uncompressed > 1024 * 1024 && uncompressed / Math.max(compressed, 1) > MAX_RATIO)
        throw tooLargeXlsx(name);
      at += 46 + nameLength + extraLength + commentLength;
    }
    if (!hasWorkbook) throw notXlsx();
  } finally {
    await handle.close();
  }
}

function tooLargeXlsx(name: string) {
  return tooLarge('xlsxTooLarge', { name, max: MAX_XLSX_UNPACKED_BYTES / 1024 / 1024 }, name);
}
