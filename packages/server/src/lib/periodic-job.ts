import type { FastifyBaseLogger } from 'fastify';

/**
 * Work run now and every few minutes, one run at a time in this process: `run` joins a run under
 * way; `start` runs at once and then on its interval (0: never) on a timer that keeps no process
 * alive; `stop` ends the timer and waits for a run under way (before the database closes).
 * A failed run is logged, and the next one comes on time.
 */
export class PeriodicJob<T> {
  readonly #name: string;
  readonly #work: () => Promise<T>;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<T> | undefined;

  constructor(name: string, work: () => Promise<T>, log: FastifyBaseLogger) {
    this.#name = name;
    this.#work = work;
    this.#log = log;
  }

  run(): Promise<T> {
    this.#running ??= this.#work().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  start(intervalMinutes: number): void {
    if (intervalMinutes <= 0 || this.#timer) return;
    const run = () =>
      void this.run().catch((error: unknown) => this.#log.error({ err: error }, `${this.#name} failed`));
    run();
    this.#timer = setInterval(run, intervalMinutes * 60 * 1000);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }
}
