import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import { authSessions, refreshTokens, users } from '../../db/schema/index.ts';

const isLiveQuery = (db: TDb) =>
  db
    .select({ expiresAt: authSessions.expiresAt })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.id, sql.placeholder('sessionId')),
        eq(authSessions.userId, sql.placeholder('userId')),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare('sessions_is_live');

/** Sign-ins and the refresh tokens each one rotates through. */
export class SessionsRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  /**
   * When the sign-in expires, while it is neither revoked nor expired and its user is still
   * active; otherwise undefined (asked for every request the live-session cache does not answer).
   */
  async liveUntil(sessionId: string, userId: number): Promise<Date | undefined> {
    const [row] = await this.#ctx.runPrepared('sessions_is_live', isLiveQuery, { sessionId, userId });
    return row?.expiresAt;
  }

  async create(values: typeof authSessions.$inferInsert, refreshTokenHash: string): Promise<void> {
    await this.#ctx.transaction(async () => {
      await this.#ctx.db.insert(authSessions).values(values);
      await this.#ctx.db.insert(refreshTokens).values({ tokenHash: refreshTokenHash, sessionId: values.id });
    });
  }

  /** A refresh token with its sign-in and the user the sign-in belongs to. */
  async byRefreshToken(tokenHash: string) {
    const [row] = await this.#ctx.db
      .select({
        usedAt: refreshTokens.usedAt,
        sessionId: authSessions.id,
        selfcare: authSessions.selfcare,
        revokedAt: authSessions.revokedAt,
        expiresAt: authSessions.expiresAt,
        user: {
          id: users.id,
          login: users.login,
          companyId: users.companyId,
          active: users.active,
          mfaEnabled: users.mfaEnabled,
        },
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  /** Marks a refresh token used and stores its successor; false when it was used meanwhile. */
  async rotate(oldHash: string, newHash: string, sessionId: string): Promise<boolean> {
    return this.#ctx.transaction(async () => {
      const used = await this.#ctx.db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.tokenHash, oldHash), isNull(refreshTokens.usedAt)))
        .returning({ hash: refreshTokens.tokenHash });
      if (used.length === 0) return false;
      await this.#ctx.db.insert(refreshTokens).values({ tokenHash: newHash, sessionId });
      return true;
    });
  }

  async revoke(sessionId: string): Promise<void> {
    await this.#ctx.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  /** Ends every sign-in of the user, but `exceptSessionId` when given. */
  async revokeUser(userId: number, exceptSessionId?: string): Promise<void> {
    await this.#ctx.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(authSessions.userId, userId),
          isNull(authSessions.revokedAt),
          exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
        ),
      );
  }
}
