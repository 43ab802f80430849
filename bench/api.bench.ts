/**
 * Speed of the hottest calls on the PostgreSQL server, each beside its reference measured in the
 * same run: GET /api/health beside a bare Fastify hello world, and each user call beside the exact
 * SQL it sends (captured with log_statement = 'all') replayed by pgbench at the same concurrency.
 * Run: npm run bench (about seven minutes for this part); npm run bench -- --profile for CPU profiles instead.
 * bench/README.md and docs/performance.md explain the figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { POOL_CONNECTIONS, READ_CONNECTIONS } from '../packages/server/src/db/client.ts';
import { LARGE_SIZE } from '../packages/server/src/demo/seed-demo.ts';
import { type TChildServer, startChildServer } from './lib/child-server.ts';
import {
  BENCH_LOG_LEVEL,
  captureCallStatements,
  signInAsAdmin,
  signInPeople,
  startBenchPortal,
  stopChild as stopBenchChild,
} from './lib/portal.ts';
import { type TCpuProfile, type TProfileSummary, summariseProfile } from './lib/cpu-profile.ts';
import { type TLoadResult, type TRequest, load } from './lib/load.ts';
import { type TCallResult, resultsTable, writeDocsTable } from './lib/report.ts';
import { seedBenchDemo } from './lib/seed-demo.ts';
import { type TCapture, type TSequentialScan, sequentialScans, serverLogFile } from './lib/sql-capture.ts';
import { startBenchRun, machineOf } from './lib/bench-run.ts';
import { alternateRounds, besideItsSql, PGBENCH_THREADS, roundsOf, type TAlternated } from './lib/rounds.ts';
import { sourceVersion } from './lib/source-version.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = parseArgs({
  options: {
    profile: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const USERS = LARGE_SIZE.users;
const CONNECTIONS = 50;
const SECONDS = Number(flags.seconds);
if (!(SECONDS >= 1))
  throw new Error(`--seconds must be a number of seconds, 1 or more; got "${flags.seconds}"`);
// Long enough for V8 to optimise the hot paths before the measured run.
const WARMUP_SECONDS = 3;
const LOG_LEVEL = BENCH_LOG_LEVEL;
const ROUNDS = roundsOf(flags.rounds);
// What the portal child reads from the same environment (db/client.ts, docs/operations.md).
const READ_CONNECTIONS_IN_USE = process.env.DATABASE_READ_CONNECTIONS
  ? Number(process.env.DATABASE_READ_CONNECTIONS)
  : READ_CONNECTIONS;
const date = new Date().toISOString().slice(0, 10);

type TCallKey = 'health' | 'me' | 'page' | 'search';
type TCall = {
  key: TCallKey;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  /**
   * Sent with the admin's bearer token, with a different person's on each connection ('people': what
   * many browsers send), or with none (health, as monitoring calls it).
   */
  signedIn: false | 'admin' | 'people';
  target: { ratio?: number; p99Ms?: number; indexed?: boolean };
};

const PAGE = { page: 1, pageSize: 50, sort: [{ field: 'login', dir: 'asc' }] };
const CALLS: TCall[] = [
  {
    key: 'health',
    name: 'GET /api/health',
    method: 'GET',
    path: '/api/health',
    signedIn: false,
    target: { ratio: 0.5 },
  },
  {
    key: 'me',
    name: 'GET /api/user/me (50 people, one per connection)',
    method: 'GET',
    path: '/api/user/me',
    signedIn: 'people',
    target: { ratio: 0.5, p99Ms: 50 },
  },
  {
    key: 'page',
    name: 'POST /api/user/find (page of 50, sorted by login)',
    method: 'POST',
    path: '/api/user/find',
    body: PAGE,
    signedIn: 'admin',
    target: { ratio: 0.5, p99Ms: 50 },
  },
  {
    key: 'search',
    name: "POST /api/user/find with search 'anna'",
    method: 'POST',
    path: '/api/user/find',
    body: { ...PAGE, search: 'anna' },
    signedIn: 'admin',
    target: { p99Ms: 100, indexed: true },
  },
];

const run = startBenchRun({
  serverUrl: SERVER_URL,
  maxMinutes: 15,
});
const { started, loadAverageAtStart, work, databaseName, databaseUrl, children, admin, cleanUp, say } = run;

const stopChild = (child: { stop(): Promise<void> }) => stopBenchChild(run, child);
const signIn = signInAsAdmin;
const startPortal = (logFile?: string) => startBenchPortal(run, logFile ? { logFile } : {});
const captureLog = path.join(work, 'portal-capture.log');

/** The call as the admin makes it, or, with `people`, as each of them does on a connection of its own. */
function requestOf(call: TCall, portal: TChildServer, token: string, people?: string[]): TRequest {
  const headersOf = (bearer: string) => ({
    ...(call.signedIn ? { authorization: `Bearer ${bearer}` } : {}),
    ...(call.body ? { 'content-type': 'application/json' } : {}),
  });
  const perPerson = call.signedIn === 'people' && people?.length ? people : undefined;
  return {
    method: call.method,
    url: `${portal.url}${call.path}`,
    headers: headersOf(perPerson?.[0] ?? token),
    ...(perPerson ? { headersPerConnection: perPerson.map(headersOf) } : {}),
    ...(call.body ? { body: JSON.stringify(call.body) } : {}),
  };
}

