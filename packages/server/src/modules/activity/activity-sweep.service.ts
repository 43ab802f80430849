import type { FastifyBaseLogger } from 'fastify';
import { PeriodicJob } from '../../lib/periodic-job.ts';
import type { ActivityRepository } from './activity.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type TActivitySweepDeps = {
  repo: ActivityRepository;
  log: FastifyBaseLogger;
  /** Rows older than this many days go (0: every row is kept). */
  retentionDays: number;
  /** Rows deleted per statement. */
  batchSize?: number;
  /** Pause between two batches, so requests writing the log are never held up for long. */
  pauseMs?: number;
  clock?: () => Date;
};

/**
 * The activity log's retention (ACTIVITY_RETENTION_DAYS): removes rows past it in short batches,
 * at start and every hour; one run at a time in this process.
 */
export class ActivitySweepService {
  readonly #d: TActivitySweepDeps;
  readonly #clock: () => Date;
  readonly #job: PeriodicJob<number>;
  #stopping = false;

  constructor(deps: TActivitySweepDeps) {
    this.#d = deps;
    this.#clock = deps.clock ?? (() => new Date());
    this.#job = new PeriodicJob('activity sweep', () => this.#sweep(), deps.log);
  }

  /** One sweep now (or the one already under way): how many rows it removed. */
  run(): Promise<number> {
    return this.#job.run();
  }

  /** Sweeps now and every `intervalMinutes` (0: never), unless every row is kept. */
  start(intervalMinutes = 60): void {
    if (this.#d.retentionDays <= 0) return;
    this.#stopping = false;
    this.#job.start(intervalMinutes);
  }

  /** Stops the timer and waits for a sweep under way, which ends after its current batch. */
  stop(): Promise<void> {
    this.#stopping = true;
    return this.#job.stop();
  }

  async #sweep(): Promise<number> {
    const { retentionDays, batchSize = 5000, pauseMs = 50 } = this.#d;
    if (retentionDays <= 0) return 0;
    const before = new Date(this.#clock().getTime() - retentionDays * DAY_MS);
    let removed = 0;
    for (;;) {
      const gone = await this.#d.repo.deleteBefore(before, batchSize);
      removed += gone;
      if (gone < batchSize || this.#stopping) break;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    if (removed) this.#d.log.info({ removed, before }, 'activity sweep removed old rows');
    return removed;
  }
}
