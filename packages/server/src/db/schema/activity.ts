import type { TActivityChanges } from '@portal/contract';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The activity log (issue 24): one append-only row per sign-in, registration, download, upload,
 * import, export, approval and every create, update and delete, written in the transaction of the
 * change it records. No foreign keys: a row outlives the user, company or record it names (its
 * login and company name are read at query time while they exist). Rows older than the retention
 * (ACTIVITY_RETENTION_DAYS) are removed in batches.
 */
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** `login`, `family.download`, `scenario.update`, … (ACTIVITY_EVENT_KINDS, `<recordType>.<verb>`). */
    kind: text('kind').notNull(),
    userId: integer('user_id'),
    /** The company of whoever acted (null: an admin without one, or nobody signed in). */
    companyId: integer('company_id'),
    /** The company owning the record (a family's, a user's), so its tree sees what others did to it. */
    ownerCompanyId: integer('owner_company_id'),
    recordType: text('record_type'),
    recordId: text('record_id'),
    changes: jsonb('changes').$type<TActivityChanges>(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    // Time ranges for everyone (admins), per company (partners' trees), per kind (statistics), and
    // one record's history.
    index('activity_at_idx').on(t.at),
    index('activity_company_at_idx').on(t.companyId, t.at),
    index('activity_owner_at_idx').on(t.ownerCompanyId, t.at),
    index('activity_kind_at_idx').on(t.kind, t.at),
    index('activity_record_idx').on(t.recordType, t.recordId, t.at),
  ],
);
