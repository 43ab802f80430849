import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './organisation.ts';
import { users } from './users.ts';

/**
 * An admin's decision on a request (the approvals inbox), kept so the requester can read why: the
 * record ids stay as they were (no foreign keys), since an approved change or a dropped request
 * deletes the item decided on.
 */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: serial('id').primaryKey(),
    /** The kind of record ('family'). */
    recordKind: text('record_kind').notNull(),
    /** The request item acted on. */
    recordId: integer('record_id').notNull(),
    /** Its published original, for a change, removal or withdrawal. */
    originalId: integer('original_id'),
    /** The record the decision left (the original of an applied change); null when none is left. */
    resultId: integer('result_id'),
    /** The request's kind: new, change, removal, withdrawal. */
    requestKind: text('request_kind').notNull(),
    /** The tifAction. */
    action: text('action').notNull(),
    /** The effect the transition table named. */
    effect: text('effect').notNull(),
    /** The record's name when it was decided. */
    recordName: text('record_name').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    reason: text('reason'),
    comment: text('comment'),
    decidedByUserId: integer('decided_by_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_decisions_record_idx').on(t.recordKind, t.recordId),
    index('approval_decisions_original_idx').on(t.recordKind, t.originalId),
    index('approval_decisions_company_idx').on(t.companyId),
    index('approval_decisions_decided_idx').on(t.decidedAt),
  ],
);
