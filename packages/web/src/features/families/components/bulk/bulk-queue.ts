import { MAX_FAMILY_BULK_FILES, type TFamilyBulkFileLine, type TFamilyBulkLine } from '@portal/contract';

/** What a file is to the upload, by its name. */
export type TBulkKind = 'rfa' | 'zip' | 'catalog' | 'other';

/** Where a file stands: waiting to be sent, on its way, or answered. */
export type TBulkState = 'waiting' | 'uploading' | 'saved' | 'skipped' | 'refused';

/** One row of the upload: a family file (with its type catalog), a zip, or a file sent alone. */
export type TBulkItem = {
  key: string;
  file: File;
  kind: TBulkKind;
  /** The type catalog of the same base name, sent just before the family. */
  catalog?: File;
  state: TBulkState;
  /** Bytes of this item (and its catalog) sent so far in the running batch. */
  sent: number;
  /** The server's line for the file (a zip refused as a whole), or the reason it was refused here. */
  line?: TFamilyBulkFileLine;
  /** A zip's entries, as the server answered them. */
  entries: TFamilyBulkFileLine[];
};

/** What the queue is doing: sending, waiting to try again after a dropped connection, or stopped. */
export type TBulkPhase = 'idle' | 'running' | 'retrying' | 'paused' | 'done';

export type TBulkQueue = { items: TBulkItem[]; phase: TBulkPhase; attempt: number; serial: number };

export const EMPTY_QUEUE: TBulkQueue = { items: [], phase: 'idle', attempt: 0, serial: 0 };

/** A batch: a few files, up to this many bytes (a larger file or a zip goes alone). */
export const BATCH_FILES = 8;
export const BATCH_BYTES = 16 * 1024 * 1024;
/** Tries after a dropped connection before the queue waits for "Resume". */
export const MAX_AUTOMATIC_RETRIES = 5;

/** The wait before try `attempt` (1, 2, ...): doubling from a second, at most 30 seconds. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

export function kindOf(name: string): TBulkKind {
  const lower = name.toLowerCase();
  if (lower.endsWith('.rfa')) return 'rfa';
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.txt')) return 'catalog';
  return 'other';
}

/** The name a catalog pairs by (as the server does): without extension, case-insensitive. */
export function baseOf(name: string): string {
  return name.replace(/\.[^.]*$/, '').toLowerCase();
}

/** A file name as the server answers it: control characters and slashes as `_`, at most 255 characters. */
export function serverName(name: string): string {
  const clean = [...name].map((c) => (c.charCodeAt(0) < 32 || c === '/' || c === '\\' ? '_' : c)).join('');
  return clean.slice(0, 255) || 'family.rfa';
}

