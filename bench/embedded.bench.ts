/**
 * The embedded database beside the server (issue 27): the same demo seed (10,000 families and
 * 10,000 people, what one machine's library holds) written once into a fresh PostgreSQL database
 * and once into a fresh PGlite data folder, the built portal started on each, and the same calls
 * driven at 50 connections through both in alternating rounds: GET /api/health, GET /api/user/me
 * (a different person per connection), a page of 50 families by name and a family search. Reports
 * each side's rate, p50 and p99 and the ratio PGlite / server beside the issue's targets; with
 * --profile, also a CPU profile of each portal under the page of families, its top functions
 * named. `npm run bench:embedded [-- --seconds n --rounds n --profile]` (`--seconds 2 --rounds 1`
 * for a quick check; EMBEDDED_SIZE=2000 seeds fewer families and people). bench/README.md and
 * docs/performance.md explain the figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, LARGE_SIZE, SEARCH_WORD } from '../packages/server/src/demo/seed-demo.ts';
import { pgliteReportHead, startBenchRun } from './lib/bench-run.ts';
import type { TChildServer } from './lib/child-server.ts';
import { type TCpuProfile, type TProfileSummary, summariseProfile } from './lib/cpu-profile.ts';
import { checkCall, type TCallAnswer as TAnswer, type TLoadResult, type TRequest, load } from './lib/load.ts';
import { BENCH_LOG_LEVEL, signInAs, signInAsAdmin, startBenchPortal, stopChild } from './lib/portal.ts';
import { publishResults } from './lib/report.ts';
import { type TThreadSplit, threadCpuMs, threadSplit } from './lib/thread-cpu.ts';
import { alternateRounds, benchCommandLine, type TRound } from './lib/rounds.ts';
import { seedBenchDemo, type TBenchSeed } from './lib/seed-demo.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {
  seconds: SECONDS,
  rounds: ROUNDS,
  short: SHORT,
  serverUrl: SERVER_URL,
  flags,
} = benchCommandLine(['profile']);
/** Families and people alike: the issue's "what one machine's library holds". */
const SIZE = Number(process.env.EMBEDDED_SIZE ?? 10_000);
if (!Number.isInteger(SIZE) || SIZE < 500)
  throw new Error(`EMBEDDED_SIZE must be a whole number, 500 or more; got "${process.env.EMBEDDED_SIZE}"`);
const CONNECTIONS = 50;
// Long enough for V8 to optimise the hot paths before the measured run.
const WARMUP_SECONDS = 3;
const LOG_LEVEL = BENCH_LOG_LEVEL;
const date = new Date().toISOString().slice(0, 10);
const number = (value: number) => Math.round(value).toLocaleString('en');

type TSide = 'pglite' | 'server';
type TCallKey = 'health' | 'me' | 'page' | 'search';
type TCall = {
  key: TCallKey;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  /** With a different person's token on each connection, the admin's, or none (health). */
  signedIn: false | 'admin' | 'people';
  /** PGlite's rate as a share of the server's, and PGlite's p99 (issue 27). */
  target: { ratio: number; p99Ms?: number };
};

const PAGE = { page: 1, pageSize: 50, sort: [{ field: 'revitFamilyName', dir: 'asc' }] };
const CALLS: TCall[] = [
  {
    key: 'health',
    name: 'GET /api/health',
    method: 'GET',
    path: '/api/health',
    signedIn: false,
    target: { ratio: 0.9 },
  },
  {
    key: 'me',
    name: `GET /api/user/me (${CONNECTIONS} people, one per connection)`,
    method: 'GET',
    path: '/api/user/me',
    signedIn: 'people',
    target: { ratio: 0.9 },
  },
  {
    key: 'page',
    name: 'POST /api/family/find (page of 50 by name)',
    method: 'POST',
    path: '/api/family/find',
    body: PAGE,
    signedIn: 'admin',
    target: { ratio: 0.6, p99Ms: 200 },
  },
  {
    key: 'search',
    name: `POST /api/family/find (search '${SEARCH_WORD}', page of 50 by name)`,
    method: 'POST',
    path: '/api/family/find',
    body: { ...PAGE, search: SEARCH_WORD },
    signedIn: 'admin',
    target: { ratio: 0.6, p99Ms: 200 },
  },
];

