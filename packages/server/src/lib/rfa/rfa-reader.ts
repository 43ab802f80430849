import CFB, { type CFB$Blob, type CFB$Container } from 'cfb';
import type { TRfaContents } from '@portal/contract';
import { type AppError, unprocessable, unsupportedType } from '../app-error.ts';
import { readPartAtom } from './part-atom.ts';

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const HEADER_BYTES = 512;
const ENTRY_BYTES = 128;
const MINI_STREAM_CUTOFF = 4096;
const FREE_SECTOR = -1;
const END_OF_CHAIN = -2;
const NO_ENTRY = -1;
// A family has a few dozen directory entries; cfb's path building is quadratic in their number.
const MAX_DIRECTORY_ENTRIES = 4096;
// BasicFileInfo is a few kilobytes; its text is searched with regular expressions.
const MAX_BASIC_FILE_INFO_BYTES = 1024 * 1024;

/** What the reader found, with the preview cut out of `RevitPreview4.0`. */
export type TRfaRead = { contents: TRfaContents; previewPng: Buffer | null };

type TStreams = Map<string, Buffer>;

function damaged(name: string): AppError {
  return unprocessable('rfaTruncated', { name }, name);
}

/**
 * Checks the compound document's header, sector allocation table and directory before cfb reads
 * them: cfb follows chains without a loop guard and re-walks chains entered in the middle, so a
 * cyclic, cross-linked or reversed table would make it hang or allocate without bound.
 */
