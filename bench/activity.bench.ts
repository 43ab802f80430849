/**
 * What recording an activity row costs the request it records (issue 24) on the PostgreSQL
 * server: a family save (POST /api/family/update of a name, each connection renaming a family of
 * its own) and a family download (GET of the one-minute ticket link the web opens, each
 * connection its own family) through two portals on one database, one as shipped
 * (ACTIVITY_LOG=on: the row written in the change's transaction) and one with ACTIVITY_LOG=off
 * (no row), in alternating rounds (the order flips every round), at one connection (what one
 * request waits) and at 50 (what the portal answers under load). Each measured load also counts
 * the rows it wrote, so the report shows that one side wrote one per request and the other none.
 * npm run bench runs it after lookup.bench.ts; `npm run bench:activity [-- --seconds n --rounds n]`
 * alone (`--seconds 3 --rounds 1` for a quick check, whose figures go to a `-short` file and not
 * into docs/performance.md). It has no profile: `--profile` is taken and the bench skipped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { startBenchRun, machineOf } from './lib/bench-run.ts';
import type { TChildServer } from './lib/child-server.ts';
import type { TLoadResult } from './lib/load.ts';
import { signInAsAdmin, startBenchPortal, stopChild as stopBenchChild } from './lib/portal.ts';
import { benchCommandLine } from './lib/rounds.ts';
import { sourceVersion } from './lib/source-version.ts';
import { publishResults } from './lib/report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {
  seconds: SECONDS,
  rounds: ROUNDS,
  short: SHORT,
  serverUrl: SERVER_URL,
  flags,
} = benchCommandLine(['profile']);
/** One request at a time (the event's cost in ms), and the load the other benches put on. */
const CONCURRENCY = [1, 50] as const;
/** One family per connection: no connection waits for another's row lock. */
const FAMILIES = Math.max(...CONCURRENCY);
const WARMUP_SECONDS = 3;
/** The event costs little: p50 at most 10 % or half a millisecond above the request without it. */
const TARGET = { p50Ratio: 1.1, p50ExtraMs: 0.5 };
const FIXTURE = path.join(root, 'packages/server/test/fixtures/rfa/family-2020.rfa');
const date = new Date().toISOString().slice(0, 10);

type TSide = 'with' | 'without';
type TCallKey = 'save' | 'download';
type TFamily = { id: number; name: string };

const CALLS: ReadonlyArray<{ key: TCallKey; name: string; kind: string }> = [
  { key: 'save', name: 'POST /api/family/update (a name)', kind: 'family.update' },
  {
    key: 'download',
    name: 'GET /api/family/download/content/:id?ticket= (a 260 KiB .rfa)',
    kind: 'family.download',
  },
];

if (flags.profile) {
  console.log('activity: no profile for this bench (--profile); skipped');
  process.exit(0);
}

const run = startBenchRun({ serverUrl: SERVER_URL, maxMinutes: 20, label: 'activity' });
const { started, loadAverageAtStart, work, databaseName, databaseUrl, admin, cleanUp, say } = run;
const stopChild = (child: { stop(): Promise<void> }) => stopBenchChild(run, child);

async function postJson<T>(portal: TChildServer, route: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${portal.url}${route}`, {
    method: 'POST',
    signal: AbortSignal.timeout(60_000),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${route} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/**
 * FAMILIES families of the company, each uploaded and saved as the new-family page does it, each
 * from the fixture with a serial number in its header's reserved bytes (0x22, which neither .rfa
 * reader looks at), so each has a file of its own.
 */
async function seedFamilies(portal: TChildServer, token: string, companyId: number): Promise<TFamily[]> {
  const source = fs.readFileSync(FIXTURE);
  const families: TFamily[] = [];
  for (let n = 1; n <= FAMILIES; n++) {
    const bytes = Buffer.from(source);
    bytes.writeUInt32LE(n, 0x22);
    const form = new FormData();
    form.append('file', new Blob([bytes]), `activity-bench-${n}.rfa`);
    const uploaded = await fetch(`${portal.url}/api/family/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
    const upload = (await uploaded.json()) as { upload?: { uploadId: string } };
    if (uploaded.status !== 200 || !upload.upload)
      throw new Error(`/family/upload answered ${uploaded.status}: ${JSON.stringify(upload).slice(0, 500)}`);
    const name = `Activity bench family ${n}`;
    const saved = await postJson<{ revitFamilyInfos: Array<{ revitFamilyId: number }> }>(
      portal,
      '/api/family/save',
      token,
      {
        revitFamilyInfos: [{ revitFamilyName: name, revitFamilyUploadId: upload.upload.uploadId, companyId }],
      },
    );
    families.push({ id: saved.revitFamilyInfos[0]!.revitFamilyId, name });
  }
  return families;
}

