/**
 * How long a sign-in found live is believed without asking the database again. Within this window
 * a sign-in ended by another process (a second portal on the same database, or a change made in
 * the database by hand) is still accepted; one ended through this process is refused at once.
 */
export const LIVE_SESSION_TTL_MS = 3000;

/**
 * After a sign-in or a user's sign-ins are ended, how long their answers are not remembered: a
 * lookup that read the database before the revocation committed (it may run in a transaction that
 * commits later) must not put the sign-in back.
 */
export const REVOKED_QUIET_MS = 30_000;

/** Past this many remembered sign-ins the expired ones are swept, and if none were, all are forgotten. */
const MAX_ENTRIES = 50_000;

/** Remembers for a few seconds which sign-ins are live, so a request rarely needs the database to know. */
export class LiveSessions {
  readonly #now: () => number;
  readonly #ttlMs: number;
  readonly #live = new Map<string, { userId: number; until: number }>();
  readonly #quietSessions = new Map<string, number>();
  readonly #quietUsers = new Map<number, number>();

  constructor(options: { ttlMs?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? LIVE_SESSION_TTL_MS;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Whether the sign-in is live: remembered, or as `lookup` finds it (its expiry, or undefined
   * when it is not live). A live answer is remembered until the TTL or the sign-in's expiry.
   */
  async isLive(sessionId: string, userId: number, lookup: () => Promise<Date | undefined>): Promise<boolean> {
    const entry = this.#live.get(sessionId);
    if (entry && entry.userId === userId && entry.until > this.#now()) return true;
    const expiresAt = await lookup();
    if (expiresAt === undefined) return false;
    const now = this.#now();
    if (!this.#isQuiet(sessionId, userId, now))
      this.#remember(sessionId, userId, Math.min(now + this.#ttlMs, expiresAt.getTime()));
    return true;
  }

  /** Forgets a sign-in that is being ended, and keeps it forgotten for REVOKED_QUIET_MS. */
  forgetSession(sessionId: string): void {
    this.#live.delete(sessionId);
    this.#quietSessions.set(sessionId, this.#now() + REVOKED_QUIET_MS);
    sweep(this.#quietSessions, this.#now());
  }

  /** Forgets every sign-in of a user whose sign-ins are being ended, but `keepSessionId`. */
  forgetUser(userId: number, keepSessionId?: string): void {
    for (const [sessionId, entry] of this.#live)
      if (entry.userId === userId && sessionId !== keepSessionId) this.#live.delete(sessionId);
    this.#quietUsers.set(userId, this.#now() + REVOKED_QUIET_MS);
    sweep(this.#quietUsers, this.#now());
  }

  #isQuiet(sessionId: string, userId: number, now: number): boolean {
    return (this.#quietSessions.get(sessionId) ?? 0) > now || (this.#quietUsers.get(userId) ?? 0) > now;
  }

  #remember(sessionId: string, userId: number, until: number): void {
    if (this.#live.size >= MAX_ENTRIES) {
      const now = this.#now();
      for (const [id, entry] of this.#live) if (entry.until <= now) this.#live.delete(id);
      if (this.#live.size >= MAX_ENTRIES) this.#live.clear();
    }
    this.#live.set(sessionId, { userId, until });
  }
}

/** Drops the quiet marks that have run out, once there are enough to be worth a pass. */
function sweep<K>(quiet: Map<K, number>, now: number): void {
  if (quiet.size < 1000) return;
  for (const [key, until] of quiet) if (until <= now) quiet.delete(key);
}