const run = startBenchRun({ serverUrl: SERVER_URL, maxMinutes: 30, label: 'embedded' });
const { started, loadAverageAtStart, work, databaseName, admin, cleanUp, say } = run;
/** PGlite's data folder; the server's portal keeps its files in the run's own (benchPortalEnv). */
const PGLITE_ENV = { DATABASE_URL: '', DATA_DIR: path.join(work, 'pglite') };
const SIDE_NAME: Record<TSide, string> = { pglite: 'PGlite', server: 'PostgreSQL server' };

type TPortal = { side: TSide; server: TChildServer; adminToken: string; people: string[] };

function startPortal(side: TSide): Promise<TChildServer> {
  return startBenchPortal(run, side === 'pglite' ? { env: PGLITE_ENV } : {});
}

/**
 * Signs in `count` active people of the seed through the portal's API (the bulk people share the
 * demo password), so both databases need nothing but the portal: what many browsers send.
 */
async function signInPeople(portal: TChildServer, adminToken: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let page = 1; tokens.length < count && page <= 10; page++) {
    const response = await fetch(`${portal.url}/api/user/find`, {
      method: 'POST',
      signal: AbortSignal.timeout(30_000),
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ page, pageSize: 100, active: true, sort: [{ field: 'login', dir: 'asc' }] }),
    });
    const body = (await response.json()) as {
      userInfos?: Array<{ login: string; registrationCompleted: boolean }>;
    };
    if (response.status !== 200) throw new Error(`/api/user/find answered ${response.status}`);
    if (!body.userInfos?.length) break;
    for (const person of body.userInfos) {
      if (tokens.length === count) break;
      if (person.login === 'admin' || !person.registrationCompleted) continue;
      // A person the portal turns away (an expired account, say) is skipped for the next.
      const token = await signInAs(portal, person.login, DEMO_PASSWORD).catch(() => undefined);
      if (token) tokens.push(token);
    }
  }
  if (tokens.length < count) throw new Error(`only ${tokens.length} people of the seed could sign in`);
  return tokens;
}

async function openPortal(side: TSide): Promise<TPortal> {
  const server = await startPortal(side);
  const adminToken = await signInAsAdmin(server);
  say(`${SIDE_NAME[side]}: signing in ${CONNECTIONS} people of the seed`);
  return { side, server, adminToken, people: await signInPeople(server, adminToken, CONNECTIONS) };
}

function requestOf(call: TCall, portal: TPortal): TRequest {
  const headersOf = (bearer: string | undefined) => ({
    ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    ...(call.body ? { 'content-type': 'application/json' } : {}),
  });
  const token = call.signedIn === 'people' ? portal.people[0] : call.signedIn ? portal.adminToken : undefined;
  return {
    method: call.method,
    url: `${portal.server.url}${call.path}`,
    headers: headersOf(token),
    ...(call.signedIn === 'people' ? { headersPerConnection: portal.people.map(headersOf) } : {}),
    ...(call.body ? { body: JSON.stringify(call.body) } : {}),
  };
}

async function loadWarm(request: TRequest, server: TChildServer): Promise<TLoadResult> {
  await load(request, CONNECTIONS, WARMUP_SECONDS);
  return load(request, CONNECTIONS, SECONDS, () => server.cpuMs());
}

type TSideFigures = {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerRequest?: number;
  load: TLoadResult;
};
type TResult = {
  key: TCallKey;
  name: string;
  request: { method: string; path: string; body?: Record<string, unknown> };
  answer: Record<TSide, TAnswer>;
  /** The round with the median ratio; PGlite's p99 is the median of the rounds'. */
  pglite: TSideFigures;
  server: TSideFigures;
  /** PGlite's rate divided by the server's, the median of the rounds' ratios. */
  ratio: number;
  rounds: TRound[];
  target: TCall['target'];
  checks: Record<string, boolean>;
  met: boolean;
};

function figuresOf(result: TLoadResult): TSideFigures {
  return {
    perSecond: result.requestsPerSecond,
    p50Ms: result.latencyMs.p50,
    p99Ms: result.latencyMs.p99,
    ...(result.serverCpuMsPerRequest === undefined ? {} : { cpuMsPerRequest: result.serverCpuMsPerRequest }),
    load: result,
  };
}

