import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { queryRows, type TDatabase } from './client.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL;

describe.runIf(SERVER_URL)('a PostgreSQL server that ends a connection a request holds', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('fails that transaction, not the process, and the next request gets a working connection', async () => {
    const unheard: unknown[] = [];
    const onUncaught = (error: unknown) => unheard.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const outcome = await database.db
        .transaction(async (tx) => {
          const [backend] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
          // As a restart does: the server ends the backend while the transaction waits on its own work.
          const admin = new pg.Client({ connectionString: SERVER_URL });
          await admin.connect();
          await admin.query('select pg_terminate_backend($1)', [backend!.pid]);
          await admin.end();
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      expect(outcome).toBe('failed');
      expect(unheard).toEqual([]);
      const rows = await queryRows<{ one: number }>(database.db, sql`select 1 as one`);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
