import { eq, sql } from 'drizzle-orm';
import type { DbContext } from '../../db/context.ts';
import { loginAttempts } from '../../db/schema/index.ts';

export type TAttempts = { failures: number; lockedUntil: Date | null };

/** Failed sign-ins per login, counted atomically. */
export class SignInRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async attempts(loginKey: string): Promise<TAttempts | undefined> {
    const [row] = await this.#ctx.db
      .select({ failures: loginAttempts.failures, lockedUntil: loginAttempts.lockedUntil })
      .from(loginAttempts)
      .where(eq(loginAttempts.loginKey, loginKey))
      .limit(1);
    return row;
  }

  /**
   * Counts one failure in one statement (parallel failures each count); the failure that reaches
   * `maxFailures` locks the login for `lockSeconds` and starts the count again.
   */
  async recordFailure(
    loginKey: string,
    maxFailures: number,
    lockSeconds: number,
  ): Promise<{ failures: number; locked: boolean }> {
    const reachesMax = sql`${loginAttempts.failures} + 1 >= ${maxFailures}`;
    const [row] = await this.#ctx.db
      .insert(loginAttempts)
      .values({
        loginKey,
        failures: maxFailures <= 1 ? 0 : 1,
        lockedUntil: maxFailures <= 1 ? sql`now() + make_interval(secs => ${lockSeconds})` : null,
      })
      .onConflictDoUpdate({
        target: loginAttempts.loginKey,
        set: {
          failures: sql`case when ${reachesMax} then 0 else ${loginAttempts.failures} + 1 end`,
          lockedUntil: sql`case when ${reachesMax} then now() + make_interval(secs => ${lockSeconds}) else ${loginAttempts.lockedUntil} end`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ failures: loginAttempts.failures, lockedUntil: loginAttempts.lockedUntil });
    return { failures: row?.failures ?? 0, locked: (row?.lockedUntil?.getTime() ?? 0) > Date.now() };
  }

  /** A successful sign-in clears the count, unless the login is locked meanwhile. */
  async clearFailures(loginKey: string): Promise<void> {
    await this.#ctx.db
      .delete(loginAttempts)
      .where(
        sql`${loginAttempts.loginKey} = ${loginKey} and (${loginAttempts.lockedUntil} is null or ${loginAttempts.lockedUntil} <= now())`,
      );
  }
}
