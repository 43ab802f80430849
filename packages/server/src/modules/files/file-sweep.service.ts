import type { FastifyBaseLogger } from 'fastify';
import { PeriodicJob } from '../../lib/periodic-job.ts';
import type { FilesService } from './files.service.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type TFileSweepDeps = {
  files: FilesService;
  /** Deletes the rows that have had their time (family uploads never saved): how many went. */
  expireUploads: (now: Date) => Promise<number>;
  /** Deletes family file versions uploaded before the time, never one a family has current. */
  expireVersions: (before: Date) => Promise<number>;
  log: FastifyBaseLogger;
  /** A blob nobody refers to stays this long after it was last stored. */
  graceHours: number;
  /** Family file versions older than this go (0: kept forever). */
  versionRetentionDays: number;
  clock?: () => Date;
};

export type TSweepResult = {
  uploads: number;
  versions: number;
  files: number;
  bytes: number;
  temporaries: number;
};

/**
 * Frees the disk of what nothing refers to any more: first the rows that have had their time
 * (uploads never saved, versions past retention), then the stored files no row names. Runs at
 * start and on an interval; one run at a time in this process, one instance at a time on a
 * PostgreSQL server (the files service's advisory lock).
 */
export class FileSweepService {
  readonly #d: TFileSweepDeps;
  readonly #clock: () => Date;
  readonly #job: PeriodicJob<TSweepResult>;

  constructor(deps: TFileSweepDeps) {
    this.#d = deps;
    this.#clock = deps.clock ?? (() => new Date());
    this.#job = new PeriodicJob('file sweep', () => this.#sweep(), deps.log);
  }

  /** One sweep now (or the one already under way); logs what it removed. */
  run(): Promise<TSweepResult> {
    return this.#job.run();
  }

  /** Sweeps now and every `intervalMinutes` (0: never). */
  start(intervalMinutes: number): void {
    this.#job.start(intervalMinutes);
  }

  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void> {
    return this.#job.stop();
  }

  async #sweep(): Promise<TSweepResult> {
    const now = this.#clock();
    const { versionRetentionDays, graceHours } = this.#d;
    const uploads = await this.#d.expireUploads(now);
    const versions =
      versionRetentionDays > 0
        ? await this.#d.expireVersions(new Date(now.getTime() - versionRetentionDays * DAY_MS))
        : 0;
    const result = { uploads, versions, ...(await this.#d.files.sweep(graceHours * HOUR_MS)) };
    if (Object.values(result).some(Boolean)) this.#d.log.info(result, 'file sweep removed unused files');
    return result;
  }
}
