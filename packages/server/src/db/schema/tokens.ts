import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './organisation.ts';
import { users } from './users.ts';

/**
 * API tokens for design tools and scripts (CONTRACT 8): stored by the SHA-256 of the secret, which
 * is never kept. A revoked token is deleted (its audit lines remain); a token whose creator is
 * deleted goes with it.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The secret's first characters after its prefix, so a person can tell two tokens apart. */
    hint: text('hint').notNull(),
    scopes: text('scopes').array().notNull(),
    /** The creator's company when it was made: whose tree lists it (null: an admin without one). */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    lastUsed: timestamp('last_used', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_idx').on(t.tokenHash),
    index('api_tokens_company_idx').on(t.companyId),
    index('api_tokens_creator_idx').on(t.createdByUserId),
  ],
);
