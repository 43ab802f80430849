import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY, migrationsFolder, openDatabase, queryRows, type TDatabase } from './client.ts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { testConfig } from '../../test/test-app.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL;
const made: string[] = [];

/** A new empty database on the server; dropped after the file. */
async function freshDatabase(): Promise<string> {
  const name = `portal_lock_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  made.push(name);
  const url = new URL(SERVER_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  if (!made.length) return;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const shipped = (
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

describe.runIf(SERVER_URL)('migrations on a server, several instances starting at once', () => {
  it('migrate once: three instances opening one new database together all start, each migration applied once', async () => {
    const url = await freshDatabase();
    const opened: TDatabase[] = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url, readConnections: 0 })),
    );
    try {
      const [row] = await queryRows<{ applied: number }>(
        opened[0]!.db,
        sql`select count(*)::int as "applied" from drizzle.__drizzle_migrations`,
      );
      expect(row?.applied).toBe(shipped);
    } finally {
      await Promise.all(opened.map((database) => database.close()));
    }
  }, 120_000);

  it('seed once: three portals starting together on one new database all start, with one admin and one set of lists', async () => {
    const url = await freshDatabase();
    const databases: TDatabase[] = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url, readConnections: 0 })),
    );
    const apps = await Promise.all(databases.map((database) => buildApp(testConfig(), database, false)));
    try {
      const [row] = await queryRows<{ admins: number; lists: number }>(
        databases[0]!.db,
        sql`select (select count(*)::int from users where login = 'admin') as "admins",
                   (select count(*)::int from generic_lists) - (select count(distinct code)::int from generic_lists) as "lists"`,
      );
      expect(row).toEqual({ admins: 1, lists: 0 });
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(databases.map((database) => database.close()));
    }
  }, 120_000);

  it('waits while another holds the migration lock, and goes on when it is released', async () => {
    const url = await freshDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    let done = false;
    const opening = openDatabase({ databaseUrl: url, readConnections: 0 }).then((database) => {
      done = true;
      return database;
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(done).toBe(false);
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await holder.end();
    }
    const database = await opening;
    await database.close();
    expect(done).toBe(true);
  }, 120_000);
});
