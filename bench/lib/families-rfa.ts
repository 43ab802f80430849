import fs from 'node:fs';
import { once } from 'node:events';
import CFB from 'cfb';

// Version 4 compound document: 4096-byte sectors, 64-byte mini sectors, streams under 4096 bytes
// in the mini stream (the cutoff both .rfa readers insist on).
const SECTOR = 4096;
const MINI_SECTOR = 64;
const MINI_CUTOFF = 4096;
const ENTRY = 128;
const PER_FAT_SECTOR = SECTOR / 4;
const HEADER_FAT_SLOTS = 109;
const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;
const NO_ENTRY = 0xffffffff;
const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The streams a family is read from; everything else in a real family is left out. */
const KEPT_STREAMS = ['BasicFileInfo', 'PartAtom', 'RevitPreview4.0'] as const;
const FILLER_STREAM = 'Contents';
const CHUNK = 1024 * 1024;

type TStream = { name: string; size: number; start: number };

/** The kept streams of a real family, read whole (the fixture is a few hundred kilobytes). */
export function fixtureStreams(fixture: string): Map<string, Buffer> {
  const container = CFB.read(fs.readFileSync(fixture), { type: 'buffer' });
  const streams = new Map<string, Buffer>();
  for (const name of KEPT_STREAMS) {
    const entry = CFB.find(container, name);
    if (!entry?.content) throw new Error(`${fixture} has no ${name} stream`);
    streams.set(name, Buffer.from(entry.content as Uint8Array));
  }
  return streams;
}

