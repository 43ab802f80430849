import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

/** A deadlock as node-postgres reports it: two sessions each update a row the other holds. */
async function realDeadlock(): Promise<unknown> {
  const [a, b] = [
    new pg.Client({ connectionString: serverUrl }),
    new pg.Client({ connectionString: serverUrl }),
  ];
  await Promise.all([a.connect(), b.connect()]);
  const table = `deadlock_${process.pid}_${Date.now()}`;
  try {
    await a.query(`create table ${table} (id int primary key, n int)`);
    await a.query(`insert into ${table} values (1, 0), (2, 0)`);
    await Promise.all([a.query('begin'), b.query('begin')]);
    await a.query(`update ${table} set n = 1 where id = 1`);
    await b.query(`update ${table} set n = 1 where id = 2`);
    const results = await Promise.allSettled([
      a.query(`update ${table} set n = 2 where id = 2`),
      b.query(`update ${table} set n = 2 where id = 1`),
    ]);
    await Promise.all([a.query('rollback'), b.query('rollback')]);
    const failed = results.find((result) => result.status === 'rejected');
    return (failed as PromiseRejectedResult).reason;
  } finally {
    await a.query(`drop table if exists ${table}`);
    await Promise.all([a.end(), b.end()]);
  }
}

describe('errors', () => {
  const app = Fastify();
  afterAll(() => app.close());

  it('answers 409 changedAtOnce, not 500, when PostgreSQL rolled a transaction back to end a deadlock', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const errors: unknown[] = [
      deadlock,
      // As Drizzle wraps a driver's error.
      new Error('Failed query', { cause: deadlock }),
      Object.assign(new Error('could not serialize access'), { code: '40001' }),
    ];
    if (serverUrl) errors.push(await realDeadlock());
    await app.register(errorsPlugin);
    let next = 0;
    app.get('/fails', async () => {
      throw errors[next++];
    });
    for (const _ of errors) {
      const answer = await app.inject({ method: 'GET', url: '/fails' });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({
        responseCode: 409,
        errorDetails: [{ key: 'changedAtOnce' }],
      });
    }
  });
});
