import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
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

/** The user's unused, unexpired tokens of this purpose. */
function liveCode(userId: number, purpose: TOneTimePurpose) {
  return and(
    eq(oneTimeTokens.userId, userId),
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

  /**
   * Tries a short code against the user's live code of this purpose in one statement: the right
   * code is marked used, a wrong one counts a failure, and a code with `maxFailures` is no longer
   * live. Parallel tries queue on the row, and each sees the one before it, so exactly one right
   * try succeeds and no more than `maxFailures` wrong ones are ever counted.
   */
  async tryCode(
    userId: number,
    purpose: TOneTimePurpose,
    codeHash: string,
    maxFailures: number,
  ): Promise<'used' | 'wrong' | 'locked' | 'none'> {
    const right = sql`${oneTimeTokens.tokenHash} = ${codeHash}`;
    const rows = await this.#ctx.db
      .update(oneTimeTokens)
      .set({
        usedAt: sql`case when ${right} then now() else ${oneTimeTokens.usedAt} end`,
        failures: sql`case when ${right} then ${oneTimeTokens.failures} else ${oneTimeTokens.failures} + 1 end`,
      })
      .where(and(liveCode(userId, purpose), lt(oneTimeTokens.failures, maxFailures)))
      .returning({ right: sql<boolean>`${right}`, failures: oneTimeTokens.failures });
    if (rows.some((row) => row.right)) return 'used';
    if (rows.length > 0) return rows.some((row) => row.failures < maxFailures) ? 'wrong' : 'locked';
    const [spent] = await this.#ctx.db
      .select({ userId: oneTimeTokens.userId })
      .from(oneTimeTokens)
      .where(and(liveCode(userId, purpose), gte(oneTimeTokens.failures, maxFailures)))
      .limit(1);
    return spent ? 'locked' : 'none';
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
