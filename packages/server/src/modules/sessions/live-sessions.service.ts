import type { TAuth } from '../../lib/caller.ts';

/**
 * How long a sign-in found live is believed without asking the database again. One ended through
 * this process is refused at once; on a PostgreSQL server so is one ended by another portal on the
 * same database (its revocation reaches this one by NOTIFY, revocation-bus.service.ts). Only a
 * change made in the database by hand, or one made while this process's listening connection was
 * down, is still accepted within this window. API tokens' answers and generic lists' codes are
 * remembered as long, on the same terms.
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

/** What a lookup found: the answer, the user it belongs to, and the moment it stops being true. */
export type TFound<V> = { answer: V; owner?: number; until?: number };

/**
 * Answers read from the database, remembered for a few seconds under a key (and the user they
 * belong to), so a hot request rarely asks again. Forgetting a key or a user takes effect at once
 * and keeps it forgotten for REVOKED_QUIET_MS, so a read that raced the change cannot put it back.
 * Answers are shared between requests: callers must not change them.
 */
export class RememberedAnswers<V> {
  readonly #now: () => number;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, { owner: number | undefined; until: number; answer: V }>();
  readonly #quietKeys = new Map<string, number>();
  readonly #quietOwners = new Map<number, number>();

  constructor(options: { ttlMs?: number; now?: () => number; maxEntries?: number } = {}) {
    this.#ttlMs = options.ttlMs ?? LIVE_SESSION_TTL_MS;
    this.#now = options.now ?? Date.now;
    this.#maxEntries = options.maxEntries ?? MAX_ENTRIES;
  }