/** Sends the call once and fails unless it answers 200; answers what it found, for the report. */
async function checkCall(request: TRequest): Promise<{ records?: number; totalCount?: number }> {
  const response = await fetch(request.url, {
    method: request.method,
    signal: AbortSignal.timeout(30_000),
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body ? { body: request.body } : {}),
  });
  const body = (await response.json()) as { userInfos?: unknown[]; totalCount?: number };
  if (response.status !== 200)
    throw new Error(`${request.method} ${request.url} answered ${response.status}: ${JSON.stringify(body)}`);
  return {
    ...(body.userInfos ? { records: body.userInfos.length } : {}),
    ...(body.totalCount !== undefined ? { totalCount: body.totalCount } : {}),
  };
}

async function loadWarm(request: TRequest, server: TChildServer): Promise<TLoadResult> {
  await load(request, CONNECTIONS, WARMUP_SECONDS);
  return load(request, CONNECTIONS, SECONDS, () => server.cpuMs());
}

/** Each call's statements, captured with log_statement = 'all' (see captureCallStatements). */
function captureStatements(logFile: string): Promise<Record<TCallKey, TCapture>> {
  return captureCallStatements(run, {
    calls: CALLS,
    serverLog: logFile,
    portalLog: captureLog,
    requestOf,
    check: checkCall,
    mayBeEmpty: (call) => call.key === 'health',
  });
}

/** The reference of health: a bare Fastify hello world in a process of its own. */
async function bareFastify(name: string): Promise<TCallResult['reference']> {
  say(`${name}: bare Fastify hello world`);
  const hello = await startChildServer(work, 'bench/servers/hello-fastify-server.ts');
  children.add(hello);
  try {
    const bare = await loadWarm({ method: 'GET', url: `${hello.url}/` }, hello);
    return {
      kind: 'bare Fastify hello world' as const,
      perSecond: bare.requestsPerSecond,
      p99Ms: bare.latencyMs.p99,
      load: bare,
    };
  } finally {
    await stopChild(hello);
  }
}

