import type { HealthRepository } from './health.repository.ts';

/**
 * How long one answer of the database stands for every health check. A load balancer polling each
 * second still learns of an outage within a second, and a flood of checks costs the database one
 * `select 1` a second instead of one each.
 */
export const PING_REUSE_MS = 1000;

/** Whether the portal can serve: its database answers. */
export class HealthService {
  readonly #repo: HealthRepository;
  readonly #now: () => number;
  /** The ping in flight, or the last one's answer and when it came. */
  #last: { answer: Promise<boolean>; settledAt: number | undefined } | undefined;

  constructor(repo: HealthRepository, now: () => number = Date.now) {
    this.#repo = repo;
    this.#now = now;
  }

  get database(): 'pglite' | 'postgres' {
    return this.#repo.kind;
  }

  /** Whether the database answers: checks arriving together share one ping, and its answer stands for PING_REUSE_MS. */
  ping(): Promise<boolean> {
    const last = this.#last;
    if (last && (last.settledAt === undefined || this.#now() - last.settledAt < PING_REUSE_MS))
      return last.answer;
    const next: { answer: Promise<boolean>; settledAt: number | undefined } = {
      answer: this.#repo.ping(),
      settledAt: undefined,
    };
    void next.answer.finally(() => {
      next.settledAt = this.#now();
    });
    this.#last = next;
    return next.answer;
  }
}