/** Each call through PGlite's portal, then the server's, in alternating rounds. */
async function measure(portals: Record<TSide, TPortal>): Promise<TResult[]> {
  const results: TResult[] = [];
  for (const call of CALLS) {
    const requests = { pglite: requestOf(call, portals.pglite), server: requestOf(call, portals.server) };
    const answer = { pglite: await checkCall(requests.pglite), server: await checkCall(requests.server) };
    const measured = await alternateRounds(
      ROUNDS,
      () => {
        say(`${call.name}: PGlite`);
        return loadWarm(requests.pglite, portals.pglite.server);
      },
      async () => {
        say(`${call.name}: PostgreSQL server`);
        const server = await loadWarm(requests.server, portals.server.server);
        return { perSecond: server.requestsPerSecond, p99Ms: server.latencyMs.p99, load: server };
      },
    );
    const clean = (result: TLoadResult) =>
      result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
    const checks = {
      ratio: measured.ratio >= call.target.ratio,
      ...(call.target.p99Ms !== undefined ? { p99: measured.p99Ms < call.target.p99Ms } : {}),
      // Both answer the same seed alike.
      sameAnswer: JSON.stringify(answer.pglite) === JSON.stringify(answer.server),
      clean: clean(measured.api) && clean(measured.reference.load),
    };
    results.push({
      key: call.key,
      name: call.name,
      request: { method: call.method, path: call.path, ...(call.body ? { body: call.body } : {}) },
      answer,
      pglite: { ...figuresOf(measured.api), p99Ms: measured.p99Ms },
      server: figuresOf(measured.reference.load),
      ratio: measured.ratio,
      rounds: measured.rounds,
      target: call.target,
      checks,
      met: Object.values(checks).every(Boolean),
    });
  }
  return results;
}

type TProfiled = {
  side: TSide;
  load: TLoadResult;
  file: string;
  summary: TProfileSummary;
  threads: TThreadSplit;
};

/**
 * A CPU profile of each portal's main thread under the page of families, start-up and warm-up
 * left out. PGlite's own work runs on the database thread (db/pglite-thread.mjs), which this
 * profile does not sample: there it shows as idle time waiting for the thread's answers. So each
 * thread's CPU per request is read from /proc beside it: on PGlite the busiest thread after the
 * main one is the database thread.
 */
async function profile(portals: Record<TSide, TPortal>): Promise<TProfiled[]> {
  const folder = path.join(root, 'bench', 'results', 'profiles');
  fs.mkdirSync(folder, { recursive: true });
  const call = CALLS.find((c) => c.key === 'page')!;
  const profiled: TProfiled[] = [];
  for (const side of ['pglite', 'server'] as const) {
    const portal = portals[side];
    const request = requestOf(call, portal);
    say(`${call.name}: profiling ${SIDE_NAME[side]}`);
    await load(request, CONNECTIONS, WARMUP_SECONDS);
    await portal.server.ask({ profile: 'start' }, 'profiling');
    const before = threadCpuMs(portal.server.pid);
    const loaded = await load(request, CONNECTIONS, SECONDS, () => portal.server.cpuMs());
    const threads = threadSplit(portal.server.pid, before, threadCpuMs(portal.server.pid), loaded.requests);
    const file = path.join(folder, `embedded-page-${side}-${date}.cpuprofile`);
    await portal.server.ask({ profile: 'stop', file }, 'profiled');
    const summary = summariseProfile(JSON.parse(fs.readFileSync(file, 'utf8')) as TCpuProfile, root);
    profiled.push({ side, load: loaded, file: path.relative(root, file), summary, threads });
  }
  return profiled;
}

/** Rate, p50 and p99 of one side, as the table shows it. */
function sideText(figures: TSideFigures): string {
  return `${number(figures.perSecond)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`;
}

function targetText(target: TCall['target']): string {
  return [`≥ ${target.ratio}x`, target.p99Ms !== undefined ? `p99 < ${target.p99Ms} ms` : undefined]
    .filter(Boolean)
    .join(', ');
}

