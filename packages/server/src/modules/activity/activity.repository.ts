import type { DbContext } from '../../db/context.ts';
import { activity } from '../../db/schema/index.ts';
import type { TActivityEntry } from './activity.service.ts';

/** The append-only activity log. */
export class ActivityRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async insert(entry: TActivityEntry): Promise<void> {
    await this.#ctx.db.insert(activity).values({
      kind: entry.kind,
      userId: entry.userId ?? null,
      companyId: entry.companyId ?? null,
      ownerCompanyId: entry.ownerCompanyId ?? null,
      recordType: entry.recordType ?? null,
      recordId: entry.recordId === undefined ? null : String(entry.recordId),
      changes: entry.changes ?? null,
      detail: entry.detail ?? null,
      ip: entry.ip ?? null,
    });
  }
}
