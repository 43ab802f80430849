import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The rate limits' fixed windows on a PostgreSQL server, shared by every instance (lib/limit-store.ts):
 * one row per hashed key (an address or a login under a limit's name), its hits and when it resets.
 */
export const limitWindows = pgTable('limit_windows', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});

/** Single-use keys spent (the bot check's challenges), each until it could no longer be used anyway. */
export const spentKeys = pgTable('spent_keys', {
  key: text('key').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
