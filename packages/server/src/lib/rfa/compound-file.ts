import fs from 'node:fs/promises';

/** Why a file could not be read as a compound document. */
export class CompoundFileError extends Error {
  readonly reason: 'notCompound' | 'truncated';

  constructor(reason: 'notCompound' | 'truncated', message: string) {
    super(message);
    this.reason = reason;
  }
}

const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const NO_STREAM = 0xffffffff;
const MAX_SECTOR = 0xfffffffa;

type TEntry = {
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
};

/**
 * Reads named top-level streams of an OLE compound document (an .rfa) from a file on disk by
 * following its sector chains, so a family of hundreds of megabytes is never loaded whole: only
 * the header, the allocation tables and the wanted streams are read. Streams larger than
 * `maxStreamBytes` and chains that loop or leave the file are refused as damaged.
 */
export async function readCompoundStreams(
  filePath: string,
  names: readonly string[],
  maxStreamBytes = 16 * 1024 * 1024,
): Promise<Map<string, Buffer>> {
  const handle = await fs.open(filePath, 'r');
  try {
    const fileSize = (await handle.stat()).size;
    const read = async (position: number, length: number): Promise<Buffer> => {
      if (position < 0 || position + length > fileSize)
        throw truncated('a sector lies past the end of the file');
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      if (bytesRead !== length) throw truncated('short read');
      return buffer;
    };

    if (fileSize < 512) {
      const head = fileSize >= 8 ? await read(0, 8) : Buffer.alloc(0);
      if (!head.equals(SIGNATURE))
        throw new CompoundFileError('notCompound', 'no compound document signature');
      throw truncated('the header is cut short');
    }
    const header = await read(0, 512);
    if (!header.subarray(0, 8).equals(SIGNATURE)) {
      throw new CompoundFileError('notCompound', 'no compound document signature');
    }
    const sectorShift = header.readUInt16LE(0x1e);
    const miniShift = header.readUInt16LE(0x20);
    if ((sectorShift !== 9 && sectorShift !== 12) || miniShift !== 6) throw truncated('unknown sector size');
    const sectorSize = 1 << sectorShift;
    const sectorCount = Math.ceil((fileSize - sectorSize) / sectorSize);
    const perSector = sectorSize / 4;
    const fatSectors = header.readUInt32LE(0x2c);
    const firstDirectory = header.readUInt32LE(0x30);
    const miniCutoff = header.readUInt32LE(0x38);
    const firstMiniFat = header.readUInt32LE(0x3c);
    const miniFatSectors = header.readUInt32LE(0x40);
    const firstDifat = header.readUInt32LE(0x44);
    const difatSectors = header.readUInt32LE(0x48);
    if (fatSectors > sectorCount || difatSectors > sectorCount || miniFatSectors > sectorCount) {
      throw truncated('the allocation tables are larger than the file');
    }
    const offsetOf = (sector: number) => {
      if (sector > MAX_SECTOR || sector >= sectorCount)
        throw truncated('a sector number lies past the end of the file');
      return (sector + 1) * sectorSize;
    };

    // The FAT's sectors: 109 in the header, the rest in a chain of DIFAT sectors.
    const fatSectorList: number[] = [];
    for (let i = 0; i < 109 && fatSectorList.length < fatSectors; i += 1) {
      fatSectorList.push(header.readUInt32LE(0x4c + i * 4));
    }
    let difat = firstDifat;
    for (let seen = 0; fatSectorList.length < fatSectors; seen += 1) {
      if (difat === END_OF_CHAIN || difat === FREE || seen > difatSectors)
        throw truncated('the DIFAT chain ends early');
      const sector = await read(offsetOf(difat), sectorSize);
      for (let i = 0; i < perSector - 1 && fatSectorList.length < fatSectors; i += 1) {
        fatSectorList.push(sector.readUInt32LE(i * 4));
      }
      difat = sector.readUInt32LE(sectorSize - 4);
    }
    const fat = new Uint32Array(fatSectors * perSector);
    for (const [index, sector] of fatSectorList.entries()) {
      const content = await read(offsetOf(sector), sectorSize);
      for (let i = 0; i < perSector; i += 1) fat[index * perSector + i] = content.readUInt32LE(i * 4);
    }

    const chainOf = (table: Uint32Array, first: number, limit: number): number[] => {
      const chain: number[] = [];
      for (let sector = first; sector !== END_OF_CHAIN; sector = table[sector] ?? FREE) {
        if (sector >= table.length || chain.length >= limit)
          throw truncated('a sector chain loops or leaves its table');
        chain.push(sector);
      }
      return chain;
    };
    const readChain = async (first: number, size: number): Promise<Buffer> => {
      const chain = chainOf(fat, first, Math.ceil(size / sectorSize) + 1);
      if (chain.length * sectorSize < size) throw truncated('a stream is shorter than its directory says');
      const parts = await Promise.all(chain.map((sector) => read(offsetOf(sector), sectorSize)));
      return Buffer.concat(parts).subarray(0, size);
    };

    // The directory: 128-byte entries in the directory chain.
    const directory = await readChain(
      firstDirectory,
      chainOf(fat, firstDirectory, sectorCount).length * sectorSize,
    );
    const entries: TEntry[] = [];
    for (let offset = 0; offset + 128 <= directory.length; offset += 128) {
      const nameLength = Math.min(directory.readUInt16LE(offset + 64), 64);
      entries.push({
        name: directory.toString('utf16le', offset, offset + Math.max(0, nameLength - 2)),
        type: directory[offset + 66] ?? 0,
        left: directory.readUInt32LE(offset + 68),
        right: directory.readUInt32LE(offset + 72),
        child: directory.readUInt32LE(offset + 76),
        start: directory.readUInt32LE(offset + 116),
        size: directory.readUInt32LE(offset + 120) + directory.readUInt32LE(offset + 124) * 2 ** 32,
      });
    }
    const root = entries[0];
    if (!root || root.type !== 5) throw truncated('the directory has no root entry');

    // The root's children: a tree of siblings under root.child.
    const children = new Map<string, TEntry>();
    const pending = [root.child];
    const visited = new Set<number>();
    while (pending.length) {
      const index = pending.pop()!;
      if (index === NO_STREAM) continue;
      const entry = entries[index];
      if (!entry || visited.has(index)) throw truncated('the directory tree is damaged');
      visited.add(index);
      children.set(entry.name, entry);
      pending.push(entry.left, entry.right);
    }

    let miniStream: Buffer | undefined;
    let miniFat: Uint32Array | undefined;
    const result = new Map<string, Buffer>();
    for (const name of names) {
      const entry = children.get(name);
      if (!entry || entry.type !== 2) continue;
      if (entry.size > maxStreamBytes || entry.size > fileSize)
        throw truncated(`stream ${name} is too large`);
      if (entry.size >= miniCutoff) {
        result.set(name, await readChain(entry.start, entry.size));
        continue;
      }
      if (!miniStream || !miniFat) {
        if (root.size > fileSize) throw truncated('the mini stream is larger than the file');
        miniStream = await readChain(root.start, root.size);
        const table = await readChain(firstMiniFat, miniFatSectors * sectorSize);
        miniFat = new Uint32Array(table.length / 4);
        for (let i = 0; i < miniFat.length; i += 1) miniFat[i] = table.readUInt32LE(i * 4);
      }
      const chain = chainOf(miniFat, entry.start, Math.ceil(entry.size / 64) + 1);
      const parts = chain.map((sector) => {
        if ((sector + 1) * 64 > miniStream!.length)
          throw truncated('a mini sector lies past the mini stream');
        return miniStream!.subarray(sector * 64, sector * 64 + 64);
      });
      const content = Buffer.concat(parts);
      if (content.length < entry.size) throw truncated(`stream ${name} is shorter than its directory says`);
      result.set(name, content.subarray(0, entry.size));
    }
    return result;
  } finally {
    await handle.close();
  }
}

function truncated(message: string): CompoundFileError {
  return new CompoundFileError('truncated', message);
}
