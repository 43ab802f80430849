import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies } from './organisation.ts';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    url: text('url'),
    /** The company tree it is for (that company and its descendants); null: everyone. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** The one user it is for (a decision on their request), instead of a company tree; null: not one user. */
    recipientUserId: integer('recipient_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'cascade',
    }),
    createdByUserId: integer('created_by_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUpdate: timestamp('last_update', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_created_idx').on(t.createdAt),
    index('notifications_company_idx').on(t.companyId),
    index('notifications_recipient_idx').on(t.recipientUserId),
  ],
);

/** Which user has read which notification. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index('notification_reads_user_idx').on(t.userId),
  ],
);
