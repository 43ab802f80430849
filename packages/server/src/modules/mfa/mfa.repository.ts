import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbContext } from '../../db/context.ts';
import { users } from '../../db/schema/index.ts';

/** The second-factor columns of users: the sealed seed, whether it is on, and the last step used. */
export class MfaRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async of(userId: number) {
    const [row] = await this.#ctx.db
      .select({ login: users.login, secret: users.mfaSecret, enabled: users.mfaEnabled })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }

  async set(userId: number, values: { secret?: string | null; enabled?: boolean; lastStep?: number | null }) {
    await this.#ctx.db
      .update(users)
      .set({
        ...(values.secret !== undefined && { mfaSecret: values.secret }),
        ...(values.enabled !== undefined && { mfaEnabled: values.enabled }),
        ...(values.lastStep !== undefined && { mfaLastStep: values.lastStep }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  }

  /** Takes a time step for the user in one statement: false when it (or a later one) was taken before. */
  async takeStep(userId: number, step: number): Promise<boolean> {
    const rows = await this.#ctx.db
      .update(users)
      .set({ mfaLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
      .returning({ id: users.id });
    return rows.length === 1;
  }
}
