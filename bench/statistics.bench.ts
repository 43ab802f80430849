/**
 * The dashboard's statistics (issue 24) on the PostgreSQL server: POST /api/statistics/get for
 * the last 90 days (and so the 90 before, for the previous totals) over a year of 1,000,000
 * activity rows, for the whole portal and for one company, one request at a time (the target is a
 * request's time: under 100 ms), beside the same SQL (captured from the server log) replayed by
 * pgbench at the same concurrency in the same run; and the EXPLAIN (ANALYZE, BUFFERS) of every
 * statement the call reads with. Closed days are kept (statistics_kept) once counted: the measured
 * requests read them, and the first request of a day, which counts them from the rows, is timed
 * apart (`coldMs`, with nothing kept). `npm run bench:statistics [-- --seconds n --rounds n]`
 * (`--seconds 3 --rounds 1` for a quick check, whose figures go to a `-short` file only).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { LARGE_SIZE } from '../packages/server/src/demo/seed-demo.ts';
import { startBenchRun, machineOf } from './lib/bench-run.ts';
import type { TChildServer } from './lib/child-server.ts';
import { load, type TRequest } from './lib/load.ts';
import type { TReplayReference } from './lib/pgbench.ts';
import { captureCallStatements, signInAsAdmin, startBenchPortal, stopChild } from './lib/portal.ts';
import { benchCommandLine, besideItsSql, type TAlternated } from './lib/rounds.ts';
import { seedBenchDemo } from './lib/seed-demo.ts';
import { publishResults } from './lib/report.ts';
import { explainStatement, serverLogFile, type TCapture } from './lib/sql-capture.ts';
import { sourceVersion } from './lib/source-version.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {
  seconds: SECONDS,
  rounds: ROUNDS,
  short: SHORT,
  serverUrl: SERVER_URL,
  flags,
} = benchCommandLine(['profile']);
if (flags.profile) {
  // `npm run bench -- --profile` ends here: this part has no profile of its own yet.
  console.log('statistics: no profile for this part; skipped');
  process.exit(0);
}
const ROWS = 1_000_000;
const PEOPLE = 5_000;
const FAMILIES = 5_000;
const RANGE_DAYS = 90;
/** One request at a time: the target is what one dashboard waits. */
const CONNECTIONS = 1;
const TARGET = { p50Ms: 100 };
const date = new Date().toISOString().slice(0, 10);
const number = (value: number) => Math.round(value).toLocaleString('en');

type TCall = { key: string; name: string; body: Record<string, unknown> };

const run = startBenchRun({ serverUrl: SERVER_URL, maxMinutes: 20, label: 'statistics' });
const { started, loadAverageAtStart, databaseName, databaseUrl, admin, cleanUp, say } = run;

/**
 * A year of activity up to now, ROWS rows spread evenly: 30 % sign-ins, 2 % self-care sign-ins,
 * 1 % registrations, 40 % downloads of a seeded family (its company as the owner), 7 % failed
 * sign-ins and 20 % family updates, by PEOPLE people of the seeded companies.
 */
async function seedActivity(client: pg.Client): Promise<void> {
  // Nothing is kept yet, so the trigger forgetting kept figures for rows dated back has nothing to
  // do: off while seeding, so the seeding takes as long as before it existed.
  await client.query('alter table activity disable trigger statistics_kept_backdated');
  await client.query(
    `insert into activity (at, kind, user_id, company_id, owner_company_id, record_type, record_id)
     select now() - interval '365 days' + (s.i::float8 / $1) * interval '365 days', k.kind,
       s.person, c.ids[1 + s.person % array_length(c.ids, 1)],
       case when k.kind = 'family.download' then fam.companies[1 + s.pick % fam.n] end,
       case when k.kind = 'family.download' then 'family' end,
       case when k.kind = 'family.download' then fam.ids[1 + s.pick % fam.n]::text end
     from (select i, 1 + (hashint4(i) & 2147483647) % $2 as person,
             (hashint4(i + 7) & 2147483647) % 10000 / 10000.0 as r,
             (hashint4(i + 13) & 2147483647) as pick
           from generate_series(1, $1) i) s
     cross join (select array_agg(id order by id) as ids from companies) c
     cross join (select array_agg(id order by id) as ids, array_agg(company_id order by id) as companies,
       count(*)::int as n from revit_families) fam
     cross join lateral (select case when s.r < 0.30 then 'login' when s.r < 0.32 then 'login.selfcare'
       when s.r < 0.33 then 'user.registered' when s.r < 0.73 then 'family.download'
       when s.r < 0.80 then 'login.failed' else 'family.update' end as kind) k`,
    [ROWS, PEOPLE],
  );
  await client.query('alter table activity enable trigger statistics_kept_backdated');
  await client.query('vacuum analyze activity');
}

