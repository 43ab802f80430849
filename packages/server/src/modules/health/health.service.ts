import type { HealthRepository } from './health.repository.ts';

/** Whether the portal can serve: its database answers. */
export class HealthService {
  readonly #repo: HealthRepository;

  constructor(repo: HealthRepository) {
    this.#repo = repo;
  }

  get database(): 'pglite' | 'postgres' {
    return this.#repo.kind;
  }

  ping(): Promise<boolean> {
    return this.#repo.ping();
  }
}
