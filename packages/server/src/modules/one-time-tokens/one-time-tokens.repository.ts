import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbContext } from '../../db/context.ts';
import { oneTimeTokens, type TOneTimePurpose } from '../../db/schema/index.ts';

export type { TOneTimePurpose };

/** A one-time token of this purpose that is neither used nor expired. */
function usable(tokenHash: string, purpose: TOneTimePurpose) {
  return and(
    eq(oneTimeTokens.tokenHash, tokenHash),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    sql`(${oneTimeTokens.expiresAt} is null or ${oneTimeTokens.expiresAt} > now())`,
  );
}

/** Reset links, activation codes, pending second-factor sign-ins and recovery codes, stored hashed. */
export class OneTimeTokensRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async insert(values: typeof oneTimeTokens.$inferInsert | Array<typeof oneTimeTokens.$inferInsert>) {
    await this.#ctx.db.insert(oneTimeTokens).values([values].flat());
  }

  async discard(userId: number, purpose: TOneTimePurpose): Promise<void> {
    await this.#ctx.db
      .delete(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
        ),
      );
  }

  async peek(tokenHash: string, purpose: TOneTimePurpose): Promise<number | undefined> {
    const [row] = await this.#ctx.db
      .select({ userId: oneTimeTokens.userId })
      .from(oneTimeTokens)
      .where(usable(tokenHash, purpose))
      .limit(1);
    return row?.userId;
  }

  /** Marks the token used in one statement, so two parallel uses cannot both succeed. */
  async consume(tokenHash: string, purpose: TOneTimePurpose, userId?: number): Promise<number | undefined> {
    const [row] = await this.#ctx.db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(usable(tokenHash, purpose), userId === undefined ? undefined : eq(oneTimeTokens.userId, userId)),
      )
      .returning({ userId: oneTimeTokens.userId });
    return row?.userId;
  }
}
