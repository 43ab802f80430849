import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
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

/** Statements each database refuses with a data error (SQLSTATE class 22). */
const DATA_ERRORS = [
  // 22003 numeric value out of range: price_items.value is numeric(14, 4).
  'select 10000000000::numeric(14, 4)',
  // 22001 string too long for its column.
  "insert into short_texts values ('xyz')",
  // 22P02 invalid text representation.
  "select 'twelve'::integer",
];

/** The errors PGlite and (with TEST_DATABASE_URL) node-postgres raise for them, as Drizzle wraps them. */
async function realDataErrors(): Promise<unknown[]> {
  const errors: unknown[] = [];
  const run = async (execute: (statement: string) => Promise<unknown>) => {
    await execute('create temporary table short_texts (s varchar(2))');
    for (const statement of DATA_ERRORS)
      errors.push(
        await execute(statement).then(
          () => new Error(`${statement} succeeded`),
          (e: unknown) => e,
        ),
      );
  };
  const lite = new PGlite();
  try {
    const db = drizzlePglite(lite);
    await run((statement) => db.execute(sql.raw(statement)));
  } finally {
    await lite.close();
  }
  if (serverUrl) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const db = drizzlePg(client);
      await run((statement) => db.execute(sql.raw(statement)));
    } finally {
      await client.end();
    }
  }
  return errors;
}

describe('errors', () => {
  // A PGlite of its own is made first: its first start takes seconds on a busy machine.
  it('answers 400 valueNotStorable, not 500, when the database refuses a value (SQLSTATE class 22)', async () => {
    const errors = await realDataErrors();
    const codes = errors.map((e) => (e as { cause?: { code?: string } }).cause?.code);
    expect(codes).toEqual(codes.map((_, i) => ['22003', '22001', '22P02'][i % 3]));
    const dataApp = Fastify();
    try {
      await dataApp.register(errorsPlugin);
      let next = 0;
      dataApp.get('/fails', async () => {
        throw errors[next++];
      });
      for (const _ of errors) {
        const answer = await dataApp.inject({ method: 'GET', url: '/fails' });
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({
          responseCode: 400,
          errorDetails: [{ key: 'valueNotStorable' }],
        });
      }
    } finally {
      await dataApp.close();
    }
  }, 90_000);

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

  /** Answers what the handler answers for each thrown error, in turn. */
  async function answersTo(errors: unknown[]): Promise<{ status: number; keys: string[] }[]> {
    const one = Fastify({ logger: false });
    try {
      await one.register(errorsPlugin);
      let next = 0;
      one.get('/fails', async () => {
        throw errors[next++];
      });
      const answers = [];
      for (const _ of errors) {
        const answer = await one.inject({ method: 'GET', url: '/fails' });
        const body = answer.json<{ errorDetails: { key: string }[] }>();
        answers.push({ status: answer.statusCode, keys: body.errorDetails.map((detail) => detail.key) });
      }
      return answers;
    } finally {
      await one.close();
    }
  }

  it('answers 507 storageFull, not 500, when the disk is full (ENOSPC, EDQUOT, wrapped or not)', async () => {
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    const answers = await answersTo([
      full,
      new Error('upload failed', { cause: full }),
      Object.assign(new Error('quota exceeded'), { code: 'EDQUOT' }),
    ]);
    expect(answers).toEqual(Array(3).fill({ status: 507, keys: ['storageFull'] }));
  });

  it('answers 503 databaseDown, not 500, when the database server is gone, going or not yet back', async () => {
    const answers = await answersTo([
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ]),
    ]);
    expect(answers).toEqual(Array(6).fill({ status: 503, keys: ['databaseDown'] }));
  });

  it('answers 503 naming storage when the object store does not answer, and leaves other faults a 500', async () => {
    const answers = await answersTo([
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', $metadata: {} }),
      Object.assign(new Error('We encountered an internal error'), { $metadata: { httpStatusCode: 500 } }),
      Object.assign(new Error('Access Denied'), { $metadata: { httpStatusCode: 403 } }),
      new TypeError('x is undefined'),
    ]);
    const storageDown = { status: 503, keys: ['notReady'] };
    const fault = { status: 500, keys: ['internalError'] };
    expect(answers).toEqual([storageDown, storageDown, fault, fault]);
  });
});