async function measure(captures: Record<TCallKey, TCapture>, poolSize: number | undefined) {
  const benchDb = new pg.Client({ connectionString: databaseUrl });
  await benchDb.connect();
  const scans: Partial<Record<TCallKey, TSequentialScan[]>> = {};
  try {
    for (const call of CALLS) scans[call.key] = await sequentialScans(benchDb, captures[call.key]);
  } finally {
    await benchDb.end();
  }
  const portal = await startPortal();
  const token = await signIn(portal);
  say(`signing in ${CONNECTIONS} people of the seed`);
  const people = await signInPeople(run, portal, CONNECTIONS);
  const results: TCallResult[] = [];
  for (const call of CALLS) {
    const request = requestOf(call, portal, token, people);
    const answer = await checkCall(request);
    const measured: TAlternated<TCallResult['reference']> =
      call.key === 'health'
        ? await alternateRounds(
            ROUNDS,
            () => {
              say(`${call.name}: API`);
              return loadWarm(request, portal);
            },
            () => bareFastify(call.name),
          )
        : await besideItsSql(run, {
            rounds: ROUNDS,
            call,
            capture: captures[call.key],
            connections: CONNECTIONS,
            seconds: SECONDS,
            loadApi: () => loadWarm(request, portal),
          });
    const { api, reference, ratio, p99Ms, rounds } = measured;
    const indexed = !scans[call.key]!.some((scan) => scan.table === 'users');
    const checks = {
      ...(call.target.ratio !== undefined ? { ratio: ratio >= call.target.ratio } : {}),
      ...(call.target.p99Ms !== undefined ? { p99: p99Ms < call.target.p99Ms } : {}),
      ...(call.target.indexed ? { indexed } : {}),
      clean: api.non2xx === 0 && api.errors === 0 && api.timeouts === 0,
    };
    results.push({
      key: call.key,
      name: call.name,
      request: { method: call.method, path: call.path, ...(call.body ? { body: call.body } : {}) },
      answer,
      api,
      reference,
      ratio,
      p99Ms,
      rounds,
      target: call.target,
      checks,
      met: Object.values(checks).every(Boolean),
      statements: captures[call.key].statements,
      sequentialScans: scans[call.key]!,
    });
  }
  await stopChild(portal);
  const durationSeconds = Math.round((Date.now() - started) / 1000);
  const report = {
    date: new Date().toISOString(),
    ...sourceVersion(),
    ...(await machineOf(admin)),
    loadAverageAtStart,
    fastify: (
      JSON.parse(fs.readFileSync(path.join(root, 'node_modules/fastify/package.json'), 'utf8')) as {
        version: string;
      }
    ).version,
    users: USERS,
    connections: CONNECTIONS,
    pgbenchThreads: PGBENCH_THREADS,
    secondsPerMeasurement: SECONDS,
    rounds: ROUNDS,
    warmupSeconds: WARMUP_SECONDS,
    portalPoolSize: poolSize,
    portalReadConnections: READ_CONNECTIONS_IN_USE,
    portalLogLevel: LOG_LEVEL,
    durationSeconds,
    results,
  };
  const file = path.join(root, 'bench', 'results', `api-postgres-${date}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  const table = resultsTable(results);
  console.log(`\n${table}\n`);
  const docs = path.join(root, 'docs', 'performance.md');
  const wrote = writeDocsTable(
    docs,
    table,
    `${date}, ${report.cpus}, Node ${report.node}, PostgreSQL ${report.postgres}, ${USERS.toLocaleString('en')} users, ${CONNECTIONS} connections, ${SECONDS} s each, median of ${ROUNDS} alternating rounds, portal pool ${poolSize ?? '?'} connections and ${READ_CONNECTIONS_IN_USE} pipelined for reads, log level ${LOG_LEVEL}, load average ${loadAverageAtStart[0]} at the start`,
  );
  say(`written to ${path.relative(root, file)}${wrote ? ' and docs/performance.md' : ''}`);
}

/** CPU profiles of the portal under load, one process per call, start-up left out. */
async function profile() {
  const folder = path.join(root, 'bench', 'results', 'profiles');
  fs.mkdirSync(folder, { recursive: true });
  const summaries: Array<{ key: TCallKey; name: string; load: TLoadResult; summary: TProfileSummary }> = [];
  for (const key of ['page', 'me', 'health'] as const) {
    const call = CALLS.find((c) => c.key === key)!;
    const portal = await startPortal();
    const request = requestOf(call, portal, await signIn(portal));
    await checkCall(request);
    say(`${call.name}: profiling`);
    await load(request, CONNECTIONS, WARMUP_SECONDS);
    await portal.ask({ profile: 'start' }, 'profiling');
    const loaded = await load(request, CONNECTIONS, SECONDS, () => portal.cpuMs());
    const file = path.join(folder, `${key}-${date}.cpuprofile`);
    await portal.ask({ profile: 'stop', file }, 'profiled');
    await stopChild(portal);
    const summary = summariseProfile(JSON.parse(fs.readFileSync(file, 'utf8')) as TCpuProfile, root);
    summaries.push({ key, name: call.name, load: loaded, summary });
    console.log(
      `\n${call.name}: ${loaded.requestsPerSecond} req/s while profiled, ${loaded.serverCpuMsPerRequest} ms CPU per request, idle ${summary.idlePercent}%`,
    );
    console.log('self time by module (% of busy):');
    for (const share of summary.selfByModule.slice(0, 12)) console.log(`  ${share.percent}%  ${share.name}`);
    console.log('self time charged to the nearest package or portal source (% of busy):');
    for (const share of summary.selfByOwner.slice(0, 15)) console.log(`  ${share.percent}%  ${share.name}`);
    console.log('inclusive time by module (% of busy):');
    for (const share of summary.totalByModule.slice(0, 12)) console.log(`  ${share.percent}%  ${share.name}`);
    console.log('top functions by self time (% of busy):');
    for (const share of summary.topFunctions.slice(0, 15)) console.log(`  ${share.percent}%  ${share.name}`);
  }
  const file = path.join(root, 'bench', 'results', `profile-postgres-${date}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), ...sourceVersion(), node: process.version, users: USERS, connections: CONNECTIONS, seconds: SECONDS, portalLogLevel: LOG_LEVEL, summaries }, null, 2)}\n`,
  );
  say(
    `written to ${path.relative(root, file)}; raw profiles in bench/results/profiles/ (open in Chrome DevTools)`,
  );
}

if (loadAverageAtStart[0]! > os.cpus().length)
  console.warn(
    `The machine is busy (load average ${loadAverageAtStart[0]} on ${os.cpus().length} cores): every rate will be low and noisy.`,
  );
try {
  await admin.connect();
  // Before any work: the capture needs the server's log.
  const logFile = flags.profile ? undefined : await serverLogFile(admin);
  await admin.query(`create database ${databaseName}`);
  say(
    `database ${databaseName}: seed:demo --size large (${USERS.toLocaleString('en')} people among its volumes)`,
  );
  // The user calls read the large size's people; its families and price items cost the run some
  // 40 s of seeding and leave the users' tables as they are.
  const { search } = await seedBenchDemo(run);
  say(`seeded; ${search.people} people, ${search.peopleMatching} match '${search.personWord}'`);
  // The pool the portal opens (openDatabase), for the report.
  const poolSize = POOL_CONNECTIONS;
  if (flags.profile) {
    await profile();
  } else {
    say('capturing the SQL of each call');
    const captures = await captureStatements(logFile!);
    await measure(captures, poolSize);
  }
} finally {
  await cleanUp();
  say('done; bench database dropped');
}
