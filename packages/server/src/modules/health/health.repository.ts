import { sql } from 'drizzle-orm';
import type { DbContext } from '../../db/context.ts';

/** Whether the database answers. */
export class HealthRepository {
  readonly #ctx: DbContext;
  readonly kind: 'pglite' | 'postgres';

  constructor(ctx: DbContext, kind: 'pglite' | 'postgres') {
    this.#ctx = ctx;
    this.kind = kind;
  }

  async ping(): Promise<boolean> {
    try {
      await this.#ctx.db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  }
}
