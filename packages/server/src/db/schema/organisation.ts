import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from './files.ts';

export const licenses = pgTable(
  'licenses',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    type: text('type'),
    description: text('description'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUsers: integer('max_users').notNull().default(1),
    accountManager: text('account_manager'),
    status: text('status'),
    active: boolean('active').notNull().default(true),
    claims: jsonb('claims').$type<string[]>().notNull().default([]),
    validCheck: boolean('valid_check'),
    validCheckDate: timestamp('valid_check_date', { withTimezone: true }),
  },
  (t) => [uniqueIndex('licenses_code_unique').on(sql`lower(${t.code})`)],
);

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address'),
    city: text('city'),
    region: text('region'),
    zipCode: text('zip_code'),
    country: text('country'),
    url: text('url'),
    contactName: text('contact_name'),
    phone: text('phone'),
    fax: text('fax'),
    email: text('email'),
    parentId: integer('parent_id').references((): AnyPgColumn => companies.id, { onDelete: 'restrict' }),
    logoFileName: text('logo_file_name'),
    logoHash: text('logo_hash').references(() => files.hash),
    companyParameters: jsonb('company_parameters').$type<Record<string, string>>(),
    globalParameters: jsonb('global_parameters').$type<Record<string, string>>(),
    licenseId: integer('license_id').references(() => licenses.id, { onDelete: 'set null' }),
    termsId: integer('terms_id').references((): AnyPgColumn => terms.id, { onDelete: 'set null' }),
    useParentBranding: boolean('use_parent_branding').notNull().default(true),
    defaultMeasurementSystemId: integer('default_measurement_system_id'),
    active: boolean('active').notNull().default(true),
    isPartner: boolean('is_partner').notNull().default(false),
    createdByUserId: integer('created_by_user_id'),
    lastUpdate: timestamp('last_update', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_name_unique').on(sql`lower(${t.name})`),
    index('companies_parent_idx').on(t.parentId),
    index('companies_license_idx')
      .on(t.licenseId)
      .where(sql`${t.licenseId} is not null`),
  ],
);

export const terms = pgTable(
  'terms',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references((): AnyPgColumn => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    active: boolean('active').notNull().default(true),
    lastUpdate: timestamp('last_update', { withTimezone: true }).notNull().defaultNow(),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('terms_company_idx').on(t.companyId)],
);
