/**
 * The content library under load on the PostgreSQL server: POST /api/family/find over the 100,000
 * families of `seed:demo --size large` (a page of one category sorted by name, and the same with
 * the seed's search word, which it says how many hold), each
 * beside the exact SQL it sends replayed by pgbench at the same concurrency; and a 200 MiB family
 * streamed to POST /api/family/upload while the portal's RSS is sampled, beside a bare Node http
 * server copying the same body to disk. npm run bench runs it after api.bench.ts;
 * `tsx bench/families.bench.ts [--profile] [--seconds n]` alone. docs/performance.md explains it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { LARGE_SIZE, SEARCH_WORD } from '../packages/server/src/demo/seed-demo.ts';
import { type TChildServer, startChildServer } from './lib/child-server.ts';
import {
  BENCH_LOG_LEVEL,
  captureCallStatements,
  signInAsAdmin,
  startBenchPortal,
  stopChild as stopBenchChild,
} from './lib/portal.ts';
import { type TCpuProfile, type TProfileSummary, summariseProfile } from './lib/cpu-profile.ts';
import {
  type TStatementPlan,
  type TUploadReport,
  familiesTables,
  plansOf,
  searchUsesTrigramIndex,
  writeFamiliesBlock,
} from './lib/families-report.ts';
import { fixtureStreams, writeLargeRfa } from './lib/families-rfa.ts';
import { type TRssTrace, type TUploadResult, traceRss, uploadFile } from './lib/families-upload.ts';
import { type TLoadResult, type TRequest, load } from './lib/load.ts';
import { besideItsSql, PGBENCH_THREADS, roundsOf } from './lib/rounds.ts';
import type { TCallResult } from './lib/report.ts';
import { seedBenchDemo, type TBenchSeed } from './lib/seed-demo.ts';
import { sequentialScans, serverLogFile, type TCapture, type TSequentialScan } from './lib/sql-capture.ts';
import { startBenchRun, machineOf } from './lib/bench-run.ts';
import { sourceVersion } from './lib/source-version.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = parseArgs({
  options: {
    profile: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const ROUNDS = roundsOf(flags.rounds);
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const FAMILIES = LARGE_SIZE.families;
const CONNECTIONS = 50;
const SECONDS = Number(flags.seconds);
if (!(SECONDS >= 1))
  throw new Error(`--seconds must be a number of seconds, 1 or more; got "${flags.seconds}"`);
// Long enough for V8 to optimise the hot paths before the measured run.
const WARMUP_SECONDS = 3;
const UPLOAD_BYTES = 200 * 1024 * 1024;
// The upload must not hold the file: its RSS may grow by buffers, never by the file's size.
const MAX_UPLOAD_RSS_INCREASE = 64 * 1024 * 1024;
const FIXTURE = path.join(root, 'packages/server/test/fixtures/rfa/family-2024.rfa');
const LOG_LEVEL = BENCH_LOG_LEVEL;
const date = new Date().toISOString().slice(0, 10);

type TCallKey = 'page' | 'search';
type TCall = {
  key: TCallKey;
  name: string;
  body: Record<string, unknown>;
  target: { ratio?: number; p99Ms?: number; indexed?: boolean };
};

/** What the seed's searches find: the category the calls read, and how many hold the word. */
type TSeeded = TBenchSeed['search'];

/** The calls, once the seed has said which category they read. */
function callsFor(seeded: TSeeded): TCall[] {
  const page = {
    categoryIds: [seeded.category.id],
    sort: [{ field: 'revitFamilyName', dir: 'asc' }],
    page: 1,
    pageSize: 50,
  };
  return [
    {
      key: 'page',
      name: `POST /api/family/find (category ${seeded.category.name}, page of 50 by name)`,
      body: page,
      target: { ratio: 0.5, p99Ms: 50 },
    },
    {
      key: 'search',
      name: `POST /api/family/find (category ${seeded.category.name}, search '${SEARCH_WORD}')`,
      body: { ...page, search: SEARCH_WORD },
      target: { p99Ms: 100, indexed: true },
    },
  ];
}

