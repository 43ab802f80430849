import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DbContext } from '../db/context.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { createTestApp, openTestDatabase, unique } from '../../test/test-app.ts';
import { MailOutboxRepository } from './mail-outbox.repository.ts';
import {
  KEEP_DONE_MS,
  Mailer,
  retryDelayMs,
  type TMail,
  type TMailerOptions,
  type TMailTransport,
} from './mailer.ts';

type TDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

const HOUR_MS = 60 * 60 * 1000;

/** What a test closes when it ends, passing or not. */
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

/** A database of the test's own: no other test's rows in its queue. */
async function ownDatabase(): Promise<TDatabase> {
  const database = await openTestDatabase();
  cleanup.push(() => database.close());
  return database;
}

const silentLog = () => {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  return Object.assign(log, { child: () => log });
};

/** A transport that records what it was given and fails while `down` says so. */
function fakeTransport(options: { down?: () => boolean; delayMs?: number } = {}) {
  const sent: TMail[] = [];
  const transport: TMailTransport = {
    async sendMail(message) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.down?.()) throw new Error('connect ECONNREFUSED smtp://mailer:s3cret@mail.example:25');
      sent.push({ to: message.to, subject: message.subject, text: message.text });
      return {};
    },
  };
  return { sent, transport };
}

/** A started worker on `database` with its own transaction context; stopped when the test ends. */
function workerOn(
  database: TDatabase,
  transport: TMailTransport,
  options: Partial<TMailerOptions> = {},
): { mailer: Mailer; ctx: DbContext; log: ReturnType<typeof silentLog> } {
  const ctx = new DbContext(database.db);
  const log = silentLog();
  const mailer = new Mailer({
    repo: new MailOutboxRepository(ctx, database.db),
    smtpUrl: undefined,
    outbox: undefined,
    from: 'Portal <portal@example.com>',
    log: log as unknown as TMailerOptions['log'],
    transport: () => Promise.resolve(transport),
    pollMs: 60_000,
    ...options,
  });
  mailer.start();
  cleanup.push(() => mailer.stop());
  return { mailer, ctx, log };
}

const rowsTo = (database: TDatabase, to: string) =>
  database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));

const mailTo = (to: string): TMail => ({ to, subject: 'Hello', text: 'A line.' });