function checkLayout(file: Buffer, name: string): void {
  if (file.length < HEADER_BYTES) throw damaged(name);
  const major = file.readUInt16LE(26);
  const shift = file.readUInt16LE(30);
  const sectorSize = major === 3 && shift === 9 ? 512 : major === 4 && shift === 12 ? 4096 : 0;
  if (!sectorSize || file.readUInt16LE(32) !== 6 || file.readInt32LE(56) !== MINI_STREAM_CUTOFF)
    throw damaged(name);
  const sectorCount = Math.ceil(file.length / sectorSize) - 1;
  if (sectorCount < 1) throw damaged(name);
  const offsetOf = (sector: number) => (sector + 1) * sectorSize;
  const isFullSector = (sector: number) =>
    sector >= 0 && sector < sectorCount && offsetOf(sector + 1) <= file.length;

  // The FAT's own sectors, gathered as cfb does: the header's list, then the DIFAT chain.
  const fatSectors: number[] = [];
  for (let at = 76; at < HEADER_BYTES; at += 4) {
    const sector = file.readInt32LE(at);
    if (sector < 0) break;
    fatSectors.push(sector);
  }
  let difat = file.readInt32LE(68);
  let difatLeft = file.readInt32LE(72);
  if (difatLeft < 0 || difatLeft > sectorCount) throw damaged(name);
  const difatSeen = new Set<number>();
  if (difat === END_OF_CHAIN && difatLeft !== 0) throw damaged(name);
  while (difat !== END_OF_CHAIN && difat !== FREE_SECTOR) {
    if (!isFullSector(difat) || difatSeen.has(difat)) throw damaged(name);
    difatSeen.add(difat);
    for (let at = 0; at < sectorSize - 4; at += 4) {
      const sector = file.readInt32LE(offsetOf(difat) + at);
      if (sector === END_OF_CHAIN) break;
      fatSectors.push(sector);
    }
    if (difatLeft < 1) break;
    difatLeft -= 1;
    difat = file.readInt32LE(offsetOf(difat) + sectorSize - 4);
    if (difat === END_OF_CHAIN && difatLeft !== 0) throw damaged(name);
  }

  const next = new Int32Array(sectorCount);
  const incoming = new Uint8Array(sectorCount);
  for (let sector = 0; sector < sectorCount; sector++) {
    const fatSector = fatSectors[Math.floor((sector * 4) / sectorSize)];
    if (fatSector === undefined || fatSector < 0) {
      next[sector] = END_OF_CHAIN;
      continue;
    }
    if (!isFullSector(fatSector)) throw damaged(name);
    const following = file.readInt32LE(offsetOf(fatSector) + ((sector * 4) % sectorSize));
    if (following >= sectorCount) throw damaged(name);
    next[sector] = following;
    if (following < 0) continue;
    if (incoming[following]) throw damaged(name);
    incoming[following] = 1;
  }

  // Every chain from its head; a sector no head reaches sits on a cycle.
  const chainOf = new Int32Array(sectorCount).fill(-1);
  const position = new Int32Array(sectorCount);
  const chainLength = new Int32Array(sectorCount);
  for (let head = 0; head < sectorCount; head++) {
    if (incoming[head]) continue;
    let length = 0;
    for (let sector = head; sector >= 0; sector = next[sector] ?? END_OF_CHAIN) {
      chainOf[sector] = head;
      position[sector] = length++;
    }
    chainLength[head] = length;
  }
  if (chainOf.includes(-1)) throw damaged(name);

  const directoryStart = file.readInt32LE(48);
  if (directoryStart < 0 || directoryStart >= sectorCount || incoming[directoryStart]) throw damaged(name);

  // cfb walks a chain from every sector not yet seen, in order from the directory's sector; count
  // the sectors it would copy so that a table laid out backwards is refused instead of run.
  const lowestStart = new Int32Array(sectorCount).fill(0x7fffffff);
  let copied = 0;
  for (let step = 0; step < sectorCount; step++) {
    const sector = (step + directoryStart) % sectorCount;
    const head = chainOf[sector] ?? 0;
    const at = position[sector] ?? 0;
    if (at >= (lowestStart[head] ?? 0)) continue;
    copied += (chainLength[head] ?? 0) - at;
    lowestStart[head] = at;
  }
  if (copied > 4 * sectorCount + 16_384) throw damaged(name);

  const directory: number[] = [];
  for (let sector = directoryStart; sector >= 0; sector = next[sector] ?? END_OF_CHAIN) {
    if (!isFullSector(sector)) throw damaged(name);
    directory.push(sector);
  }
  const entryCount = (directory.length * sectorSize) / ENTRY_BYTES;
  if (entryCount > MAX_DIRECTORY_ENTRIES) throw damaged(name);
  const entryOffset = (entry: number) =>
    offsetOf(directory[Math.floor((entry * ENTRY_BYTES) / sectorSize)] ?? 0) +
    ((entry * ENTRY_BYTES) % sectorSize);
  const links = (entry: number) => [68, 72, 76].map((at) => file.readInt32LE(entryOffset(entry) + at));

  for (let entry = 0; entry < entryCount; entry++) {
    const at = entryOffset(entry);
    if (links(entry).some((link) => link !== NO_ENTRY && (link < 0 || link >= entryCount)))
      throw damaged(name);
    const start = file.readInt32LE(at + 116);
    const size = file.readInt32LE(at + 120);
    if (entry === 0) {
      if (file[at + 66] !== 5) throw damaged(name);
      continue;
    }
    if (size < 0 && start >= 0) throw damaged(name);
    if (
      size >= MINI_STREAM_CUTOFF &&
      (size > file.length || start < 0 || start >= sectorCount || incoming[start])
    )
      throw damaged(name);
  }

  // The directory must be one tree from the root: no entry reached twice, no stray links.
  const reached = new Uint8Array(entryCount);
  const pending = [0];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    if (reached[entry]) throw damaged(name);
    reached[entry] = 1;
    pending.push(...links(entry).filter((link) => link !== NO_ENTRY));
  }
  for (let entry = 0; entry < entryCount; entry++) {
    if (!reached[entry] && links(entry).some((link) => link !== NO_ENTRY)) throw damaged(name);
  }
}

