import { describe, expect, it } from 'vitest';
import { BatchedLog, LOG_BATCH_CHARS } from './log-stream.ts';

/** A sink that records what it is handed and how often it was asked to write out. */
function recorder() {
  const chunks: string[] = [];
  let flushes = 0;
  return {
    chunks,
    flushes: () => flushes,
    sink: { write: (chunk: string) => chunks.push(chunk), flushSync: () => void flushes++ },
  };
}

describe('BatchedLog', () => {
  it('holds lines until a batch is full, then hands them on as one chunk', () => {
    const { chunks, sink } = recorder();
    const log = new BatchedLog(sink);
    const line = `${'x'.repeat(99)}\n`;
    const perBatch = Math.ceil(LOG_BATCH_CHARS / line.length);
    for (let i = 0; i < perBatch - 1; i++) log.write(line);
    expect(chunks).toEqual([]);
    log.write(line);
    expect(chunks).toEqual([line.repeat(perBatch)]);
  });

  it('hands on what waits on flush, and nothing when nothing waits', () => {
    const { chunks, sink } = recorder();
    const log = new BatchedLog(sink);
    log.flush();
    log.write('a\n');
    log.write('b\n');
    log.flush();
    log.flush();
    expect(chunks).toEqual(['a\nb\n']);
  });

  it('writes everything out on flushSync, even if the sink has nothing left to write', () => {
    const { chunks, flushes, sink } = recorder();
    const log = new BatchedLog(sink);
    log.write('last\n');
    log.flushSync();
    expect(chunks).toEqual(['last\n']);
    expect(flushes()).toBe(1);
    const failing = new BatchedLog({
      write: () => undefined,
      flushSync: () => {
        throw new Error('sonic boom is not ready yet');
      },
    });
    expect(() => failing.flushSync()).not.toThrow();
  });
});