describe('Mailer', () => {
  it('deletes rows sent or given up more than KEEP_DONE_MS ago, and keeps the rest', async () => {
    const database = await ownDatabase();
    const to = `${unique('old')}@example.com`;
    const long = new Date(Date.now() - KEEP_DONE_MS - HOUR_MS);
    const recent = new Date(Date.now() - KEEP_DONE_MS + HOUR_MS);
    const row = (subject: string, done: Partial<{ sentAt: Date; failedAt: Date }>) => ({
      recipient: to,
      subject,
      body: 'A line.',
      ...done,
    });
    await database.db
      .insert(mailOutbox)
      .values([
        row('old sent', { sentAt: long }),
        row('old failed', { failedAt: long }),
        row('recent sent', { sentAt: recent }),
        row('waiting', {}),
      ]);
    const { mailer } = workerOn(database, fakeTransport().transport);
    await mailer.drain();
    const left = (await rowsTo(database, to)).map((r) => r.subject).sort();
    expect(left).toEqual(['recent sent', 'waiting']);
  });

  it('never sends a mail queued in a transaction that rolls back, and sends a committed one right after its commit', async () => {
    const database = await ownDatabase();
    const { sent, transport } = fakeTransport();
    const { mailer, ctx } = workerOn(database, transport);
    const dropped = `${unique('dropped')}@example.com`;
    const kept = `${unique('kept')}@example.com`;

    await expect(
      ctx.transaction(async () => {
        await mailer.enqueue(mailTo(dropped));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await ctx.transaction(() => mailer.enqueue(mailTo(kept)));

    // No drain and a poll a minute away: only the wake after the commit sends it.
    await vi.waitFor(() => expect(sent.map((mail) => mail.to)).toEqual([kept]), { timeout: 5000 });
    await mailer.drain();
    expect(sent.map((mail) => mail.to)).toEqual([kept]);
    expect(await rowsTo(database, dropped)).toEqual([]);
    expect(await rowsTo(database, kept)).toEqual([
      expect.objectContaining({ attempts: 1, sentAt: expect.any(Date) as Date, failedAt: null }),
    ]);
  });

  it('answers a request while SMTP is down and sends its mail exactly once when SMTP is back', async () => {
    const t = await createTestApp({ smtpUrl: 'smtp://mailer:s3cret@127.0.0.1:1' });
    cleanup.push(() => t.close());
    const user = unique('forgetful');
    await t.user(user, 'partner', null);

    const answer = await t.call('POST', '/api/user/forgot-password', { body: { userLogin: user } });
    expect(answer.status).toBe(200);
    await t.mailer.drain();
    const [waiting] = await rowsTo(t.database, `${user}@example.com`);
    expect(waiting).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED/);
    expect(waiting!.lastError).not.toContain('s3cret');
    expect(waiting!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(20_000);
    await t.mailer.stop();

    // SMTP is back: a worker whose clock has passed the retry sends it, once however often it runs.
    const { sent, transport } = fakeTransport();
    const later = () => new Date(Date.now() + 31_000);
    const { mailer } = workerOn(t.database, transport, { clock: later });
    await mailer.drain();
    await mailer.drain();
    expect(sent.filter((mail) => mail.to === `${user}@example.com`)).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/reset-password\?token=/);
    expect(await rowsTo(t.database, `${user}@example.com`)).toEqual([
      expect.objectContaining({ attempts: 2, sentAt: expect.any(Date) as Date, lastError: null }),
    ]);
  });

  it('tries again after 30 s, doubling up to 30 min, and gives up 48 h after the mail was written', async () => {
    const database = await ownDatabase();
    let now = Date.now();
    const { sent, transport } = fakeTransport({ down: () => true });
    const { mailer, log } = workerOn(database, transport, { clock: () => new Date(now) });
    const to = `${unique('unreachable')}@example.com`;
    await mailer.enqueue(mailTo(to));
    const written = now;

    const delays: number[] = [];
    for (;;) {
      await mailer.drain();
      const [row] = await rowsTo(database, to);
      if (row!.failedAt) break;
      delays.push(row!.nextAttemptAt.getTime() - now);
      expect(row!.attempts).toBe(delays.length);
      now = row!.nextAttemptAt.getTime();
    }

    const deadline = written + 48 * HOUR_MS;
    expect(delays.slice(0, 8)).toEqual([30, 60, 120, 240, 480, 960, 1800, 1800].map((s) => s * 1000));
    delays.slice(0, -1).forEach((delay, index) => expect(delay).toBe(retryDelayMs(index + 1)));
    expect(now).toBe(deadline);
    const [failed] = await rowsTo(database, to);
    expect(failed).toMatchObject({ attempts: delays.length + 1, sentAt: null });
    expect(failed!.failedAt!.getTime()).toBe(deadline);
    expect(failed!.lastError).toMatch(/ECONNREFUSED/);
    expect(failed!.lastError).not.toContain('s3cret');
    expect(sent).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ to }), 'mail retry scheduled');
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ to }), 'mail failed');
    expect(await mailer.queueStats()).toEqual({ pending: 0, failed: 1, oldestPendingSeconds: null });
  });

  it('never sends one row twice when several workers share the database', async () => {
    const database = await ownDatabase();
    const { sent, transport } = fakeTransport();
    const recipients = Array.from({ length: 40 }, () => `${unique('many')}@example.com`);
    const queue = new Mailer({
      repo: new MailOutboxRepository(new DbContext(database.db), database.db),
      smtpUrl: undefined,
      outbox: undefined,
      from: 'Portal <portal@example.com>',
      log: silentLog() as unknown as TMailerOptions['log'],
    });
    for (const to of recipients) await queue.enqueue(mailTo(to));
    expect(await queue.queueStats()).toMatchObject({ pending: 40, failed: 0 });

    // Started together (each claims at once on start), then all drained at the same time; small
    // batches make their claims meet often.
    const workers = Array.from({ length: 4 }, () => workerOn(database, transport, { batchSize: 2 }));
    await Promise.all(workers.map((worker) => worker.mailer.drain()));
    await Promise.all(workers.map((worker) => worker.mailer.drain()));

    expect(sent.map((mail) => mail.to).sort()).toEqual([...recipients].sort());
    const logged = workers.map((worker) => worker.log.info.mock.calls.length);
    expect(logged.reduce((sum, count) => sum + count, 0)).toBe(40);
    expect(await queue.queueStats()).toEqual({ pending: 0, failed: 0, oldestPendingSeconds: null });
  });

  it('stops on close after the send under way and gives the rest of its claim back', async () => {
    const database = await ownDatabase();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started = vi.fn();
    const sent: string[] = [];
    const transport: TMailTransport = {
      async sendMail(message) {
        started();
        await gate;
        sent.push(message.to);
        return {};
      },
    };
    const { mailer } = workerOn(database, transport);
    const recipients = [1, 2, 3].map(() => `${unique('closing')}@example.com`);
    for (const to of recipients) await mailer.enqueue(mailTo(to));
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(1));

    let stopped = false;
    const stopping = mailer.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;

    expect(sent).toEqual([recipients[0]]);
    expect(await mailer.drain()).toBe(0);
    mailer.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toHaveBeenCalledTimes(1);
    // The two never tried are due at once for the next worker, not held for the lease.
    for (const to of recipients.slice(1)) {
      const [row] = await rowsTo(database, to);
      expect(row).toMatchObject({ attempts: 0, sentAt: null });
      expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect((await mailer.queueStats()).pending).toBe(2);
  });

  it('closes with the app: its worker stops and the database closes without waiting on it', async () => {
    const t = await createTestApp();
    const to = `${unique('late')}@example.com`;
    await t.mailer.enqueue(mailTo(to));
    await t.close();
    expect(await t.mailer.drain()).toBe(0);
  });
});
