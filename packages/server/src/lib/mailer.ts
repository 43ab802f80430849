import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { lazy } from './lazy.ts';
import type { MailOutboxRepository, TClaimedMail, TOutboxMail } from './mail-outbox.repository.ts';
import { requestContext } from './request-context.ts';

export type TMail = { to: string; subject: string; text: string };

/** What the worker sends through: nodemailer's transport, or a stand-in in tests. */
export type TMailTransport = {
  sendMail(message: TMail & { from: string }): Promise<unknown>;
};

export type TMailQueueStats = { pending: number; failed: number; oldestPendingSeconds: number | null };

export type TMailerOptions = {
  repo: MailOutboxRepository;
  smtpUrl: string | undefined;
  /** The folder one .eml per message goes to when there is no SMTP_URL (undefined: nowhere). */
  outbox: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Replaces the transport made from `smtpUrl` (tests). */
  transport?: () => Promise<TMailTransport>;
  /** How often the worker looks for due mail besides being woken (default 5 s). */
  pollMs?: number;
  /** Rows one claim takes. */
  batchSize?: number;
  clock?: () => Date;
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** The first retry waits this long; each further one twice as long as the last, up to the cap. */
const FIRST_RETRY_MS = 30 * SECOND;
const MAX_RETRY_MS = 30 * MINUTE;
/** A mail still unsent this long after it was written is given up (an outage of hours loses nothing). */
const GIVE_UP_MS = 48 * 60 * MINUTE;
/**
 * How long a claimed row is kept from other workers: well past one send's worst case under the
 * SMTP timeouts below, so only a worker that died mid-send ever has its rows taken again.
 */
const LEASE_MS = 5 * MINUTE;
const SMTP_TIMEOUTS = { connectionTimeout: 30 * SECOND, greetingTimeout: 30 * SECOND, socketTimeout: MINUTE };
/** Longest error text kept on a row. */
const MAX_ERROR_CHARS = 300;
/** Sent and given-up rows are kept this long as the record of what went out, then deleted. */
export const KEEP_DONE_MS = 30 * 24 * 60 * MINUTE;
/** How often a worker deletes them, and at most how many rows at a time. */
const PRUNE_EVERY_MS = 60 * MINUTE;
const PRUNE_ROWS = 10_000;

/** The pause before try `attempts + 1`: 30 s, 1 min, 2 min, ... at most 30 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Mail through a durable outbox (issue 26). A request queues its mail in its own transaction with
 * `enqueue` and answers; the worker claims due rows, sends each through SMTP_URL (or writes one
 * .eml per message to <DATA_DIR>/outbox), and on failure tries again with a doubling pause until
 * 48 h after the mail was written, then marks it failed. Rolled-back mail is never sent; a row is
 * claimed by one worker at a time, so any number of portal processes on one database send it once.
 */
export class Mailer {
  readonly #repo: MailOutboxRepository;
  readonly #transport: () => Promise<TMailTransport>;
  readonly #outbox: string | undefined;
  readonly #from: string;
  readonly #log: FastifyBaseLogger;
  readonly #smtpUrl: string | undefined;
  readonly #pollMs: number;
  readonly #batchSize: number;
  readonly #clock: () => Date;
  #poll: NodeJS.Timeout | undefined;
  #stopped = true;
  /** When this worker last deleted old rows (epoch ms; 0: not yet). */
  #prunedAt = 0;
  /** A run waiting to start; wakes meanwhile join it. */
  #queued: Promise<number> | undefined;
  /** The last run, so runs follow one another and `stop` can wait for the one under way. */
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: TMailerOptions) {
    this.#repo = options.repo;
    this.#from = options.from;
    this.#log = options.log;
    this.#smtpUrl = options.smtpUrl;
    this.#outbox = options.smtpUrl ? undefined : options.outbox;
    this.#pollMs = options.pollMs ?? 5 * SECOND;
    this.#batchSize = options.batchSize ?? 10;
    this.#clock = options.clock ?? (() => new Date());
    this.#transport =
      options.transport ??
      lazy(async () => {
        const { default: nodemailer } = await import('nodemailer');
        return options.smtpUrl
          ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
          : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      });
  }

  /**
   * Queues a mail in the open transaction (so a rollback takes it back), or on its own outside
   * one; it goes out once committed. Never fails for an SMTP outage. Unless the caller names one,
   * the mail carries the id of the request that queued it (the worker logs it as `reqId`).
   */
  async enqueue(mail: TOutboxMail): Promise<void> {
    await this.#repo.insert(
      { ...mail, requestId: mail.requestId ?? requestContext.requestId },
      this.#clock(),
    );
    // The worker sees the row only once its transaction commits: wake it then.
    this.#repo.afterCommit(() => this.wake());
  }

  /** Starts the worker: a run now, then one every poll interval, on timers that keep no process alive. */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#poll = setInterval(() => this.wake(), this.#pollMs);
    this.#poll.unref();
    this.wake();
  }

  /** Has the worker look for due mail now (or right after the run under way). */
  wake(): void {
    if (this.#stopped) return;
    this.#run().catch((error: unknown) => this.#log.error({ err: error }, 'mail worker run failed'));
  }

  /** Sends every mail due now, after the run under way: how many went out (0 once stopped). */
  drain(): Promise<number> {
    return this.#stopped ? Promise.resolve(0) : this.#run();
  }

  /** Stops the worker: no new run; a send under way finishes, the rest of its claim is given back. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#poll);
    this.#poll = undefined;
    await this.#tail;
  }

  /** The queue's depth for the metrics: still to send, given up, and the age of the oldest waiting. */
  async queueStats(): Promise<TMailQueueStats> {
    const { pending, failed, oldestPending } = await this.#repo.stats();
    const oldestPendingSeconds = oldestPending
      ? Math.max(0, Math.floor((this.#clock().getTime() - oldestPending.getTime()) / SECOND))
      : null;
    return { pending, failed, oldestPendingSeconds };
  }

  /** One run after the one under way; a run already waiting to start is joined instead. */
  #run(): Promise<number> {
    if (this.#queued) return this.#queued;
    const run = this.#tail.then(() => {
      this.#queued = undefined;
      return this.#sendDue();
    });
    this.#queued = run;
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** Deletes rows done for longer than KEEP_DONE_MS, at most once every PRUNE_EVERY_MS. */
  async #prune(): Promise<void> {
    const now = this.#clock().getTime();
    if (now - this.#prunedAt < PRUNE_EVERY_MS) return;
    this.#prunedAt = now;
    await this.#repo.deleteDoneBefore(new Date(now - KEEP_DONE_MS), PRUNE_ROWS);
  }

  /** Claims and sends due mail in batches until none is left or the worker stops. */
  async #sendDue(): Promise<number> {
    await this.#prune();
    let sent = 0;
    while (!this.#stopped) {
      const now = this.#clock();
      const rows = await this.#repo.claim(now, new Date(now.getTime() + LEASE_MS), this.#batchSize);
      for (const [index, row] of rows.entries()) {
        if (this.#stopped) {
          await this.#repo.release(
            rows.slice(index).map((r) => r.id),
            this.#clock(),
          );
          return sent;
        }
        if (await this.#deliver(row)) sent += 1;
      }
      if (rows.length < this.#batchSize) break;
    }
    return sent;
  }

  /** Sends one claimed row and records the outcome: whether it went out. */
  async #deliver(row: TClaimedMail): Promise<boolean> {
    const attempts = row.attempts + 1;
    const about = { mailId: row.id, to: row.to, subject: row.subject, attempts, reqId: row.requestId };
    let file: string | undefined;
    try {
      file = await this.#transmit(row);
    } catch (error) {
      await this.#failed(row, attempts, this.#errorText(error), about);
      return false;
    }
    // Outside the try: a mail that went out is never tried again because its row failed to update.
    await this.#repo.markSent(row.id, attempts, this.#clock());
    this.#log.info(file ? { ...about, file } : about, file ? 'mail written to the outbox' : 'mail sent');
    return true;
  }

  /** Hands the mail to the transport; with the .eml outbox, the file written. */
  async #transmit(row: TClaimedMail): Promise<string | undefined> {
    const transport = await this.#transport();
    const info = await transport.sendMail({
      from: this.#from,
      to: row.to,
      subject: row.subject,
      text: row.text,
    });
    const message = (info as { message?: Buffer } | undefined)?.message;
    if (!this.#outbox || !message) return undefined;
    await fs.mkdir(this.#outbox, { recursive: true });
    const stamp = this.#clock().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.#outbox, `${stamp}-${row.id}.eml`);
    await fs.writeFile(file, message);
    return file;
  }

  /** Schedules the next try, or gives the mail up once its 48 hours are over. */
  async #failed(row: TClaimedMail, attempts: number, error: string, about: object): Promise<void> {
    const now = this.#clock();
    const deadline = row.createdAt.getTime() + GIVE_UP_MS;
    if (now.getTime() >= deadline) {
      await this.#repo.markFailed(row.id, attempts, now, error);
      this.#log.error({ ...about, error }, 'mail failed');
      return;
    }
    // The last try falls on the deadline itself, so a mail is given up only after its full 48 hours.
    const next = new Date(Math.min(now.getTime() + retryDelayMs(attempts), deadline));
    await this.#repo.markRetry(row.id, attempts, next, error);
    this.#log.warn({ ...about, error, nextAttemptAt: next.toISOString() }, 'mail retry scheduled');
  }

  /** The failure in a line short enough for a row and a log, without the SMTP URL's password. */
  #errorText(error: unknown): string {
    let text = error instanceof Error ? error.message : String(error);
    if (this.#smtpUrl) text = text.split(this.#smtpUrl).join('<SMTP_URL>');
    text = text.replace(/\/\/[^/\s:@]+:[^/\s@]+@/g, '//***@');
    return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text;
  }
}
