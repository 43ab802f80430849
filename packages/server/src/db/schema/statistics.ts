import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One day's figures as a span keeps them (days without a row are left out). */
export type TKeptDay = {
  day: string;
  sign_ins: number;
  active_users: number;
  registrations: number;
  downloads: number;
};

/**
 * The statistics of a closed run of days (issue 24): what the activity rows of `first_day` to
 * `last_day` (calendar days of `time_zone`, every one ended more than a margin ago) count for one
 * scope, computed once from the rows and read instead of them. `scope` is `all` or a digest of the
 * tree's company ids, so a tree only ever reads its own. A trigger on `activity` forgets every span
 * a row inserted, changed or deleted afterwards could touch (migration 0019); entries older than
 * two days, or past the cap, go when a new one is kept (statistics.repository.ts).
 */
export const statisticsKept = pgTable(
  'statistics_kept',
  {
    scope: text('scope').notNull(),
    timeZone: text('time_zone').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    /** The figures of each day with a row. */
    days: jsonb('days').$type<TKeptDay[]>().notNull(),
    /** The different people of the span (active users are not additive). */
    users: integer('users')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Downloads of the tree's families by family id (record ids that name one: `id::text`). */
    familyIds: integer('family_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    familyDownloads: integer('family_downloads')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Downloads of the tree's families by the downloader's company (an element may be null). */
    companyIds: integer('company_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    companyDownloads: integer('company_downloads')
      .array()
      .notNull()
      .default(sql`'{}'`),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.timeZone, t.firstDay, t.lastDay] }),
    // What a row of a day can touch, and the oldest entries to let go.
    index('statistics_kept_days_idx').on(t.firstDay, t.lastDay),
    index('statistics_kept_computed_idx').on(t.computedAt),
  ],
);