/** Compound-document order of sibling names: shorter first, then by upper-case code units. */
function compareNames(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  const x = a.toUpperCase();
  const y = b.toUpperCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

function directoryEntry(
  name: string,
  type: 2 | 5,
  links: { left: number; right: number; child: number },
  start: number,
  size: number,
): Buffer {
  const entry = Buffer.alloc(ENTRY);
  entry.write(name, 0, 'utf16le');
  entry.writeUInt16LE((name.length + 1) * 2, 64);
  entry[66] = type;
  entry[67] = 1; // black: the readers do not balance, and a one-level tree needs no red
  entry.writeUInt32LE(links.left, 68);
  entry.writeUInt32LE(links.right, 72);
  entry.writeUInt32LE(links.child, 76);
  entry.writeUInt32LE(start, 116);
  entry.writeUInt32LE(size % 2 ** 32, 120);
  entry.writeUInt32LE(Math.floor(size / 2 ** 32), 124);
  return entry;
}

/** Sibling links of a balanced binary search tree over `sorted`; answers the root's position. */
function balancedTree(
  sorted: number[],
  links: Map<number, { left: number; right: number }>,
  from = 0,
  to = sorted.length,
): number {
  if (from >= to) return NO_ENTRY;
  const middle = Math.floor((from + to) / 2);
  links.set(sorted[middle]!, {
    left: balancedTree(sorted, links, from, middle),
    right: balancedTree(sorted, links, middle + 1, to),
  });
  return sorted[middle]!;
}

/**
 * Writes a valid Revit family of about `totalBytes` to `file` without holding it in memory: the
 * three streams the portal reads (from a real family) in the mini stream, plus one `Contents`
 * stream of pseudo-random filler written in 1 MiB chunks. Answers the file's size.
 */
export async function writeLargeRfa(
  file: string,
  streams: ReadonlyMap<string, Buffer>,
  totalBytes: number,
): Promise<number> {
  const small = [...streams].filter(([, content]) => content.length < MINI_CUTOFF);
  if (small.length !== streams.size) throw new Error('only streams under 4096 bytes are supported');

  // The mini stream: each small stream from a 64-byte boundary, chained in the mini FAT.
  const miniParts: Buffer[] = [];
  const miniFatEntries: number[] = [];
  const entries: TStream[] = [];
  for (const [name, content] of small) {
    const sectors = Math.max(1, Math.ceil(content.length / MINI_SECTOR));
    const start = miniFatEntries.length;
    for (let i = 0; i < sectors; i++) miniFatEntries.push(i === sectors - 1 ? END_OF_CHAIN : start + i + 1);
    const padded = Buffer.alloc(sectors * MINI_SECTOR);
    content.copy(padded);
    miniParts.push(padded);
    entries.push({ name, size: content.length, start });
  }
  const miniStream = Buffer.concat(miniParts);
  const miniFat = Buffer.alloc(Math.ceil((miniFatEntries.length * 4) / SECTOR) * SECTOR, 0xff);
  miniFatEntries.forEach((next, i) => miniFat.writeUInt32LE(next, i * 4));
  const miniStreamSectors = Math.ceil(miniStream.length / SECTOR);
  const miniFatSectors = miniFat.length / SECTOR;

  // Sectors in file order: FAT, directory (one sector holds 32 entries), mini FAT, mini stream, filler.
  const fixedSectors = 1 + miniFatSectors + miniStreamSectors;
  const wantedSectors = Math.max(fixedSectors + 2, Math.floor(totalBytes / SECTOR) - 1);
  const fatSectors = Math.ceil(wantedSectors / PER_FAT_SECTOR);
  const fillerSectors = Math.max(1, wantedSectors - fatSectors - fixedSectors);
  // The header lists up to 109 FAT sectors (about 436 MiB of file); past that a DIFAT is needed.
  if (fatSectors > HEADER_FAT_SLOTS) throw new Error('files over about 436 MiB need a DIFAT');
  const directorySector = fatSectors;
  const miniFatStart = directorySector + 1;
  const miniStreamStart = miniFatStart + miniFatSectors;
  const fillerStart = miniStreamStart + miniStreamSectors;
  const sectorCount = fillerStart + fillerSectors;
  const fillerSize = fillerSectors * SECTOR;

  const fat = Buffer.alloc(fatSectors * SECTOR, 0xff);
  const chain = (start: number, length: number) => {
    for (let i = 0; i < length; i++)
      fat.writeUInt32LE(i === length - 1 ? END_OF_CHAIN : start + i + 1, (start + i) * 4);
  };
  for (let i = 0; i < fatSectors; i++) fat.writeUInt32LE(FAT_SECTOR, i * 4);
  chain(directorySector, 1);
  chain(miniFatStart, miniFatSectors);
  chain(miniStreamStart, miniStreamSectors);
  chain(fillerStart, fillerSectors);

  // Directory: the root (its child the tree of all streams), then one entry per stream.
  entries.push({ name: FILLER_STREAM, size: fillerSize, start: fillerStart });
  const positions = entries.map((_, i) => i + 1);
  const sorted = [...positions].sort((a, b) => compareNames(entries[a - 1]!.name, entries[b - 1]!.name));
  const links = new Map<number, { left: number; right: number }>();
  const top = balancedTree(sorted, links);
  const directory = Buffer.alloc(SECTOR);
  // Unused entries are empty but still say "no sibling, no child".
  for (let at = 0; at < SECTOR; at += ENTRY) directory.fill(0xff, at + 68, at + 80);
  directoryEntry(
    'Root Entry',
    5,
    { left: NO_ENTRY, right: NO_ENTRY, child: top },
    miniStreamStart,
    miniStream.length,
  ).copy(directory, 0);
  entries.forEach((stream, i) => {
    const link = links.get(i + 1)!;
    directoryEntry(stream.name, 2, { ...link, child: NO_ENTRY }, stream.start, stream.size).copy(
      directory,
      (i + 1) * ENTRY,
    );
  });

  const header = Buffer.alloc(SECTOR);
  SIGNATURE.copy(header, 0);
  header.writeUInt16LE(0x003e, 0x18);
  header.writeUInt16LE(0x0004, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(12, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x28);
  header.writeUInt32LE(fatSectors, 0x2c);
  header.writeUInt32LE(directorySector, 0x30);
  header.writeUInt32LE(MINI_CUTOFF, 0x38);
  header.writeUInt32LE(miniFatStart, 0x3c);
  header.writeUInt32LE(miniFatSectors, 0x40);
  header.writeUInt32LE(END_OF_CHAIN, 0x44);
  header.writeUInt32LE(0, 0x48);
  for (let i = 0; i < HEADER_FAT_SLOTS; i++) header.writeUInt32LE(i < fatSectors ? i : FREE, 0x4c + i * 4);

  const out = fs.createWriteStream(file);
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(header);
  await write(fat);
  await write(directory);
  await write(miniFat);
  const miniPadded = Buffer.alloc(miniStreamSectors * SECTOR);
  miniStream.copy(miniPadded);
  await write(miniPadded);
  // Filler that does not repeat within a chunk; each chunk differs by its first bytes, so nothing
  // on the way can shortcut identical blocks.
  const block = Buffer.alloc(CHUNK);
  let state = 0x9e3779b9;
  for (let i = 0; i < CHUNK; i += 4) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    block.writeUInt32LE(state >>> 0, i);
  }
  for (let written = 0, n = 0; written < fillerSize; n++) {
    const length = Math.min(CHUNK, fillerSize - written);
    const chunk = Buffer.from(block.subarray(0, length));
    chunk.writeUInt32LE(n, 0);
    await write(chunk);
    written += length;
  }
  out.end();
  await once(out, 'finish');
  return (sectorCount + 1) * SECTOR;
}
