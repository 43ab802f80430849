import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbContext } from '../../db/context.ts';
import { terms, users } from '../../db/schema/index.ts';

export type TTermsRow = typeof terms.$inferSelect;

/** Terms and conditions, and which terms each user accepted. */
export class TermsRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async byId(id: number): Promise<TTermsRow | undefined> {
    const [row] = await this.#ctx.db.select().from(terms).where(eq(terms.id, id)).limit(1);
    return row;
  }

  /** Active terms of any of the companies, or portal-wide ones (no company), newest first. */
  async activeFor(companyIds: number[]): Promise<TTermsRow[]> {
    const scope = companyIds.length
      ? or(isNull(terms.companyId), inArray(terms.companyId, companyIds))
      : isNull(terms.companyId);
    return this.#ctx.db
      .select()
      .from(terms)
      .where(and(eq(terms.active, true), scope))
      .orderBy(desc(terms.lastUpdate));
  }

  /** Records that the user accepted these terms now. */
  async recordAcceptance(userId: number, termsId: number): Promise<void> {
    await this.#ctx.db
      .update(users)
      .set({ termsId, licenseAcceptanceDate: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId));
  }
}
