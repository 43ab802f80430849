import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { terms } from '../../db/schema/index.ts';

export type TTermsRow = typeof terms.$inferSelect;

export class TermsRepository {
  readonly #db: TDb;

  constructor(db: TDb) {
    this.#db = db;
  }

  async byId(id: number): Promise<TTermsRow | undefined> {
    const [row] = await this.#db.select().from(terms).where(eq(terms.id, id)).limit(1);
    return row;
  }

  /** Active terms of any of the companies, or portal-wide ones (no company), newest first. */
  async activeFor(companyIds: number[]): Promise<TTermsRow[]> {
    const scope = companyIds.length
      ? or(isNull(terms.companyId), inArray(terms.companyId, companyIds))
      : isNull(terms.companyId);
    return this.#db
      .select()
      .from(terms)
      .where(and(eq(terms.active, true), scope))
      .orderBy(desc(terms.lastUpdate));
  }
}