const run = startBenchRun({
  serverUrl: SERVER_URL,
  maxMinutes: 20,
  label: 'families',
});
const { started, loadAverageAtStart, work, databaseName, databaseUrl, children, admin, cleanUp, say } = run;

const stopChild = (child: { stop(): Promise<void> }) => stopBenchChild(run, child);
const signIn = signInAsAdmin;
const startPortal = (logFile?: string) => startBenchPortal(run, logFile ? { logFile } : {});
const captureLog = path.join(work, 'portal-capture.log');

function requestOf(call: TCall, portal: TChildServer, token: string): TRequest {
  return {
    method: 'POST',
    url: `${portal.url}/api/family/find`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(call.body),
  };
}

/** Sends the call once and fails unless it answers 200; answers what it found, for the report. */
async function checkCall(request: TRequest): Promise<{ records: number; totalCount: number }> {
  const response = await fetch(request.url, {
    method: request.method,
    signal: AbortSignal.timeout(30_000),
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body ? { body: request.body } : {}),
  });
  const body = (await response.json()) as { revitFamilyInfos?: unknown[]; totalCount?: number };
  if (response.status !== 200)
    throw new Error(`${request.method} ${request.url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { records: body.revitFamilyInfos?.length ?? 0, totalCount: body.totalCount ?? 0 };
}

async function loadWarm(request: TRequest, server: TChildServer): Promise<TLoadResult> {
  await load(request, CONNECTIONS, WARMUP_SECONDS);
  return load(request, CONNECTIONS, SECONDS, () => server.cpuMs());
}

/** Each call's statements, captured with log_statement = 'all' (see captureCallStatements). */
function captureStatements(calls: TCall[], logFile: string): Promise<Record<TCallKey, TCapture>> {
  return captureCallStatements(run, {
    calls,
    serverLog: logFile,
    portalLog: captureLog,
    requestOf,
    check: checkCall,
  });
}

/** Each call under load through the portal, then its SQL in pgbench, back to back. */
async function measureFinds(
  calls: TCall[],
  captures: Record<TCallKey, TCapture>,
): Promise<Array<TCallResult & { plans: TStatementPlan[] }>> {
  const benchDb = new pg.Client({ connectionString: databaseUrl });
  await benchDb.connect();
  const scans: Partial<Record<TCallKey, TSequentialScan[]>> = {};
  const plans: Partial<Record<TCallKey, TStatementPlan[]>> = {};
  try {
    for (const call of calls) {
      scans[call.key] = await sequentialScans(benchDb, captures[call.key]);
      // Twice: the first warms the cache, the second is the plan and timing a warm server has.
      await plansOf(benchDb, captures[call.key]);
      plans[call.key] = await plansOf(benchDb, captures[call.key]);
    }
  } finally {
    await benchDb.end();
  }
  const portal = await startPortal();
  const token = await signIn(portal);
  const results: Array<TCallResult & { plans: TStatementPlan[] }> = [];
  try {
    for (const call of calls) {
      const request = requestOf(call, portal, token);
      const answer = await checkCall(request);
      const { api, reference, ratio, p99Ms, rounds } = await besideItsSql(run, {
        rounds: ROUNDS,
        call,
        capture: captures[call.key],
        connections: CONNECTIONS,
        seconds: SECONDS,
        loadApi: () => loadWarm(request, portal),
      });
      const checks = {
        ...(call.target.ratio !== undefined ? { ratio: ratio >= call.target.ratio } : {}),
        ...(call.target.p99Ms !== undefined ? { p99: p99Ms < call.target.p99Ms } : {}),
        ...(call.target.indexed
          ? { indexed: searchUsesTrigramIndex(captures[call.key].statements, plans[call.key]!) }
          : {}),
        clean: api.non2xx === 0 && api.errors === 0 && api.timeouts === 0,
      };
      results.push({
        key: call.key,
        name: call.name,
        request: { method: 'POST', path: '/api/family/find', body: call.body },
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
        plans: plans[call.key]!,
      });
    }
  } finally {
    await stopChild(portal);
  }
  return results;
}

/**
 * The 200 MiB upload through a fresh portal (warmed by one small family first, so loading the
 * reader and sharp is not counted), its RSS sampled; then the same body copied to disk by a bare
 * Node http server, the reference for the rate.
 */
async function measureUpload(): Promise<TUploadReport> {
  const file = path.join(work, 'large-family.rfa');
  const fileBytes = await writeLargeRfa(file, fixtureStreams(FIXTURE), UPLOAD_BYTES);
  say(`upload: wrote a ${(fileBytes / 1024 / 1024).toFixed(0)} MiB family; the portal`);
  const portal = await startPortal();
  let portalRun: { result: TUploadResult; rss: TRssTrace };
  try {
    const headers = { authorization: `Bearer ${await signIn(portal)}` };
    const warm = await uploadFile(`${portal.url}/api/family/upload`, FIXTURE, { headers });
    if (warm.status !== 200) throw new Error(`the warm-up upload answered ${warm.status}: ${warm.answer}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    portalRun = await traceRss(portal.pid, () =>
      uploadFile(`${portal.url}/api/family/upload`, file, { headers }),
    );
    if (portalRun.result.status !== 200)
      throw new Error(`the upload answered ${portalRun.result.status}: ${portalRun.result.answer}`);
  } finally {
    await stopChild(portal);
  }
  say('upload: the bare Node http server');
  const copyDir = path.join(work, 'copies');
  fs.mkdirSync(copyDir, { recursive: true });
  const copy = await startChildServer(work, 'bench/lib/families-copy-server.ts', {
    env: { COPY_DIR: copyDir },
  });
  children.add(copy);
  let copyRun: typeof portalRun;
  try {
    await uploadFile(copy.url, FIXTURE);
    copyRun = await traceRss(copy.pid, () => uploadFile(copy.url, file));
  } finally {
    await stopChild(copy);
  }
  fs.rmSync(copyDir, { recursive: true, force: true });
  const increaseBytes = portalRun.rss.peakBytes - portalRun.rss.beforeBytes;
  const checks = {
    rss: increaseBytes < MAX_UPLOAD_RSS_INCREASE,
    stored: portalRun.result.answer.includes(`"size":${fileBytes}`),
  };
  return {
    fileBytes,
    portal: { ...portalRun.result, rss: portalRun.rss },
    reference: {
      ...copyRun.result,
      rss: copyRun.rss,
      kind: 'bare Node http server piping the body to disk',
    },
    ratio: Math.round((portalRun.result.mibPerSecond / copyRun.result.mibPerSecond) * 100) / 100,
    increaseBytes,
    target: { maxIncreaseBytes: MAX_UPLOAD_RSS_INCREASE },
    checks,
    met: Object.values(checks).every(Boolean),
  };
}

