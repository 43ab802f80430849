import type { DbContext } from '../../db/context.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { TAuditEntry } from './audit.service.ts';

/** The append-only audit log. */
export class AuditRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async insert(entry: TAuditEntry): Promise<void> {
    await this.#ctx.db.insert(auditLog).values({
      action: entry.action,
      userId: entry.userId ?? null,
      companyId: entry.companyId ?? null,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId === undefined ? null : String(entry.targetId),
      detail: entry.detail ?? null,
      ip: entry.ip ?? null,
    });
  }
}
