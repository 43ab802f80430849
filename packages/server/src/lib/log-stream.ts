import pino from 'pino';

/** What the lines are handed to: sonic-boom's standard output, or a test's recorder. */
export type TLineSink = { write(chunk: string): unknown; flushSync(): void };

/** Lines are handed on in chunks of about this many characters. */
export const LOG_BATCH_CHARS = 4096;
/** A line waits at most this long before it is handed on, however quiet the portal is. */
const LOG_FLUSH_MS = 1000;

/**
 * The log's destination: lines are gathered here and handed to standard output in chunks of
 * 4 KiB, flushed every second and on close. sonic-boom's own buffering measures the byte length
 * of everything it holds on every line, so while a write is under way each request's line cost
 * as much as the text already waiting; under load that was a third of a health check's CPU.
 */
export class BatchedLog {
  readonly #sink: TLineSink;
  #pending = '';

  constructor(sink: TLineSink = pino.destination({ dest: 1, sync: false })) {
    this.#sink = sink;
  }

  /** Standard output, flushed every second; the caller closes it (see flushSync). */
  static stdout(): BatchedLog {
    const log = new BatchedLog();
    setInterval(() => log.flush(), LOG_FLUSH_MS).unref();
    return log;
  }

  write(line: string): void {
    this.#pending += line;
    if (this.#pending.length >= LOG_BATCH_CHARS) this.flush();
  }

  /** Hands the waiting lines on (the sink writes them when it can). */
  flush(): void {
    if (this.#pending === '') return;
    const chunk = this.#pending;
    this.#pending = '';
    this.#sink.write(chunk);
  }

  /** Hands on and writes out everything, before the process ends. */
  flushSync(): void {
    this.flush();
    try {
      this.#sink.flushSync();
    } catch {
      // Nothing waiting, or standard output is gone: there is nowhere left to write.
    }
  }
}
