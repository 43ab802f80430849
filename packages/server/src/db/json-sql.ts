import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A moment as JavaScript's toISOString writes it (UTC, milliseconds); null stays null. */
export const isoText = (column: AnyPgColumn | SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The rows of `query` as the JSON text of one array, written by PostgreSQL (each row an object
 * keyed by its column names, in the query's order; `[]` for none): the portal passes it on as it
 * is, or parses it once, instead of decoding columns row by row.
 */
export const jsonArrayText = (query: SQL) =>
  sql<string>`(select coalesce(json_agg(r), '[]')::text from (${query}) r)`;
