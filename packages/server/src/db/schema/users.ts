import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { companies, licenses, terms } from './organisation.ts';

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    builtIn: boolean('built_in').notNull().default(false),
  },
  (t) => [uniqueIndex('roles_name_unique').on(sql`lower(${t.name})`)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    area: text('area').notNull(),
    canCreate: boolean('can_create').notNull().default(false),
    canRead: boolean('can_read').notNull().default(false),
    canUpdate: boolean('can_update').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.area] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(false),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    companyName: text('company_name'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** Null until the first full sign-in; the API shows the default minimum date then. */
    lastLogin: timestamp('last_login', { withTimezone: true }),
    joinDate: timestamp('join_date', { withTimezone: true }).notNull().defaultNow(),
    registrationCompleted: boolean('registration_completed').notNull().default(false),
    licenseId: integer('license_id').references(() => licenses.id, { onDelete: 'set null' }),
    licenseAcceptanceDate: timestamp('license_acceptance_date', { withTimezone: true }),
    termsId: integer('terms_id').references(() => terms.id, { onDelete: 'set null' }),
    photoFileName: text('photo_file_name'),
    photoHash: text('photo_hash').references(() => files.hash),
    mfaSecret: text('mfa_secret'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** The last TOTP time step accepted, so a code is good once (no replay within its 30 s). */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    /** Interface language the user chose last (en, zh, es, ja, de, fr); mails use it. */
    language: text('language').notNull().default('en'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What a search of the users screen matches, kept by PostgreSQL: its own column with its own
     * trigram index, because the planner prices an expression index so high it scans the table.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(login || ' ' || first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(company_name, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('users_login_unique').on(sql`lower(${t.login})`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
    // A licence's seats: its users found by the index, not by reading every user (licences.repository.ts).
    index('users_license_idx')
      .on(t.licenseId)
      .where(sql`${t.licenseId} is not null`),
    // The users screen's default order (by login, then id), read in order and stopped at the page.
    index('users_login_id_idx').on(t.login, t.id),
    // Search of the users screen: LIKE '%word%' on search_text.
    index('users_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * How many users each company has (0: users of no company), kept by triggers on users in the
 * transaction that changes them (migration 0008), so a list's total over whole companies is a sum
 * of a few rows instead of a count of every user.
 */
export const userCounts = pgTable('user_counts', {
  companyId: integer('company_id').primaryKey(),
  users: bigint('users', { mode: 'number' }).notNull(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);