/** The same file picked or dropped twice is one row. */
function identity(file: File): string {
  return `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
}

/**
 * Adds files to the queue: each .txt goes with the family of its base name (in this drop or
 * already waiting), a file already in the queue is not added again, and a file that is no family,
 * catalog or zip is refused at once with `refusal` (nothing is sent for it).
 */
export function addFiles(
  queue: TBulkQueue,
  files: readonly File[],
  refusal: (file: File) => TFamilyBulkFileLine,
): TBulkQueue {
  const known = new Set(
    queue.items.flatMap((item) => [item.file, item.catalog].flatMap((f) => (f ? [identity(f)] : []))),
  );
  const fresh: File[] = [];
  for (const file of files) {
    if (known.has(identity(file))) continue;
    known.add(identity(file));
    fresh.push(file);
  }
  let serial = queue.serial;
  const items = queue.items.map((item) => ({ ...item }));
  const added: TBulkItem[] = [];
  const make = (file: File): TBulkItem => ({
    key: `f${(serial += 1)}`,
    file,
    kind: kindOf(file.name),
    state: 'waiting',
    sent: 0,
    entries: [],
  });
  for (const file of fresh) {
    if (kindOf(file.name) === 'catalog') continue;
    const item = make(file);
    if (item.kind === 'other') {
      item.state = 'refused';
      item.line = refusal(file);
    }
    added.push(item);
  }
  for (const file of fresh.filter((f) => kindOf(f.name) === 'catalog')) {
    const family = [...added, ...items].find(
      (item) =>
        item.kind === 'rfa' &&
        item.state === 'waiting' &&
        !item.catalog &&
        baseOf(item.file.name) === baseOf(file.name),
    );
    if (family) family.catalog = file;
    else added.push(make(file));
  }
  return { ...queue, items: [...items, ...added], serial };
}

const sizeOf = (item: TBulkItem) => item.file.size + (item.catalog?.size ?? 0);

/**
 * The next batch: waiting items in order, up to BATCH_FILES files and BATCH_BYTES bytes, never
 * two of one name (the answer names files); a zip, or a file past the bytes, goes alone.
 */
export function nextBatch(queue: TBulkQueue): string[] {
  const batch: TBulkItem[] = [];
  const names = new Set<string>();
  let bytes = 0;
  for (const item of queue.items) {
    if (item.state !== 'waiting') continue;
    const alone = item.kind === 'zip' || sizeOf(item) > BATCH_BYTES;
    if (batch.length && (alone || bytes + sizeOf(item) > BATCH_BYTES)) break;
    const name = serverName(item.file.name);
    if (names.has(name)) break;
    names.add(name);
    batch.push(item);
    bytes += sizeOf(item);
    if (alone || batch.length >= Math.min(BATCH_FILES, MAX_FAMILY_BULK_FILES)) break;
  }
  return batch.map((item) => item.key);
}

/** The files of a batch in the order they are sent: each family's catalog just before it. */
export function batchFiles(queue: TBulkQueue, keys: readonly string[]): File[] {
  return itemsOf(queue, keys).flatMap((item) => (item.catalog ? [item.catalog, item.file] : [item.file]));
}

function itemsOf(queue: TBulkQueue, keys: readonly string[]): TBulkItem[] {
  return keys.flatMap((key) => queue.items.find((item) => item.key === key) ?? []);
}

function update(
  queue: TBulkQueue,
  keys: readonly string[],
  change: (item: TBulkItem) => TBulkItem,
): TBulkQueue {
  const set = new Set(keys);
  return { ...queue, items: queue.items.map((item) => (set.has(item.key) ? change(item) : item)) };
}

/** The batch is on its way. */
export function startBatch(queue: TBulkQueue, keys: readonly string[]): TBulkQueue {
  return { ...update(queue, keys, (item) => ({ ...item, state: 'uploading', sent: 0 })), phase: 'running' };
}

/** `loaded` bytes of the batch sent: counted to its items in the order they go. */
export function batchProgress(queue: TBulkQueue, keys: readonly string[], loaded: number): TBulkQueue {
  let left = loaded;
  const sent = new Map<string, number>();
  for (const item of itemsOf(queue, keys)) {
    const part = Math.min(sizeOf(item), Math.max(0, left));
    sent.set(item.key, part);
    left -= sizeOf(item);
  }
  return update(queue, keys, (item) =>
    item.state === 'uploading' ? { ...item, sent: sent.get(item.key) ?? 0 } : item,
  );
}

/** One line of the answer to a batch: the file it names is done (a zip's entry joins its zip). */
export function applyLine(queue: TBulkQueue, keys: readonly string[], line: TFamilyBulkLine): TBulkQueue {
  if (line.kind !== 'file') return queue;
  const batch = itemsOf(queue, keys);
  if (line.archive !== undefined) {
    const zip = batch.find((item) => item.kind === 'zip' && serverName(item.file.name) === line.archive);
    if (!zip) return queue;
    return update(queue, [zip.key], (item) => {
      const at = item.entries.findIndex((entry) => entry.file === line.file);
      // Sent again after a dropped connection, an entry saved the first time comes back skipped.
      if (at < 0) return { ...item, entries: [...item.entries, line] };
      if (item.entries[at]!.status === 'saved' && line.status === 'skipped') return item;
      return { ...item, entries: item.entries.map((entry, index) => (index === at ? line : entry)) };
    });
  }
  const target = batch.find(
    (item) =>
      item.state === 'uploading' &&
      (serverName(item.file.name) === line.file ||
        // A catalog refused on its own names the catalog, not its family.
        (item.catalog !== undefined &&
          serverName(item.catalog.name) === line.file &&
          line.status === 'refused')),
  );
  if (!target) return queue;
  return update(queue, [target.key], (item) => ({
    ...item,
    state: line.status,
    sent: sizeOf(item),
    line,
  }));
}

/**
 * The batch's answer has ended. Complete: a zip is done with its entries (saved when any was, else
 * skipped when any was),
 * anything else left unanswered is refused with `unanswered`. Broken off (a dropped connection, a
 * failed line): what was not answered waits again and the queue retries, up to
 * MAX_AUTOMATIC_RETRIES times in a row, then pauses for "Resume".
 */
export function endBatch(
  queue: TBulkQueue,
  keys: readonly string[],
  outcome: 'complete' | 'broken',
  unanswered: (item: TBulkItem) => TFamilyBulkFileLine,
): TBulkQueue {
  if (outcome === 'broken') {
    const back = update(queue, keys, (item) =>
      item.state === 'uploading' ? { ...item, state: 'waiting', sent: 0 } : item,
    );
    const attempt = queue.attempt + 1;
    return { ...back, attempt, phase: attempt > MAX_AUTOMATIC_RETRIES ? 'paused' : 'retrying' };
  }
  const done = update(queue, keys, (item) => {
    if (item.state !== 'uploading') return item;
    if (item.kind === 'zip') {
      const has = (status: TBulkState) => item.entries.some((entry) => entry.status === status);
      const state: TBulkState = has('saved') ? 'saved' : has('skipped') ? 'skipped' : 'refused';
      return { ...item, state, sent: sizeOf(item) };
    }
    return { ...item, state: 'refused', sent: sizeOf(item), line: unanswered(item) };
  });
  return { ...done, attempt: 0, phase: nextBatch(done).length ? 'running' : 'done' };
}

/** Stops sending: the running batch's unanswered files wait again, for "Resume". */
export function pause(queue: TBulkQueue): TBulkQueue {
  const back = update(
    queue,
    queue.items.filter((item) => item.state === 'uploading').map((item) => item.key),
    (item) => ({ ...item, state: 'waiting', sent: 0 }),
  );
  return { ...back, phase: nextBatch(back).length ? 'paused' : 'done' };
}

/** The automatic try after a dropped connection: sends again, counting the tries in a row. */
export function retry(queue: TBulkQueue): TBulkQueue {
  if (queue.phase !== 'retrying') return queue;
  return { ...queue, phase: nextBatch(queue).length ? 'running' : 'done' };
}

/** Sends again what waits (after a pause, a failure, or files added to a finished queue). */
export function resume(queue: TBulkQueue): TBulkQueue {
  return { ...queue, attempt: 0, phase: nextBatch(queue).length ? 'running' : 'done' };
}

export type TBulkTotals = {
  files: number;
  waiting: number;
  saved: number;
  skipped: number;
  refused: number;
  bytes: number;
  sentBytes: number;
};

/** Counts for the summary: a zip counts as its entries once answered. */
export function totalsOf(queue: TBulkQueue): TBulkTotals {
  const totals: TBulkTotals = {
    files: 0,
    waiting: 0,
    saved: 0,
    skipped: 0,
    refused: 0,
    bytes: 0,
    sentBytes: 0,
  };
  for (const item of queue.items) {
    totals.bytes += sizeOf(item);
    totals.sentBytes += item.state === 'waiting' ? 0 : item.state === 'uploading' ? item.sent : sizeOf(item);
    const answers = item.kind === 'zip' && item.entries.length ? item.entries : null;
    if (answers) {
      totals.files += answers.length;
      for (const entry of answers) totals[entry.status] += 1;
      continue;
    }
    totals.files += 1;
    if (item.state === 'waiting' || item.state === 'uploading') totals.waiting += 1;
    else totals[item.state] += 1;
  }
  return totals;
}