/** The streams directly under the root, each checked to be as long as the directory says. */
function readStreams(file: Buffer, name: string): TStreams {
  checkLayout(file, name);
  let container: CFB$Container;
  try {
    container = CFB.read(file, { type: 'buffer' });
  } catch {
    throw damaged(name);
  }
  const root = container.FullPaths[0] ?? '';
  const streams: TStreams = new Map();
  container.FileIndex.forEach((entry, index) => {
    if (entry.type !== 2) return;
    const content = entry.content as CFB$Blob | undefined;
    if (entry.size > 0 && (!content || content.length < entry.size)) throw damaged(name);
    const path = container.FullPaths[index] ?? '';
    if (content && path.startsWith(root) && !path.slice(root.length).includes('/')) {
      streams.set(path.slice(root.length), Buffer.isBuffer(content) ? content : Buffer.from(content));
    }
  });
  return streams;
}

/** Revit version and build from `BasicFileInfo`, whose UTF-16LE text may start on an odd byte. */
function readBasicFileInfo(bytes: Buffer, name: string): { revitVersion: string; revitBuild: string | null } {
  const head = bytes.subarray(0, MAX_BASIC_FILE_INFO_BYTES);
  const text = `${head.toString('utf16le')}\n${head.subarray(1).toString('utf16le')}`;
  const revitVersion =
    /Format:\s*(20\d\d)\b/.exec(text)?.[1] ?? /Autodesk Revit(?: [A-Za-z]+)* (20\d\d)\b/.exec(text)?.[1];
  if (!revitVersion) throw unprocessable('rfaNoVersion', { name }, name);
  const revitBuild =
    /\b(\d{8}_\d{4}(?:\((?:x64|x86|amd64)\))?)/.exec(text)?.[1] ??
    /Build:\s*([\w.-]{1,40}(?:\(\w{1,10}\))?)/.exec(text)?.[1] ??
    null;
  return { revitVersion, revitBuild };
}

/**
 * The PNG inside `RevitPreview4.0`: from the first PNG signature to the end of its IEND chunk,
 * found by walking the chunks. Null when there is none or it is cut short.
 */
export function extractPng(bytes: Buffer): Buffer | null {
  const start = bytes.indexOf(PNG_SIGNATURE);
  if (start < 0) return null;
  let at = start + PNG_SIGNATURE.length;
  for (let first = true; at + 12 <= bytes.length; first = false) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type) || (first && type !== 'IHDR')) return null;
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    if (type === 'IEND') return Buffer.from(bytes.subarray(start, end));
    at = end;
  }
  return null;
}

/** The streams a family is read from, all directly under the compound document's root. */
export const RFA_STREAMS = ['BasicFileInfo', 'RevitPreview4.0', 'PartAtom'] as const;

/**
 * Reads a family from its streams (keys as in `RFA_STREAMS`), however they were taken out of the
 * file. Throws 422 when `BasicFileInfo` is missing or names no version.
 */
export function readRfaStreams(streams: ReadonlyMap<string, Buffer>, name = 'revitFamilyFile'): TRfaRead {
  const basicFileInfo = streams.get('BasicFileInfo');
  if (!basicFileInfo) throw unprocessable('rfaNoBasicFileInfo', { name }, name);
  const { revitVersion, revitBuild } = readBasicFileInfo(basicFileInfo, name);
  const preview = streams.get('RevitPreview4.0');
  const previewPng = preview ? extractPng(preview) : null;
  const partAtom = streams.get('PartAtom');
  const { title, omniClassCode, revitCategory, types } = readPartAtom(
    partAtom ? partAtom.toString('utf8') : '',
  );
  return {
    contents: {
      revitVersion,
      revitBuild,
      title,
      omniClassCode,
      revitCategory,
      types,
      hasPreview: previewPng !== null,
    },
    previewPng,
  };
}

/**
 * Reads a Revit family (.rfa) without Revit: version and build from `BasicFileInfo`, the preview
 * from `RevitPreview4.0`, title, categories and types from `PartAtom`. Throws 415 when the
 * content is not a compound document and 422 when it is damaged or says nothing of its version.
 */
export function readRfa(content: Buffer, name = 'revitFamilyFile'): TRfaRead {
  if (
    content.length < OLE_SIGNATURE.length ||
    !content.subarray(0, OLE_SIGNATURE.length).equals(OLE_SIGNATURE)
  ) {
    throw unsupportedType('rfaNotCompound', { name }, name);
  }
  return readRfaStreams(readStreams(content, name), name);
}
