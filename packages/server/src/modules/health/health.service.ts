import type { HealthRepository } from './health.repository.ts';

/**
 * How long one answer of the database stands for every health check. A load balancer polling each
 * second still learns of an outage within a second, and a flood of checks costs the database one
 * `select 1` a second instead of one each.
 */
export const PING_REUSE_MS = 1000;

/** How long a readiness probe may take before its part counts as down. */
export const PROBE_TIMEOUT_MS = 2000;

/** What readiness checks besides the database: each throws (or times out) when its part is down. */
export type TReadinessProbes = Record<string, () => Promise<unknown>>;

/** Each part readiness checked, and whether it answered. */
export type TReadiness = { ready: boolean; parts: Record<string, boolean> };

/** Whether `work` settles well within PROBE_TIMEOUT_MS. */
async function answersInTime(work: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      work().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the portal can serve: its database answers, and (readiness) its other parts too. */
export class HealthService {
  readonly #repo: HealthRepository;
  readonly #now: () => number;
  readonly #probes: TReadinessProbes;
  /** The ping in flight, or the last one's answer and when it came. */
  #last: { answer: Promise<boolean>; settledAt: number | undefined } | undefined;

  constructor(repo: HealthRepository, probes: TReadinessProbes = {}, now: () => number = Date.now) {
    this.#repo = repo;
    this.#probes = probes;
    this.#now = now;
  }

  /** The database and every probe, checked at once; ready when all answer. */
  async readiness(): Promise<TReadiness> {
    const database = async () => {
      if (!(await this.ping())) throw new Error('the database does not answer');
    };
    const checks = { database, ...this.#probes };
    const answers = await Promise.all(Object.values(checks).map((check) => answersInTime(check)));
    const parts = Object.fromEntries(Object.keys(checks).map((name, i) => [name, answers[i] === true]));
    return { ready: answers.every(Boolean), parts };
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
