import type { TFamilyBulkFileLine } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  addFiles,
  applyLine,
  batchFiles,
  BATCH_FILES,
  EMPTY_QUEUE,
  endBatch,
  MAX_AUTOMATIC_RETRIES,
  nextBatch,
  pause,
  resume,
  retry,
  retryDelayMs,
  startBatch,
  totalsOf,
  type TBulkItem,
  type TBulkQueue,
} from './bulk-queue.ts';

const file = (name: string, size = 10, lastModified = 1) =>
  new File([new Uint8Array(size)], name, { lastModified });

const refusal = (f: File): TFamilyBulkFileLine => ({
  kind: 'file',
  file: f.name,
  status: 'refused',
  code: 'bulkNotRevit',
});
const unanswered = (item: TBulkItem): TFamilyBulkFileLine => ({
  kind: 'file',
  file: item.file.name,
  status: 'refused',
  code: 'bulkNoAnswer',
});
const saved = (name: string, familyId: number, archive?: string): TFamilyBulkFileLine => ({
  kind: 'file',
  file: name,
  ...(archive ? { archive } : {}),
  status: 'saved',
  familyId,
});
const skipped = (name: string, familyId: number, archive?: string): TFamilyBulkFileLine => ({
  kind: 'file',
  file: name,
  ...(archive ? { archive } : {}),
  status: 'skipped',
  familyId,
});

const states = (queue: TBulkQueue) =>
  Object.fromEntries(queue.items.map((item) => [item.file.name, item.state]));
/** Every file the queue has sent, batch after batch, until `answer` stops answering. */
function drive(
  start: TBulkQueue,
  answer: (
    files: File[],
    keys: string[],
    queue: TBulkQueue,
  ) => { queue: TBulkQueue; outcome: 'complete' | 'broken' },
) {
  let queue = start;
  const sent: string[] = [];
  for (let round = 0; round < 100 && queue.phase === 'running'; round += 1) {
    const keys = nextBatch(queue);
    if (!keys.length) break;
    const files = batchFiles(queue, keys);
    sent.push(...files.map((f) => f.name));
    queue = startBatch(queue, keys);
    const answered = answer(files, keys, queue);
    queue = endBatch(answered.queue, keys, answered.outcome, unanswered);
  }
  return { queue, sent };
}