/** The figures as a Markdown table, PGlite beside the server, with the issue's targets. */
function resultsTable(results: TResult[]): string {
  const rows = results.map((r) => {
    const ratio =
      r.rounds.length < 2
        ? r.ratio.toFixed(2)
        : `${r.ratio.toFixed(2)} (${r.rounds.map((round) => round.ratio.toFixed(2)).join(', ')})`;
    const failed = Object.entries(r.checks)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    return `| ${r.name} | ${sideText(r.pglite)} | ${sideText(r.server)} | ${ratio} | ${targetText(r.target)} | ${r.met ? 'met' : `**missed** (${failed.join(', ')})`} |`;
  });
  return [
    '| call | PGlite | PostgreSQL server | PGlite / server (each round) | target | verdict |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** Each profiled portal's top functions by self time, as a Markdown list. */
function profileText(profiled: TProfiled[]): string {
  return profiled
    .map(({ side, load: loaded, summary, threads }) =>
      [
        `CPU profile of the ${SIDE_NAME[side]} portal's main thread under the page of families (${number(loaded.requestsPerSecond)} req/s while profiled, ${loaded.serverCpuMsPerRequest ?? '?'} ms CPU per request, idle ${summary.idlePercent} %). CPU per request by thread: main ${threads.mainMs} ms, ${side === 'pglite' ? 'the database thread' : 'the busiest other'} ${threads.busiestOtherMs} ms, the others together ${threads.restMs} ms. Top functions by self time (% of busy):`,
        '',
        ...summary.topFunctions.slice(0, 10).map((share) => `- ${share.percent} % \`${share.name}\``),
      ].join('\n'),
    )
    .join('\n\n');
}

/** The two seeds' facts must agree, or the two sides would not answer the same question. */
function sameSeed(a: TBenchSeed, b: TBenchSeed): boolean {
  return JSON.stringify({ ...a.counts, ...a.search }) === JSON.stringify({ ...b.counts, ...b.search });
}

if (loadAverageAtStart[0]! > os.cpus().length)
  console.warn(
    `The machine is busy (load average ${loadAverageAtStart[0]} on ${os.cpus().length} cores): every rate will be low and noisy.`,
  );
try {
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  // The large seed's volumes at SIZE families (a tenth of the large size at 10,000), with as many
  // people in all rather than a tenth of its 10,000.
  const scale = SIZE / LARGE_SIZE.families;
  say(`database ${databaseName}: seed:demo --size large at ${number(SIZE)} families and people`);
  const serverSeed = await seedBenchDemo(run, scale, { people: SIZE });
  say(`PGlite in ${PGLITE_ENV.DATA_DIR}: the same seed`);
  const pgliteSeed = await seedBenchDemo(run, scale, { people: SIZE, env: PGLITE_ENV });
  if (!sameSeed(serverSeed, pgliteSeed))
    throw new Error(
      `the two seeds differ:\n${JSON.stringify(serverSeed.search)}\n${JSON.stringify(pgliteSeed.search)}`,
    );
  const seeded = serverSeed.search;
  say(
    `seeded; ${number(serverSeed.counts.families)} families ('${SEARCH_WORD}' in ${number(seeded.familiesMatching)}), ${number(serverSeed.counts.users + 1)} people with the admin`,
  );
  const portals = { pglite: await openPortal('pglite'), server: await openPortal('server') };
  const results = await measure(portals);
  const profiled = flags.profile ? await profile(portals) : [];
  for (const portal of Object.values(portals)) await stopChild(run, portal.server);
  const report = {
    ...(await pgliteReportHead(admin, SHORT, loadAverageAtStart)),
    seeded: {
      families: serverSeed.counts.families, // The administrator is the one person the counts leave out.
      people: serverSeed.counts.users + 1,
      search: seeded,
    },
    connections: CONNECTIONS,
    secondsPerMeasurement: SECONDS,
    rounds: ROUNDS,
    warmupSeconds: WARMUP_SECONDS,
    portalLogLevel: LOG_LEVEL,
    durationSeconds: Math.round((Date.now() - started) / 1000),
    met: results.every((result) => result.met),
    results,
    ...(profiled.length ? { profiles: profiled } : {}),
  };
  const name = `embedded-${date}${SHORT ? '-short' : ''}`;
  const conditions = `${date}, ${report.cpus}, Node ${report.node}, PGlite ${report.pglite} beside PostgreSQL ${report.postgres}, the same seed in each (${number(report.seeded.families)} families, '${SEARCH_WORD}' in ${number(seeded.familiesMatching)}; ${number(report.seeded.people)} people), ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up, ${ROUNDS === 1 ? 'one round' : `median of ${ROUNDS} alternating rounds`}, log level ${LOG_LEVEL}, load average ${loadAverageAtStart[0]} at the start${SHORT ? ' (a short run: not figures to publish)' : ''}`;
  const block = [
    `${conditions}.`,
    resultsTable(results),
    ...(profiled.length ? [profileText(profiled)] : []),
  ].join('\n\n');
  const written = publishResults(root, name, report, block, { part: 'embedded', toDocs: true });
  say(written);
} finally {
  await cleanUp();
  say('done; bench database and PGlite folder removed');
}