function requestOf(call: TCall, portal: TChildServer, token: string): TRequest {
  return {
    method: 'POST',
    url: `${portal.url}/api/statistics/get`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(call.body),
  };
}

/** Sends the call once and fails unless it answers 200. */
async function check(request: TRequest): Promise<void> {
  const response = await fetch(request.url, {
    method: request.method,
    signal: AbortSignal.timeout(60_000),
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
  if (response.status !== 200)
    throw new Error(`POST ${request.url} answered ${response.status}: ${await response.text()}`);
}

async function measure(calls: TCall[], logFile: string) {
  const captures = await captureCallStatements(run, {
    calls,
    serverLog: logFile,
    portalLog: path.join(run.work, 'capture-portal.log'),
    requestOf,
    check,
  });
  const explain = new pg.Client({ connectionString: databaseUrl });
  await explain.connect();
  const plans: Record<string, Array<{ statement: number; executionMs: number | null; plan: string }>> = {};
  try {
    for (const call of calls) {
      const capture: TCapture = captures[call.key]!;
      plans[call.key] = [];
      for (const [index, statement] of capture.statements.entries()) {
        // Reads only: EXPLAIN ANALYZE runs what it explains.
        if (!/^\s*(select|with)\b/i.test(statement)) continue;
        const result = await explainStatement(explain, capture, index, 'ANALYZE, BUFFERS');
        const plan = result.rows.map((row: Record<string, string>) => Object.values(row)[0]).join('\n');
        const executionMs = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
        plans[call.key]!.push({
          statement: index + 1,
          executionMs: executionMs === undefined ? null : Number(executionMs),
          plan,
        });
      }
    }
  } finally {
    await explain.end();
  }
  const portal = await startBenchPortal(run);
  const measured: Array<{ call: TCall; result: TAlternated<TReplayReference>; coldMs: number }> = [];
  try {
    const token = await signInAsAdmin(portal);
    for (const call of calls) {
      const request = requestOf(call, portal, token);
      // The first request of a day: nothing kept, its closed days counted from the rows and kept.
      const kept = new pg.Client({ connectionString: databaseUrl });
      await kept.connect();
      await kept.query('delete from statistics_kept').finally(() => kept.end());
      const coldStart = performance.now();
      await check(request);
      const coldMs = Math.round(performance.now() - coldStart);
      const result = await besideItsSql(run, {
        rounds: ROUNDS,
        call,
        capture: captures[call.key]!,
        connections: CONNECTIONS,
        seconds: SECONDS,
        loadApi: () => load(request, CONNECTIONS, SECONDS, () => portal.cpuMs()),
      });
      measured.push({ call, result, coldMs });
    }
  } finally {
    await stopChild(run, portal);
  }
  const met = measured.every(
    ({ result }) => result.api.latencyMs.p50 < TARGET.p50Ms && result.api.non2xx === 0,
  );
  const report = {
    date: new Date().toISOString(),
    ...sourceVersion(),
    short: SHORT,
    ...(await machineOf(admin)),
    loadAverageAtStart,
    seeded: { activityRows: ROWS, people: PEOPLE, families: FAMILIES },
    connections: CONNECTIONS,
    secondsPerMeasurement: SECONDS,
    rounds: ROUNDS,
    target: TARGET,
    met,
    calls: measured.map(({ call, result, coldMs }) => ({
      name: call.name,
      coldMs,
      body: call.body,
      api: result.api,
      reference: result.reference,
      ratio: result.ratio,
      p99Ms: result.p99Ms,
      eachRound: result.rounds,
      statements: captures[call.key]!.statements,
      plans: plans[call.key],
    })),
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  const name = `statistics-postgres-${date}${SHORT ? '-short' : ''}`;
  const table = [
    '| call | API p50 / p99 | its SQL in pgbench p50 / p99 | ratio | portal CPU per request | first of the day (nothing kept) | target | verdict |',
    '|---|---|---|---|---|---|---|---|',
    ...measured.map(
      ({ call, result, coldMs }) =>
        `| POST /api/statistics/get, ${call.name} | ${result.api.latencyMs.p50} / ${result.p99Ms} ms | ${result.reference.pgbench.latencyMs.p50} / ${result.reference.p99Ms} ms | ${result.ratio.toFixed(2)} | ${result.api.serverCpuMsPerRequest?.toFixed(2) ?? ''} ms | ${coldMs} ms | p50 < ${TARGET.p50Ms} ms | ${result.api.latencyMs.p50 < TARGET.p50Ms ? 'met' : '**missed**'} |`,
    ),
  ].join('\n');
  const conditions = `${date}, ${report.cpus}, Node ${report.node}, PostgreSQL ${report.postgres}, ${number(ROWS)} activity rows over a year, ${RANGE_DAYS}-day range, ${CONNECTIONS} connection, ${SECONDS} s each, ${ROUNDS === 1 ? 'one round' : `median of ${ROUNDS} alternating rounds`}, load average ${loadAverageAtStart[0]} at the start${SHORT ? ' (a short run: not figures to publish)' : ''}`;
  const block = `${conditions}.\n\n${table}`;
  // A short run checks the bench; only a full one replaces the published figures.
  const written = publishResults(root, name, report, block, { part: 'statistics', toDocs: !SHORT });
  say(written);
}

if (loadAverageAtStart[0]! > os.cpus().length)
  console.warn(
    `The machine is busy (load average ${loadAverageAtStart[0]} on ${os.cpus().length} cores): every figure will be slow and noisy.`,
  );
try {
  await admin.connect();
  // Before any work: the capture needs the server's log.
  const logFile = await serverLogFile(admin);
  await admin.query(`create database ${databaseName}`);
  say(
    `database ${databaseName}: seed:demo --size large at ${number(FAMILIES)} families, then ${number(ROWS)} activity rows`,
  );
  // The statistics read the activity rows; the families only lend the downloads their ids and
  // owners, so a twentieth of the large size's volumes (5,000 families) is plenty and saves the
  // quick check most of the seeding.
  await seedBenchDemo(run, FAMILIES / LARGE_SIZE.families);
  const seeding = new pg.Client({ connectionString: databaseUrl });
  await seeding.connect();
  let companyId: number;
  try {
    await seedActivity(seeding);
    const { rows } = await seeding.query<{ company_id: number }>(
      `select company_id from revit_families where company_id is not null
       group by company_id order by count(*) desc, company_id limit 1`,
    );
    companyId = rows[0]!.company_id;
  } finally {
    await seeding.end();
  }
  const today = new Date().toISOString().slice(0, 10);
  const first = new Date(Date.now() - (RANGE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const range = { isoStartDate: first, isoEndDate: today, timeZone: 'Europe/Berlin' };
  const calls: TCall[] = [
    { key: 'all', name: 'the whole portal', body: range },
    { key: 'company', name: 'one company', body: { ...range, companyId } },
  ];
  say('seeded; capturing the SQL');
  await measure(calls, logFile);
} finally {
  await cleanUp();
  say('done; bench database dropped');
}