/** A ticket link per family, from this portal (they last a minute: asked before each load). */
async function ticketLinks(portal: TChildServer, token: string, families: TFamily[]): Promise<string[]> {
  const links: string[] = [];
  for (const family of families) {
    const ticket = await postJson<{ url: string }>(portal, '/api/family/download/ticket', token, {
      revitFamilyId: family.id,
    });
    links.push(ticket.url);
  }
  return links;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const hundredths = (value: number) => Math.round(value * 100) / 100;

/** Sequence of loads, so every rename of a run sets a name the family does not have yet. */
let loads = 0;

/**
 * One call at `connections` for `seconds`, connection n on family n. The latencies are taken from
 * each answer's own time (autocannon's histogram keeps whole milliseconds, too coarse at one
 * connection); only 2xx answers count, as in autocannon's figures.
 */
async function loadCall(
  portal: TChildServer,
  call: TCallKey,
  families: TFamily[],
  token: string,
  connections: number,
  seconds: number,
): Promise<TLoadResult & { requestsSent: number }> {
  const links = call === 'download' ? await ticketLinks(portal, token, families) : [];
  const load = ++loads;
  let nextClient = 0;
  const setupClient = (client: autocannon.Client) => {
    const n = nextClient++ % families.length;
    if (call === 'download') {
      client.setRequests([{ method: 'GET', path: links[n]! }]);
      return;
    }
    const family = families[n]!;
    let renames = 0;
    client.setRequests([
      {
        method: 'POST',
        path: '/api/family/update',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            revitFamilyInfos: [
              { revitFamilyId: family.id, revitFamilyName: `${family.name} (${load}.${++renames})` },
            ],
          }),
        }),
      },
    ]);
  };
  const latencies: number[] = [];
  const cpuBefore = await portal.cpuMs();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: portal.url, connections, duration: seconds, setupClient },
      (error: unknown, answer) =>
        error
          ? reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error }))
          : resolve(answer),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 300) latencies.push(responseTime);
    });
  });
  const cpuAfter = await portal.cpuMs();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: hundredths(result.requests.total / seconds),
    requests: result.requests.total,
    requestsSent: result.requests.sent,
    latencyMs: {
      average: hundredths(latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, latencies.length)),
      p50: hundredths(percentile(latencies, 50)),
      p90: hundredths(percentile(latencies, 90)),
      p99: hundredths(percentile(latencies, 99)),
      max: hundredths(latencies.at(-1) ?? 0),
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(result.requests.total > 0
      ? { serverCpuMsPerRequest: Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 1000) / 1000 }
      : {}),
  };
}

type TSideResult = TLoadResult & { requestsSent: number; activityRowsPerRequest: number };

/** The rows of `kind` in the log now (both portals write to the one database). */
async function rowsOf(kind: string): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from activity where kind = $1',
      [kind],
    );
    return rows[0]!.n;
  } finally {
    await db.end();
  }
}

/**
 * The rows of `kind` once the requests a load left in flight (autocannon stops waiting for them,
 * the portal still answers them) have committed: the count unchanged for half a second.
 */
async function settledRowsOf(kind: string): Promise<number> {
  let count = await rowsOf(kind);
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await rowsOf(kind);
    if (now === count) break;
    count = now;
  }
  return count;
}

/** A warm-up, then the measured load, with the activity rows it wrote per request sent. */
async function measureSide(
  portal: TChildServer,
  call: (typeof CALLS)[number],
  families: TFamily[],
  token: string,
  connections: number,
): Promise<TSideResult> {
  await loadCall(portal, call.key, families, token, connections, WARMUP_SECONDS);
  const before = await settledRowsOf(call.kind);
  const result = await loadCall(portal, call.key, families, token, connections, SECONDS);
  const written = (await settledRowsOf(call.kind)) - before;
  return { ...result, activityRowsPerRequest: hundredths(written / Math.max(1, result.requestsSent)) };
}

type TRound = {
  first: TSide;
  p50Ratio: number;
  p99Ratio: number;
  rateRatio: number;
  withP50Ms: number;
  withoutP50Ms: number;
  withP99Ms: number;
  withoutP99Ms: number;
  withCpuMsPerRequest: number | undefined;
  withoutCpuMsPerRequest: number | undefined;
};

