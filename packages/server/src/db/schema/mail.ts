import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The mail outbox (issue 26): a request writes its mail here in its own transaction and answers;
 * the mail worker (`lib/mailer.ts`) claims due rows, sends them and marks each sent, or schedules
 * the next try with a growing pause until 48 h after `created_at`, then marks it failed. Rows stay
 * as the record of what went out for 30 days (lib/mailer.ts deletes older ones).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Tries made so far (a success counts too). */
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take the row next; a worker sending it moves it on by its lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The last failure, cut short and without the SMTP URL (it may carry a password). */
    lastError: text('last_error'),
    /** The request that wrote the mail, for the log lines of its sending. */
    requestId: text('request_id'),
  },
  (t) => [
    // Only the rows still to send: the worker's claim reads this and nothing else.
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    // The few rows given up, counted for the metrics without reading every sent row.
    index('mail_outbox_failed_idx')
      .on(t.failedAt)
      .where(sql`${t.failedAt} is not null`),
  ],
);