async function measure(calls: TCall[], captures: Record<TCallKey, TCapture>, seeded: TSeeded) {
  const finds = await measureFinds(calls, captures);
  const upload = await measureUpload();
  const durationSeconds = Math.round((Date.now() - started) / 1000);
  const report = {
    date: new Date().toISOString(),
    ...sourceVersion(),
    ...(await machineOf(admin)),
    loadAverageAtStart,
    families: FAMILIES,
    seeded,
    connections: CONNECTIONS,
    pgbenchThreads: PGBENCH_THREADS,
    secondsPerMeasurement: SECONDS,
    rounds: ROUNDS,
    warmupSeconds: WARMUP_SECONDS,
    portalLogLevel: LOG_LEVEL,
    durationSeconds,
    results: finds,
    upload,
  };
  const file = path.join(root, 'bench', 'results', `families-postgres-${date}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  const tables = familiesTables(finds, upload);
  console.log(`\n${tables}\n`);
  const search = finds.find((result) => result.key === 'search');
  // The shortest plan of the search's statements that filter on search_text: it shows the index.
  const searchPlan = search?.plans
    .filter((plan) => /search_text/.test(search.statements[plan.statement - 1] ?? ''))
    .sort((a, b) => a.plan.length - b.plan.length)[0];
  if (searchPlan) console.log(`search plan (statement ${searchPlan.statement}):\n${searchPlan.plan}\n`);
  const conditions = `${date}, ${report.cpus}, Node ${report.node}, PostgreSQL ${report.postgres}, ${FAMILIES.toLocaleString('en')} families (${seeded.familiesInCategory.toLocaleString('en')} in ${seeded.category.name}; '${SEARCH_WORD}' in ${seeded.familiesMatching.toLocaleString('en')}), ${CONNECTIONS} connections, ${SECONDS} s each, median of ${ROUNDS} alternating rounds, log level ${LOG_LEVEL}, load average ${loadAverageAtStart[0]} at the start`;
  const planText = searchPlan
    ? `\n\nThe search's plan (statement ${searchPlan.statement} of ${search?.statements.length ?? 0}, its generic plan as the portal's read connections run it, EXPLAIN ANALYZE on the warm bench database):\n\n\`\`\`\n${searchPlan.plan}\n\`\`\``
    : '';
  const wrote = writeFamiliesBlock(
    path.join(root, 'docs', 'performance.md'),
    `${conditions}.\n\n${tables}${planText}`,
  );
  say(`written to ${path.relative(root, file)}${wrote ? ' and docs/performance.md' : ''}`);
}