type TMeasured = {
  call: (typeof CALLS)[number];
  connections: number;
  /** The two sides of the round whose p50 ratio is the median. */
  with: TSideResult;
  without: TSideResult;
  p50Ratio: number;
  p99Ratio: number;
  /** Requests per second with the row over without it (below 1: slower). */
  rateRatio: number;
  /** The median round's p50 with the row minus without it. */
  p50ExtraMs: number;
  /** Portal CPU per request with the row minus without it, median round. */
  cpuExtraMs: number | undefined;
  met: boolean;
  rounds: TRound[];
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ratioOf = (a: number, b: number) => (b > 0 ? hundredths(a / b) : 0);

/** Both sides in ROUNDS rounds, the order flipped every round (the machine's speed drifts). */
async function measureCall(
  portals: Record<TSide, { portal: TChildServer; token: string }>,
  call: (typeof CALLS)[number],
  families: TFamily[],
  connections: number,
): Promise<TMeasured> {
  const runs: Array<{ with: TSideResult; without: TSideResult; round: TRound }> = [];
  for (let n = 0; n < ROUNDS; n++) {
    const order: TSide[] = n % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
    const sides: Partial<Record<TSide, TSideResult>> = {};
    for (const side of order) {
      say(`${call.name}, ${connections} connection${connections > 1 ? 's' : ''}, ${side} the activity row`);
      sides[side] = await measureSide(portals[side].portal, call, families, portals[side].token, connections);
    }
    const [withRow, without] = [sides.with!, sides.without!];
    runs.push({
      with: withRow,
      without,
      round: {
        first: order[0]!,
        p50Ratio: ratioOf(withRow.latencyMs.p50, without.latencyMs.p50),
        p99Ratio: ratioOf(withRow.latencyMs.p99, without.latencyMs.p99),
        rateRatio: ratioOf(withRow.requestsPerSecond, without.requestsPerSecond),
        withP50Ms: withRow.latencyMs.p50,
        withoutP50Ms: without.latencyMs.p50,
        withP99Ms: withRow.latencyMs.p99,
        withoutP99Ms: without.latencyMs.p99,
        withCpuMsPerRequest: withRow.serverCpuMsPerRequest,
        withoutCpuMsPerRequest: without.serverCpuMsPerRequest,
      },
    });
  }
  const middle = [...runs].sort((a, b) => a.round.p50Ratio - b.round.p50Ratio)[Math.floor(runs.length / 2)]!;
  const p50ExtraMs = hundredths(middle.with.latencyMs.p50 - middle.without.latencyMs.p50);
  const p50Ratio = middle.round.p50Ratio;
  const cpu = [middle.with.serverCpuMsPerRequest, middle.without.serverCpuMsPerRequest];
  return {
    call,
    connections,
    with: middle.with,
    without: middle.without,
    p50Ratio,
    p99Ratio: median(runs.map((each) => each.round.p99Ratio)),
    rateRatio: median(runs.map((each) => each.round.rateRatio)),
    p50ExtraMs,
    cpuExtraMs:
      cpu[0] !== undefined && cpu[1] !== undefined ? Math.round((cpu[0] - cpu[1]) * 1000) / 1000 : undefined,
    met: p50Ratio <= TARGET.p50Ratio || p50ExtraMs <= TARGET.p50ExtraMs,
    rounds: runs.map((each) => each.round),
  };
}

const clean = (result: TSideResult) => result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;

async function measure(families: TFamily[]) {
  const on = await startBenchPortal(run, { env: { ACTIVITY_LOG: 'on' } });
  const off = await startBenchPortal(run, { env: { ACTIVITY_LOG: 'off' } });
  const measured: TMeasured[] = [];
  try {
    const portals = {
      with: { portal: on, token: await signInAsAdmin(on) },
      without: { portal: off, token: await signInAsAdmin(off) },
    };
    for (const call of CALLS)
      for (const connections of CONCURRENCY)
        measured.push(await measureCall(portals, call, families, connections));
  } finally {
    await stopChild(on);
    await stopChild(off);
  }
  const checks = {
    cheap: measured.every((entry) => entry.met),
    clean: measured.every((entry) => clean(entry.with) && clean(entry.without)),
    // The switch did what it says: a row per request with it, none without.
    recorded: measured.every(
      (entry) =>
        Math.abs(entry.with.activityRowsPerRequest - 1) <= 0.05 && entry.without.activityRowsPerRequest === 0,
    ),
  };
  const met = Object.values(checks).every(Boolean);
  const report = {
    date: new Date().toISOString(),
    ...sourceVersion(),
    short: SHORT,
    ...(await machineOf(admin)),
    loadAverageAtStart,
    families: FAMILIES,
    secondsPerMeasurement: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    rounds: ROUNDS,
    caller: 'the admin, signed in',
    target: TARGET,
    checks,
    met,
    calls: measured.map((entry) => ({
      name: entry.call.name,
      kind: entry.call.kind,
      connections: entry.connections,
      with: entry.with,
      without: entry.without,
      p50Ratio: entry.p50Ratio,
      p99Ratio: entry.p99Ratio,
      rateRatio: entry.rateRatio,
      p50ExtraMs: entry.p50ExtraMs,
      cpuExtraMs: entry.cpuExtraMs,
      met: entry.met,
      eachRound: entry.rounds,
    })),
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  const name = `activity-postgres-${date}${SHORT ? '-short' : ''}`;
  const ms = (value: number) => value.toFixed(2);
  const table = [
    '| call | connections | with the row: p50 / p99 | without: p50 / p99 | p50 ratio (each round) | p99 ratio | req/s with / without | portal CPU per request with / without | rows per request with / without | target | verdict |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...measured.map((entry) => {
      const each =
        entry.rounds.length > 1
          ? ` (${entry.rounds.map((round) => round.p50Ratio.toFixed(2)).join(', ')})`
          : '';
      const cpu = `${entry.with.serverCpuMsPerRequest?.toFixed(2) ?? ''} / ${entry.without.serverCpuMsPerRequest?.toFixed(2) ?? ''} ms`;
      return `| ${entry.call.name} | ${entry.connections} | ${ms(entry.with.latencyMs.p50)} / ${ms(entry.with.latencyMs.p99)} ms | ${ms(entry.without.latencyMs.p50)} / ${ms(entry.without.latencyMs.p99)} ms | ${entry.p50Ratio.toFixed(2)}${each} (${entry.p50ExtraMs >= 0 ? '+' : ''}${ms(entry.p50ExtraMs)} ms) | ${entry.p99Ratio.toFixed(2)} | ${Math.round(entry.with.requestsPerSecond)} / ${Math.round(entry.without.requestsPerSecond)} (${entry.rateRatio.toFixed(2)}) | ${cpu} | ${entry.with.activityRowsPerRequest} / ${entry.without.activityRowsPerRequest} | p50 ≤ ${TARGET.p50Ratio}x or + ${TARGET.p50ExtraMs} ms | ${entry.met ? 'met' : '**missed**'} |`;
    }),
  ].join('\n');
  const conditions = `${date}, ${report.cpus}, Node ${report.node}, PostgreSQL ${report.postgres}, two portals on one database (ACTIVITY_LOG=on and off), ${FAMILIES} families (one per connection), ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up, ${ROUNDS === 1 ? 'one round' : `the median of ${ROUNDS} rounds, the order flipped every round`}, load average ${loadAverageAtStart[0]} at the start${SHORT ? ' (a short run: for direction only, not figures to publish)' : ''}`;
  const verdict = met
    ? 'met'
    : `**missed** (${Object.entries(checks)
        .filter(([, ok]) => !ok)
        .map(([check]) => check)
        .join(', ')})`;
  const block = `${conditions}; verdict: ${verdict}.\n\n${table}`;
  // A short run checks the bench; only a full one replaces the published figures.
  const written = publishResults(root, name, report, block, { part: 'activity', toDocs: !SHORT });
  say(written);
}

if (loadAverageAtStart[0]! > os.cpus().length)
  console.warn(
    `The machine is busy (load average ${loadAverageAtStart[0]} on ${os.cpus().length} cores): every figure will be slow and noisy.`,
  );
try {
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  say(`database ${databaseName}: migrating, then ${FAMILIES} families through the portal`);
  const migrating = await openDatabase({ databaseUrl });
  await migrating.close();
  const seeding = new pg.Client({ connectionString: databaseUrl });
  await seeding.connect();
  let companyId: number;
  try {
    const { rows } = await seeding.query<{ id: number }>(
      "insert into companies (name) values ('Activity bench') returning id",
    );
    companyId = rows[0]!.id;
  } finally {
    await seeding.end();
  }
  // The portal's first start makes the built-in roles and the administrator; it saves the families too.
  const first = await startBenchPortal(run, { logFile: path.join(work, 'seed-portal.log') });
  let families: TFamily[];
  try {
    families = await seedFamilies(first, await signInAsAdmin(first), companyId);
  } finally {
    await stopChild(first);
  }
  say('seeded; measuring');
  await measure(families);
} finally {
  await cleanUp();
  say('done; bench database dropped');
}
