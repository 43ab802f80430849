import { and, asc, count, eq, inArray, isNotNull, isNull, lte, min, or } from 'drizzle-orm';
import type { TDb } from '../db/client.ts';
import type { DbContext } from '../db/context.ts';
import { mailOutbox } from '../db/schema/index.ts';

/** A mail as the queue keeps it. */
export type TOutboxMail = { to: string; subject: string; text: string; requestId?: string | undefined };

/** A row a worker has claimed, with what its retries need to know. */
export type TClaimedMail = TOutboxMail & { id: number; createdAt: Date; attempts: number };

/** Still to send: neither sent nor given up (the condition of the partial index). */
const PENDING = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt));

/** The mail outbox's queries (issue 26); the Mailer in `mailer.ts` holds the rules. */
export class MailOutboxRepository {
  readonly #ctx: DbContext;
  readonly #worker: TDb;

  /**
   * `ctx` takes the queueing (joining the caller's transaction); the worker's statements go to
   * `root`, never a transaction: a worker run woken from a timer set inside a transaction would
   * otherwise inherit that transaction's async context after it ended.
   */
  constructor(ctx: DbContext, root: TDb) {
    this.#ctx = ctx;
    this.#worker = root;
  }

  /** Runs `work` once the open transaction (whose rows show only then) commits, or at once. */
  afterCommit(work: () => void): void {
    this.#ctx.afterCommit(work);
  }

  /** Adds a mail due at `now`, in the open transaction if there is one: its id. */
  async insert(mail: TOutboxMail, now: Date): Promise<number> {
    const [row] = await this.#ctx.db
      .insert(mailOutbox)
      .values({
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        createdAt: now,
        nextAttemptAt: now,
        requestId: mail.requestId ?? null,
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail not queued');
    return row.id;
  }

  /**
   * Takes up to `limit` due rows for this worker, oldest due first: each is moved to `leaseUntil`
   * in the same statement, so no other worker takes it while it is sent; `skip locked` lets
   * workers on one database claim at once without waiting on each other. A worker that dies
   * mid-send leaves its rows to be taken again once the lease ends.
   */
  async claim(now: Date, leaseUntil: Date, limit: number): Promise<TClaimedMail[]> {
    const due = this.#worker
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(PENDING, lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await this.#worker
      .update(mailOutbox)
      .set({ nextAttemptAt: leaseUntil })
      .where(inArray(mailOutbox.id, due))
      .returning({
        id: mailOutbox.id,
        to: mailOutbox.recipient,
        subject: mailOutbox.subject,
        text: mailOutbox.body,
        createdAt: mailOutbox.createdAt,
        attempts: mailOutbox.attempts,
        requestId: mailOutbox.requestId,
      });
    return rows
      .map(({ requestId, ...row }) => ({ ...row, requestId: requestId ?? undefined }))
      .sort((a, b) => a.id - b.id);
  }

  async markSent(id: number, attempts: number, now: Date): Promise<void> {
    await this.#worker
      .update(mailOutbox)
      .set({ sentAt: now, attempts, lastError: null })
      .where(eq(mailOutbox.id, id));
  }

  async markRetry(id: number, attempts: number, nextAttemptAt: Date, error: string): Promise<void> {
    await this.#worker
      .update(mailOutbox)
      .set({ attempts, nextAttemptAt, lastError: error })
      .where(eq(mailOutbox.id, id));
  }

  async markFailed(id: number, attempts: number, now: Date, error: string): Promise<void> {
    await this.#worker
      .update(mailOutbox)
      .set({ attempts, failedAt: now, lastError: error })
      .where(eq(mailOutbox.id, id));
  }

  /** Gives claimed rows back, due at once (a worker stopping before it sent them). */
  async release(ids: readonly number[], now: Date): Promise<void> {
    if (!ids.length) return;
    await this.#worker
      .update(mailOutbox)
      .set({ nextAttemptAt: now })
      .where(and(inArray(mailOutbox.id, [...ids]), PENDING));
  }

  /** Rows still to send, rows given up, and when the oldest row still to send was written. */
  /** Deletes up to `limit` rows sent or given up before `before`: how many went. */
  async deleteDoneBefore(before: Date, limit: number): Promise<number> {
    const done = this.#worker
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(or(lte(mailOutbox.sentAt, before), lte(mailOutbox.failedAt, before)))
      .limit(limit);
    const gone = await this.#worker
      .delete(mailOutbox)
      .where(inArray(mailOutbox.id, done))
      .returning({ id: mailOutbox.id });
    return gone.length;
  }

  async stats(): Promise<{ pending: number; failed: number; oldestPending: Date | null }> {
    const [pending] = await this.#worker
      .select({ pending: count(), oldest: min(mailOutbox.createdAt) })
      .from(mailOutbox)
      .where(PENDING);
    const [failed] = await this.#worker
      .select({ failed: count() })
      .from(mailOutbox)
      .where(isNotNull(mailOutbox.failedAt));
    return {
      pending: pending?.pending ?? 0,
      failed: failed?.failed ?? 0,
      oldestPending: pending?.oldest ?? null,
    };
  }
}