/** CPU profiles of the portal under each find, one process per call, start-up left out. */
async function profile(calls: TCall[]) {
  const folder = path.join(root, 'bench', 'results', 'profiles');
  fs.mkdirSync(folder, { recursive: true });
  const summaries: Array<{ key: TCallKey; name: string; load: TLoadResult; summary: TProfileSummary }> = [];
  for (const call of calls) {
    const portal = await startPortal();
    const request = requestOf(call, portal, await signIn(portal));
    await checkCall(request);
    say(`${call.name}: profiling`);
    await load(request, CONNECTIONS, WARMUP_SECONDS);
    await portal.ask({ profile: 'start' }, 'profiling');
    const loaded = await load(request, CONNECTIONS, SECONDS, () => portal.cpuMs());
    const file = path.join(folder, `families-${call.key}-${date}.cpuprofile`);
    await portal.ask({ profile: 'stop', file }, 'profiled');
    await stopChild(portal);
    const summary = summariseProfile(JSON.parse(fs.readFileSync(file, 'utf8')) as TCpuProfile, root);
    summaries.push({ key: call.key, name: call.name, load: loaded, summary });
    console.log(
      `\n${call.name}: ${loaded.requestsPerSecond} req/s while profiled, ${loaded.serverCpuMsPerRequest} ms CPU per request, idle ${summary.idlePercent}%`,
    );
    console.log('self time charged to the nearest package or portal source (% of busy):');
    for (const share of summary.selfByOwner.slice(0, 15)) console.log(`  ${share.percent}%  ${share.name}`);
    console.log('top functions by self time (% of busy):');
    for (const share of summary.topFunctions.slice(0, 15)) console.log(`  ${share.percent}%  ${share.name}`);
  }
  const file = path.join(root, 'bench', 'results', `profile-families-postgres-${date}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), ...sourceVersion(), node: process.version, families: FAMILIES, connections: CONNECTIONS, seconds: SECONDS, portalLogLevel: LOG_LEVEL, summaries }, null, 2)}\n`,
  );
  say(`written to ${path.relative(root, file)}; raw profiles in bench/results/profiles/`);
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
  say(`database ${databaseName}: seed:demo --size large (${FAMILIES.toLocaleString('en')} families)`);
  const seeded = (await seedBenchDemo(run)).search;
  say(
    `seeded; ${seeded.familiesInCategory} in ${seeded.category.name}, '${SEARCH_WORD}' in ${seeded.familiesMatching} (${seeded.familiesInCategoryMatching} of them in ${seeded.category.name})`,
  );
  const calls = callsFor(seeded);
  if (flags.profile) {
    await profile(calls);
  } else {
    say('capturing the SQL of each call');
    const captures = await captureStatements(calls, logFile!);
    await measure(calls, captures, seeded);
  }
} finally {
  await cleanUp();
  say('done; bench database dropped');
}