describe('the bulk upload queue', () => {
  it('pairs each type catalog with its family, refuses other files at once, and never adds a file twice', () => {
    const desk = file('Desk.rfa');
    const catalog = file('desk.TXT');
    const alone = file('alone.txt');
    const pdf = file('notes.pdf');
    let queue = addFiles(EMPTY_QUEUE, [catalog, desk, pdf, alone], refusal);
    queue = addFiles(queue, [desk, file('Desk.rfa'), catalog], refusal);
    expect(queue.items.map((item) => [item.file.name, item.catalog?.name, item.state])).toEqual([
      ['Desk.rfa', 'desk.TXT', 'waiting'],
      ['notes.pdf', undefined, 'refused'],
      ['alone.txt', undefined, 'waiting'],
    ]);
    expect(batchFiles(queue, nextBatch(queue)).map((f) => f.name)).toEqual([
      'desk.TXT',
      'Desk.rfa',
      'alone.txt',
    ]);
    // A catalog dropped later still finds its waiting family.
    const chair = addFiles(queue, [file('chair.rfa')], refusal);
    const later = addFiles(chair, [file('CHAIR.txt')], refusal);
    expect(later.items.find((item) => item.file.name === 'chair.rfa')?.catalog?.name).toBe('CHAIR.txt');
  });

  it('sends small batches, a zip alone, and never two files of one name in one batch', () => {
    const names = Array.from({ length: BATCH_FILES + 3 }, (_, i) => file(`f${i}.rfa`));
    let queue = resume(addFiles(EMPTY_QUEUE, [...names, file('lib.zip'), file('f0.rfa', 11, 2)], refusal));
    const first = nextBatch(queue);
    expect(first).toHaveLength(BATCH_FILES);
    queue = startBatch(queue, first);
    queue = endBatch(
      first.reduce(
        (q, key) => applyLine(q, first, saved(q.items.find((i) => i.key === key)!.file.name, 1)),
        queue,
      ),
      first,
      'complete',
      unanswered,
    );
    const second = batchFiles(queue, nextBatch(queue)).map((f) => f.name);
    expect(second).toEqual(['f8.rfa', 'f9.rfa', 'f10.rfa']);
  });

  it('resumes after a dropped connection with only the unanswered files, and sends no file twice', () => {
    const files = ['a.rfa', 'b.rfa', 'c.rfa'].map((name) => file(name));
    let dropped = false;
    const { queue, sent } = drive(resume(addFiles(EMPTY_QUEUE, files, refusal)), (batch, keys, queue) => {
      // The first time, the connection drops after the server answered a.rfa.
      if (!dropped) {
        dropped = true;
        return { queue: applyLine(queue, keys, saved('a.rfa', 1)), outcome: 'broken' };
      }
      let next = queue;
      for (const f of batch) next = applyLine(next, keys, saved(f.name, 2));
      return { queue: next, outcome: 'complete' };
    });
    // After the drop the queue waits to try again; driving it on is what the retry timer does.
    expect(queue.phase).toBe('retrying');
    expect(states(queue)).toEqual({ 'a.rfa': 'saved', 'b.rfa': 'waiting', 'c.rfa': 'waiting' });
    const again = drive(resume(queue), (batch, keys, q) => {
      let next = q;
      for (const f of batch) next = applyLine(next, keys, saved(f.name, 3));
      return { queue: next, outcome: 'complete' };
    });
    expect(states(again.queue)).toEqual({ 'a.rfa': 'saved', 'b.rfa': 'saved', 'c.rfa': 'saved' });
    expect([...sent, ...again.sent].filter((name) => name === 'a.rfa')).toHaveLength(1);
    expect(again.sent).toEqual(['b.rfa', 'c.rfa']);
    expect(again.queue.phase).toBe('done');
    expect(totalsOf(again.queue)).toMatchObject({ files: 3, saved: 3, waiting: 0, refused: 0 });
  });

  it('pauses for Resume after repeated drops, with a growing wait between tries', () => {
    let queue = resume(addFiles(EMPTY_QUEUE, [file('a.rfa')], refusal));
    const phases: string[] = [];
    for (let attempt = 1; attempt <= MAX_AUTOMATIC_RETRIES + 1; attempt += 1) {
      const keys = nextBatch(queue);
      queue = endBatch(startBatch(queue, keys), keys, 'broken', unanswered);
      phases.push(queue.phase);
      queue = retry(queue);
    }
    expect(phases).toEqual([...Array<string>(MAX_AUTOMATIC_RETRIES).fill('retrying'), 'paused']);
    expect(queue.phase).toBe('paused');
    expect(states(queue)).toEqual({ 'a.rfa': 'waiting' });
    expect([1, 2, 3, 6, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
    expect(resume(queue).phase).toBe('running');
  });

  it('keeps a zip’s entries once, counting an entry saved before a drop as saved', () => {
    let queue = resume(addFiles(EMPTY_QUEUE, [file('lib.zip')], refusal));
    let keys = nextBatch(queue);
    queue = applyLine(startBatch(queue, keys), keys, saved('one.rfa', 1, 'lib.zip'));
    queue = endBatch(queue, keys, 'broken', unanswered);
    keys = nextBatch(resume(queue));
    queue = startBatch(resume(queue), keys);
    queue = applyLine(queue, keys, skipped('one.rfa', 1, 'lib.zip'));
    queue = applyLine(queue, keys, saved('two.rfa', 2, 'lib.zip'));
    queue = endBatch(queue, keys, 'complete', unanswered);
    const zip = queue.items[0]!;
    expect(zip.state).toBe('saved');
    expect(zip.entries.map((entry) => [entry.file, entry.status])).toEqual([
      ['one.rfa', 'saved'],
      ['two.rfa', 'saved'],
    ]);
    expect(totalsOf(queue)).toMatchObject({ files: 2, saved: 2 });
  });

  it('puts a cancelled batch back to waiting', () => {
    let queue = resume(addFiles(EMPTY_QUEUE, [file('a.rfa'), file('b.rfa')], refusal));
    const keys = nextBatch(queue);
    queue = applyLine(startBatch(queue, keys), keys, saved('a.rfa', 1));
    queue = pause(queue);
    expect(queue.phase).toBe('paused');
    expect(states(queue)).toEqual({ 'a.rfa': 'saved', 'b.rfa': 'waiting' });
  });
});
