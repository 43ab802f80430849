import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import {
  appSettings,
  auditLog,
  authSessions,
  oneTimeTokens,
  refreshTokens,
  type TOneTimePurpose,
  users,
} from '../../db/schema/index.ts';

export type TAuditEntry = {
  action: string;
  userId?: number | null;
  companyId?: number | null;
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
  ip?: string;
};

/** A one-time token of this purpose that is neither used nor expired. */
function usableToken(tokenHash: string, purpose: TOneTimePurpose) {
  return and(
    eq(oneTimeTokens.tokenHash, tokenHash),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    sql`(${oneTimeTokens.expiresAt} is null or ${oneTimeTokens.expiresAt} > now())`,
  );
}

/** Sign-ins, refresh tokens, one-time tokens, settings and the audit log. */
export class AuthRepository {
  readonly #db: TDb;

  constructor(db: TDb) {
    this.#db = db;
  }

  /** True while the sign-in is neither revoked nor expired and its user is still active. */
  async liveSession(sessionId: string, userId: number): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/.test(sessionId)) return false;
    const [row] = await this.#db
      .select({ id: authSessions.id })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(
        and(
          eq(authSessions.id, sessionId),
          eq(authSessions.userId, userId),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, new Date()),
          eq(users.active, true),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async createSession(values: typeof authSessions.$inferInsert, refreshTokenHash: string): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await tx.insert(authSessions).values(values);
      await tx.insert(refreshTokens).values({ tokenHash: refreshTokenHash, sessionId: values.id });
    });
  }

  async refreshToken(tokenHash: string) {
    const [row] = await this.#db
      .select({
        usedAt: refreshTokens.usedAt,
        sessionId: authSessions.id,
        userId: authSessions.userId,
        selfcare: authSessions.selfcare,
        revokedAt: authSessions.revokedAt,
        expiresAt: authSessions.expiresAt,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  /** Marks a refresh token used and stores its successor; false when it was used meanwhile. */
  async rotateRefreshToken(oldHash: string, newHash: string, sessionId: string): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const used = await tx
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.tokenHash, oldHash), isNull(refreshTokens.usedAt)))
        .returning({ hash: refreshTokens.tokenHash });
      if (used.length === 0) return false;
      await tx.insert(refreshTokens).values({ tokenHash: newHash, sessionId });
      return true;
    });
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.#db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  async revokeUserSessions(userId: number): Promise<void> {
    await this.#db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  }

  async createOneTimeToken(values: typeof oneTimeTokens.$inferInsert): Promise<void> {
    await this.#db.insert(oneTimeTokens).values(values);
  }

  /** Drops a user's unused tokens of one purpose (a new reset link replaces the old). */
  async discardOneTimeTokens(userId: number, purpose: TOneTimePurpose): Promise<void> {
    await this.#db
      .delete(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
        ),
      );
  }

  /** The user of a valid, unused one-time token, without using it. */
  async peekOneTimeToken(tokenHash: string, purpose: TOneTimePurpose): Promise<number | undefined> {
    const [row] = await this.#db
      .select({ userId: oneTimeTokens.userId })
      .from(oneTimeTokens)
      .where(usableToken(tokenHash, purpose))
      .limit(1);
    return row?.userId;
  }

  /** Uses a one-time token once; answers its user, or undefined if unknown, used or expired. */
  async consumeOneTimeToken(
    tokenHash: string,
    purpose: TOneTimePurpose,
    userId?: number,
  ): Promise<number | undefined> {
    const [row] = await this.#db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          usableToken(tokenHash, purpose),
          userId === undefined ? undefined : eq(oneTimeTokens.userId, userId),
        ),
      )
      .returning({ userId: oneTimeTokens.userId });
    return row?.userId;
  }

  async audit(entry: TAuditEntry): Promise<void> {
    await this.#db.insert(auditLog).values({
      action: entry.action,
      userId: entry.userId ?? null,
      companyId: entry.companyId ?? null,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId === undefined ? null : String(entry.targetId),
      detail: entry.detail ?? null,
      ip: entry.ip ?? null,
    });
  }

  async setting(key: string): Promise<string | undefined> {
    const [row] = await this.#db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
    return row?.value;
  }

  /** Stores a setting unless one exists; answers the value that is stored. */
  async settingOnce(key: string, value: string): Promise<string> {
    await this.#db.insert(appSettings).values({ key, value }).onConflictDoNothing();
    return (await this.setting(key)) ?? value;
  }
}
