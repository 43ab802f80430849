import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Content-addressed blobs: every file, picture, logo and photo is stored once by its SHA-256. */
export const files = pgTable('files', {
  hash: text('hash').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  mimeType: text('mime_type').notNull(),
  /** When it was last stored (a blob stored again is fresh again): the sweep spares it a while after. */
  storedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The thumbnail made once for a picture (both stored as files). */
export const fileThumbnails = pgTable('file_thumbnails', {
  sourceHash: text('source_hash')
    .primaryKey()
    .references(() => files.hash),
  thumbnailHash: text('thumbnail_hash')
    .notNull()
    .references(() => files.hash),
});