  /**
   * The answer under `key`: remembered (and of `owner`, when one is given), or as `lookup` finds
   * it (undefined: none, never remembered). A found answer is remembered until the TTL or its own
   * `until`, whichever comes first.
   */
  async get(
    key: string,
    lookup: () => Promise<TFound<V> | undefined>,
    owner?: number,
  ): Promise<V | undefined> {
    const entry = this.#entries.get(key);
    if (entry && entry.until > this.#now() && (owner === undefined || entry.owner === owner))
      return entry.answer;
    const found = await lookup();
    if (found === undefined) return undefined;
    const now = this.#now();
    if (!this.#isQuiet(key, found.owner, now))
      this.#remember(key, {
        owner: found.owner,
        until: Math.min(now + this.#ttlMs, found.until ?? Infinity),
        answer: found.answer,
      });
    return found.answer;
  }

  /** Forgets the answer under `key`, and keeps it forgotten for REVOKED_QUIET_MS. */
  forget(key: string): void {
    this.#entries.delete(key);
    this.#quietKeys.set(key, this.#now() + REVOKED_QUIET_MS);
    sweep(this.#quietKeys, this.#now());
  }

  /** Forgets every remembered answer; the quiet marks stay. */
  forgetAll(): void {
    this.#entries.clear();
  }

  /** Forgets every answer of `owner` but the one under `keepKey`, and keeps the owner quiet. */
  forgetOwner(owner: number, keepKey?: string): void {
    for (const [key, entry] of this.#entries)
      if (entry.owner === owner && key !== keepKey) this.#entries.delete(key);
    this.#quietOwners.set(owner, this.#now() + REVOKED_QUIET_MS);
    sweep(this.#quietOwners, this.#now());
  }

  #isQuiet(key: string, owner: number | undefined, now: number): boolean {
    return (
      (this.#quietKeys.get(key) ?? 0) > now ||
      (owner !== undefined && (this.#quietOwners.get(owner) ?? 0) > now)
    );
  }

  #remember(key: string, entry: { owner: number | undefined; until: number; answer: V }): void {
    if (this.#entries.size >= this.#maxEntries && !this.#entries.has(key)) {
      const now = this.#now();
      for (const [id, old] of this.#entries) if (old.until <= now) this.#entries.delete(id);
      if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    }
    this.#entries.set(key, entry);
  }
}

/** A sign-in, an API token or all sign-ins of a user ended: what instances tell each other. */
export type TRevocation =
  | { kind: 'session'; sessionId: string }
  | { kind: 'apiToken'; tokenHash: string }
  | { kind: 'user'; userId: number; keepSessionId?: string | undefined };

/**
 * Remembers for a few seconds which sign-ins are live and who each API token acts for, so a
 * request rarely needs the database to know. One instance serves both, so ending a user's
 * sign-ins (deactivated, roles or company changed, deleted) forgets its tokens' answers too.
 */
export class LiveSessions {
  readonly #signIns: RememberedAnswers<true>;
  readonly #apiTokens: RememberedAnswers<TAuth>;
  readonly #publish: ((revocation: TRevocation) => void) | undefined;

  /** `publish` tells the other instances of each revocation made here (revocation-bus.service.ts). */
  constructor(
    options: {
      ttlMs?: number;
      now?: () => number;
      maxEntries?: number;
      publish?: (revocation: TRevocation) => void;
    } = {},
  ) {
    this.#signIns = new RememberedAnswers(options);
    this.#apiTokens = new RememberedAnswers(options);
    this.#publish = options.publish;
  }

  /**
   * Whether the sign-in is live: remembered, or as `lookup` finds it (its expiry, or undefined
   * when it is not live). A live answer is remembered until the TTL or the sign-in's expiry.
   */
  async isLive(sessionId: string, userId: number, lookup: () => Promise<Date | undefined>): Promise<boolean> {
    const live = await this.#signIns.get(
      sessionId,
      async () => {
        const expiresAt = await lookup();
        return expiresAt && { answer: true, owner: userId, until: expiresAt.getTime() };
      },
      userId,
    );
    return live === true;
  }

  /**
   * The caller behind an API token (by its hash): remembered, or as `lookup` finds it (undefined:
   * not valid). Remembered until the TTL or the token's validUntil.
   */
  apiToken(
    tokenHash: string,
    lookup: () => Promise<{ auth: TAuth; validUntil: Date } | undefined>,
  ): Promise<TAuth | undefined> {
    return this.#apiTokens.get(tokenHash, async () => {
      const found = await lookup();
      return found && { answer: found.auth, owner: found.auth.userId, until: found.validUntil.getTime() };
    });
  }

  /** Forgets a sign-in that is being ended, and keeps it forgotten for REVOKED_QUIET_MS. */
  forgetSession(sessionId: string): void {
    this.#revoked({ kind: 'session', sessionId });
  }

  /** Forgets an API token that is being revoked, and keeps it forgotten for REVOKED_QUIET_MS. */
  forgetApiToken(tokenHash: string): void {
    this.#revoked({ kind: 'apiToken', tokenHash });
  }

  /** Forgets every sign-in of a user whose sign-ins are being ended, but `keepSessionId`, and its API tokens. */
  forgetUser(userId: number, keepSessionId?: string): void {
    this.#revoked({ kind: 'user', userId, keepSessionId });
  }

  /** Applies a revocation made by another instance: forgotten here, not published again. */
  apply(revocation: TRevocation): void {
    switch (revocation.kind) {
      case 'session':
        this.#signIns.forget(revocation.sessionId);
        break;
      case 'apiToken':
        this.#apiTokens.forget(revocation.tokenHash);
        break;
      case 'user':
        this.#signIns.forgetOwner(revocation.userId, revocation.keepSessionId);
        this.#apiTokens.forgetOwner(revocation.userId);
        break;
    }
  }

  /** Forgets every remembered sign-in and token: revocations may have been missed. */
  forgetAll(): void {
    this.#signIns.forgetAll();
    this.#apiTokens.forgetAll();
  }

  #revoked(revocation: TRevocation): void {
    this.apply(revocation);
    this.#publish?.(revocation);
  }
}

/** Drops the quiet marks that have run out, once there are enough to be worth a pass. */
function sweep<K>(quiet: Map<K, number>, now: number): void {
  if (quiet.size < 1000) return;
  for (const [key, until] of quiet) if (until <= now) quiet.delete(key);
}
