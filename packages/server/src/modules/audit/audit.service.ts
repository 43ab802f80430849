import type { AuditRepository } from './audit.repository.ts';

/** Who did what to which record: one line of the audit log. */
export type TAuditEntry = {
  action: string;
  userId?: number | null;
  companyId?: number | null;
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
  ip?: string;
};

/** Records what happened; inside a transaction the entry commits with the change it describes. */
export class AuditService {
  readonly #repo: AuditRepository;

  constructor(repo: AuditRepository) {
    this.#repo = repo;
  }

  record(entry: TAuditEntry): Promise<void> {
    return this.#repo.insert(entry);
  }
}
