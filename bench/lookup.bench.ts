/**
 * The lookup design tools call (issue 23) on the PostgreSQL server: GET
 * /api/placement-rules/diKeeperGet over 5,000 scenarios and 10,000 placement rules, a mix of
 * LOOKUPS different lookups at 50 connections with a lookup-scoped API token, as a Revit add-in
 * sends them, beside the same SQL (each lookup's statements, captured from the server log)
 * replayed by pgbench at the same concurrency in the same run; and the EXPLAIN (ANALYZE, BUFFERS)
 * of the rules statement with the indexes it reads. npm run bench runs it after bulk.bench.ts;
 * `npm run bench:lookup [-- --seconds n --rounds n]` alone (`--seconds 3 --rounds 1` for a quick
 * check, whose figures go to a `-short` file and not into docs/performance.md); `--profile`: a CPU
 * profile of the portal under the mix instead.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { startBenchRun, machineOf } from './lib/bench-run.ts';
import type { TChildServer } from './lib/child-server.ts';
import { summariseProfile, type TCpuProfile } from './lib/cpu-profile.ts';
import { plansOf, type TStatementPlan } from './lib/families-report.ts';
import type { TLoadResult, TRequest } from './lib/load.ts';
import {
  captureCallStatements,
  signInAsAdmin,
  startBenchPortal,
  stopChild as stopBenchChild,
} from './lib/portal.ts';
import { alternateRounds, benchCommandLine, PGBENCH_THREADS, type TAlternated } from './lib/rounds.ts';
import { seedLookup, type TSeededLookup, type TSeededRule } from './lib/seed-lookup.ts';
import { serverLogFile, type TCapture } from './lib/sql-capture.ts';
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
const SCENARIOS = 5_000;
const RULES = 10_000;
const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
/** Different lookups in the mix: each connection sends them in turn, pgbench picks among their SQL. */
const LOOKUPS = 16;
const TARGET = { ratio: 0.5, p99Ms: 20 };
/** The index the rules statement must read (packages/server/src/db/schema/content.ts). */
const LOOKUP_INDEX = 'placement_rules_lookup_idx';
const date = new Date().toISOString().slice(0, 10);

type TLookup = { key: string; name: string; query: Record<string, string> };

/**
 * LOOKUPS lookups, each from a published rule spread evenly over the seed: its type, its material
 * (when it names one), a size inside its range; every third also the fire rating its scenario
 * meets, every fourth the construction element. Each finds at least that rule, as a design tool
 * asking about a service its model holds would.
 */
function lookupsOf(sample: TSeededRule[]): TLookup[] {
  return Array.from({ length: LOOKUPS }, (_, n) => {
    const rule = sample[Math.floor(((n + 0.5) * sample.length) / LOOKUPS)]!;
    const low = rule.low ?? 0;
    const size = rule.high === null ? low + 10 : Math.round((low + rule.high) / 2);
    // Half in capitals, as another tool's own spelling: the lookup takes a code in any case.
    const spelled = (code: string) => (n % 2 ? code.toUpperCase() : code);
    const query: Record<string, string> = { TypeCode: spelled(rule.typeCode), ServiceSize: String(size) };
    if (rule.materialCode !== null) query.MaterialCode = spelled(rule.materialCode);
    if (n % 3 === 0) query.FireRating = rule.fireRating;
    if (n % 4 === 0 && rule.constructionElement !== null)
      query.ConstructionElement = rule.constructionElement;
    return { key: `lookup-${n + 1}`, name: new URLSearchParams(query).toString(), query };
  });
}

const run = startBenchRun({ serverUrl: SERVER_URL, maxMinutes: 20, label: 'lookup' });
const { started, loadAverageAtStart, work, databaseName, databaseUrl, admin, cleanUp, say } = run;
const stopChild = (child: { stop(): Promise<void> }) => stopBenchChild(run, child);

const pathOf = (lookup: TLookup) => `/api/placement-rules/diKeeperGet?${new URLSearchParams(lookup.query)}`;

function requestOf(lookup: TLookup, portal: TChildServer, apiToken: string): TRequest {
  return {
    method: 'GET',
    url: `${portal.url}${pathOf(lookup)}`,
    headers: { authorization: `Bearer ${apiToken}` },
  };
}

type TAnswerCount = { records: number; nearMisses: number };

/** Sends the lookup once and fails unless it answers 200; answers how many records and misses. */
async function checkLookup(request: TRequest): Promise<TAnswerCount> {
  const response = await fetch(request.url, {
    signal: AbortSignal.timeout(30_000),
    ...(request.headers ? { headers: request.headers } : {}),
  });
  const body = (await response.json()) as { placementRuleInfos?: unknown[]; nearMisses?: unknown[] };
  if (response.status !== 200)
    throw new Error(`GET ${request.url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { records: body.placementRuleInfos?.length ?? 0, nearMisses: body.nearMisses?.length ?? 0 };
}

/** A lookup-scoped API token made by the admin through the tokens route, as on the tokens screen. */
async function makeApiToken(portal: TChildServer): Promise<string> {
  const response = await fetch(`${portal.url}/api/token/save`, {
    method: 'POST',
    signal: AbortSignal.timeout(30_000),
    headers: { authorization: `Bearer ${await signInAsAdmin(portal)}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      apiTokenInfos: [
        {
          apiTokenName: 'Revit add-in (bench)',
          scopes: ['lookup'],
          validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        },
      ],
    }),
  });
  const body = (await response.json()) as { apiTokenInfos?: Array<{ token?: string }> };
  const token = body.apiTokenInfos?.[0]?.token;
  if (response.status !== 200 || !token)
    throw new Error(`/token/save answered ${response.status}: ${JSON.stringify(body)}`);
  return token;
}

/** The mix through the portal: every connection sends the lookups in turn (autocannon's `requests`). */
async function loadMix(
  portal: TChildServer,
  lookups: TLookup[],
  apiToken: string,
  seconds: number,
): Promise<TLoadResult> {
  const cpuBefore = await portal.cpuMs();
  const result = await autocannon({
    url: portal.url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${apiToken}` },
    requests: lookups.map((lookup) => ({ method: 'GET' as const, path: pathOf(lookup) })),
  });
  const cpuAfter = await portal.cpuMs();
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    latencyMs: {
      average: result.latency.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(result.requests.total > 0
      ? { serverCpuMsPerRequest: Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 1000) / 1000 }
      : {}),
  };
}

/**
 * One lookup's statements as a pgbench script, one transaction per lookup. Statements the portal
 * ran prepared are prepared once per connection under names of this script's own (the scripts
 * share each connection), as `replayScript` in lib/pgbench.ts does for one call.
 */
function mixScript(capture: TCapture, n: number): string {
  if (!capture.prepared) return `${capture.statements.join(';\n')};\n`;
  const names = capture.statements.map((_, index) => `bench_${n}_${index + 1}`);
  return [
    `\\if :prepared_${n} = 0`,
    ...capture.statements.map((statement, index) => `PREPARE ${names[index]} AS ${statement};`),
    `\\set prepared_${n} 1`,
    '\\endif',
    ...names.map((name) => `EXECUTE ${name};`),
    '',
  ].join('\n');
}

type TMixReplay = {
  kind: 'pgbench';
  perSecond: number;
  p99Ms: number;
  transactions: number;
  failed: number;
  latencyMs: { average: number; p50: number; p99: number; max: number };
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const hundredths = (value: number) => Math.round(value * 100) / 100;

/** Every lookup's SQL at once in pgbench, each script weighted alike (`-f script@1`), like the mix. */
async function replayMix(captures: TCapture[], seconds: number): Promise<TMixReplay> {
  const scripts = captures.map((capture, n) => {
    const file = path.join(work, `lookup-${n + 1}.sql`);
    fs.writeFileSync(file, mixScript(capture, n + 1));
    return file;
  });
  const logDir = fs.mkdtempSync(path.join(work, 'pgbench-log-'));
  try {
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        'pgbench',
        [
          '-n',
          '-c',
          String(CONNECTIONS),
          '-j',
          String(PGBENCH_THREADS),
          '-T',
          String(seconds),
          ...captures.flatMap((_, n) => ['-D', `prepared_${n + 1}=0`]),
          ...scripts.flatMap((file) => ['-f', `${file}@1`]),
          '-l',
          '--log-prefix',
          path.join(logDir, 'tx'),
          databaseUrl,
        ],
        { cwd: work, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) =>
          error
            ? reject(new Error(`pgbench failed: ${error.message}\n${stdout}${stderr}`))
            : resolve(stdout + stderr),
      );
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
    const processed = /number of transactions actually processed: (\d+)/.exec(output);
    const failed = /number of failed transactions: (\d+)/.exec(output);
    if (!tps || !processed) throw new Error(`cannot read pgbench's output:\n${output}`);
    // Per-transaction log lines: client_id transaction_no time_us script_no epoch epoch_us.
    const latencies: number[] = [];
    for (const file of fs.readdirSync(logDir))
      for (const line of fs.readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
      }
    latencies.sort((a, b) => a - b);
    const average = latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, latencies.length);
    const p99 = hundredths(percentile(latencies, 99));
    return {
      kind: 'pgbench',
      perSecond: Number(tps[1]),
      p99Ms: p99,
      transactions: Number(processed[1]),
      failed: failed ? Number(failed[1]) : 0,
      latencyMs: {
        average: hundredths(average),
        p50: hundredths(percentile(latencies, 50)),
        p99,
        max: hundredths(latencies.at(-1) ?? 0),
      },
    };
  } finally {
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}

/** The rules statement of one lookup: the SELECT that reads placement_rules. */
const rulesStatementOf = (capture: TCapture) =>
  capture.statements.findIndex((statement) => /^\s*select\b[\s\S]*\bfrom "placement_rules"/i.test(statement));

/**
 * The plans of the first lookup's SELECTs (it asks the most: type, material, size, fire rating and
 * construction element), twice: the first warms the cache, the second is kept.
 */
async function mainPlan(capture: TCapture): Promise<{ plan: TStatementPlan; all: TStatementPlan[] }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await plansOf(db, capture);
    const all = await plansOf(db, capture);
    const position = rulesStatementOf(capture) + 1;
    const plan = all.find((entry) => entry.statement === position);
    if (!plan)
      throw new Error(
        `the lookup sent no statement reading placement_rules:\n${capture.statements.join('\n')}`,
      );
    return { plan, all };
  } finally {
    await db.end();
  }
}

/**
 * True when the plan reads the rules through LOOKUP_INDEX with the material and the size bounds in
 * its Index Cond, not only the type: with the type alone, every rule of that type is read from the
 * table and filtered there.
 */
function keyedByIndex(plan: string): boolean {
  const lines = plan.split('\n');
  return lines.some(
    (line, at) =>
      new RegExp(`Index Scan (?:Backward )?(?:using|on) ${LOOKUP_INDEX}\\b`).test(line) &&
      /Index Cond: .*material_code.*service_size_range_low.*service_size_range_high/.test(
        lines[at + 1] ?? '',
      ),
  );
}

const number = (value: number) => Math.round(value).toLocaleString('en');

/** The mix through the portal beside its SQL in pgbench; the plan; the report. */
async function measure(lookups: TLookup[], apiToken: string, seeded: TSeededLookup, logFile: string) {
  const captured = await captureCallStatements(run, {
    calls: lookups,
    serverLog: logFile,
    portalLog: path.join(work, 'portal-capture.log'),
    requestOf: (lookup, portal) => requestOf(lookup, portal, apiToken),
    check: checkLookup,
    // What a lookup asked for the first time sends, not the remembered answer's nothing.
    env: { LOOKUP_ANSWER_TTL_MS: '0' },
  });
  const captures = lookups.map((lookup) => captured[lookup.key]!);
  const planned = 0;
  const { plan, all } = await mainPlan(captures[planned]!);
  const indexed = keyedByIndex(plan.plan);

  // Twice: as the portal runs (whole answers remembered for 3 s and forgotten on any write), and
  // with every lookup read afresh, as the first lookup of a new question is.
  const modes = [
    { name: 'answers remembered (as shipped)', env: {} },
    { name: 'every lookup read afresh (LOOKUP_ANSWER_TTL_MS=0)', env: { LOOKUP_ANSWER_TTL_MS: '0' } },
  ];
  let answers: TAnswerCount[] = [];
  const measuredModes: Array<{ name: string; measured: TAlternated<TMixReplay> }> = [];
  for (const mode of modes) {
    const portal = await startBenchPortal(run, { env: mode.env });
    try {
      answers = [];
      for (const lookup of lookups) answers.push(await checkLookup(requestOf(lookup, portal, apiToken)));
      const measured = await alternateRounds(
        ROUNDS,
        async () => {
          say(`${LOOKUPS} lookups through the portal, ${mode.name}`);
          await loadMix(portal, lookups, apiToken, WARMUP_SECONDS);
          return loadMix(portal, lookups, apiToken, SECONDS);
        },
        () => {
          say('their SQL in pgbench');
          return replayMix(captures, SECONDS);
        },
      );
      measuredModes.push({ name: mode.name, measured });
    } finally {
      await stopChild(portal);
    }
  }
  const [shipped, afresh] = measuredModes.map((mode) => mode.measured) as [
    TAlternated<TMixReplay>,
    TAlternated<TMixReplay>,
  ];
  const { api, reference, ratio, p99Ms, rounds } = shipped;
  const checks = {
    ratio: ratio >= TARGET.ratio,
    p99: p99Ms < TARGET.p99Ms,
    ratioAfresh: afresh.ratio >= TARGET.ratio,
    indexed,
    clean: measuredModes.every(
      ({ measured }) =>
        measured.api.non2xx === 0 &&
        measured.api.errors === 0 &&
        measured.api.timeouts === 0 &&
        measured.reference.failed === 0,
    ),
  };
  const met = Object.values(checks).every(Boolean);
  const report = {
    date: new Date().toISOString(),
    ...sourceVersion(),
    short: SHORT,
    ...(await machineOf(admin)),
    loadAverageAtStart,
    seeded: {
      scenarios: seeded.scenarios,
      rules: seeded.rules,
      families: seeded.families,
      publishedRules: seeded.publishedRules,
    },
    connections: CONNECTIONS,
    pgbenchThreads: PGBENCH_THREADS,
    secondsPerMeasurement: SECONDS,
    rounds: ROUNDS,
    warmupSeconds: WARMUP_SECONDS,
    caller: 'API token of scope lookup, made by the admin (every company)',
    lookups: lookups.map((lookup, n) => ({
      path: pathOf(lookup),
      answer: answers[n],
      prepared: captures[n]!.prepared,
      statements: captures[n]!.statements,
    })),
    api,
    reference,
    ratio,
    p99Ms,
    eachRound: rounds,
    afresh: {
      api: afresh.api,
      reference: afresh.reference,
      ratio: afresh.ratio,
      p99Ms: afresh.p99Ms,
      eachRound: afresh.rounds,
    },
    target: TARGET,
    checks,
    met,
    plan: { lookup: planned + 1, statement: plan.statement, indexes: plan.indexes, text: plan.plan },
    otherPlans: all.filter((entry) => entry !== plan),
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  const name = `lookup-postgres-${date}${SHORT ? '-short' : ''}`;
  const found = answers.filter((answer) => answer.records > 0).length;
  const conditions = `${date}, ${report.cpus}, Node ${report.node}, PostgreSQL ${report.postgres}, ${number(SCENARIOS)} scenarios and ${number(RULES)} placement rules (${number(seeded.publishedRules)} published), ${LOOKUPS} lookups (${found} with matches) through a lookup-scoped API token, ${CONNECTIONS} connections, ${SECONDS} s each, ${ROUNDS === 1 ? 'one round' : `median of ${ROUNDS} alternating rounds`}, load average ${loadAverageAtStart[0]} at the start`;
  const verdict = met
    ? 'met'
    : `**missed** (${Object.entries(checks)
        .filter(([, ok]) => !ok)
        .map(([check]) => check)
        .join(', ')})`;
  const row = (name: string, measured: TAlternated<TMixReplay>, target: string, verdictOf: string) => {
    const each =
      measured.rounds.length > 1
        ? ` (${measured.rounds.map((round) => round.ratio.toFixed(2)).join(', ')})`
        : '';
    return `| GET /api/placement-rules/diKeeperGet, ${LOOKUPS} lookups in turn, ${name} | ${number(measured.api.requestsPerSecond)} | ${measured.api.latencyMs.p50} / ${measured.p99Ms} ms | ${number(measured.reference.perSecond)} tps | ${measured.reference.latencyMs.p50} / ${measured.reference.p99Ms} ms | ${measured.ratio.toFixed(2)}${each} | ${measured.api.serverCpuMsPerRequest?.toFixed(2) ?? ''} ms | ${target} | ${verdictOf} |`;
  };
  const table = [
    '| call | API req/s | API p50 / p99 | its SQL in pgbench, same run | SQL p50 / p99 | ratio (each round) | portal CPU per request | target | verdict |',
    '|---|---|---|---|---|---|---|---|---|',
    row(
      modes[0]!.name,
      shipped,
      `≥ ${TARGET.ratio}x, p99 < ${TARGET.p99Ms} ms, rules read by ${LOOKUP_INDEX} on type, material and size`,
      verdict,
    ),
    row(modes[1]!.name, afresh, `≥ ${TARGET.ratio}x`, checks.ratioAfresh ? 'met' : '**missed**'),
  ].join('\n');
  const planText = `The rules statement's plan (lookup ${planned + 1}: \`${lookups[planned]!.name}\`; statement ${plan.statement} of ${captures[planned]!.statements.length}; EXPLAIN (ANALYZE, BUFFERS) on the warm bench database; indexes read: ${plan.indexes.join(', ') || 'none'}):\n\n\`\`\`\n${plan.plan}\n\`\`\``;
  const block = `${conditions}.\n\n${table}\n\n${planText}`;
  // A short run checks the bench; only a full one replaces the published figures.
  const written = publishResults(root, name, report, block, { part: 'lookup', toDocs: !SHORT });
  say(
    `${indexed ? `the rules read ${LOOKUP_INDEX} on type, material and size` : `the rules do NOT read ${LOOKUP_INDEX} on type, material and size`}; ${written}`,
  );
}

/** A CPU profile of the portal under the mix, start-up and warm-up left out. */
async function profile(lookups: TLookup[], apiToken: string) {
  const portal = await startBenchPortal(run);
  let loaded: TLoadResult;
  const file = path.join(root, 'bench', 'results', 'profiles', `lookup-${date}.cpuprofile`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    for (const lookup of lookups) await checkLookup(requestOf(lookup, portal, apiToken));
    await loadMix(portal, lookups, apiToken, WARMUP_SECONDS);
    await portal.ask({ profile: 'start' }, 'profiling');
    loaded = await loadMix(portal, lookups, apiToken, SECONDS);
    await portal.ask({ profile: 'stop', file }, 'profiled');
  } finally {
    await stopChild(portal);
  }
  const summary = summariseProfile(JSON.parse(fs.readFileSync(file, 'utf8')) as TCpuProfile, root);
  console.log(
    `\n${LOOKUPS} lookups: ${loaded.requestsPerSecond} req/s while profiled, ${loaded.serverCpuMsPerRequest} ms CPU per request, idle ${summary.idlePercent}%`,
  );
  console.log('self time charged to the nearest package or portal source (% of busy):');
  for (const share of summary.selfByOwner.slice(0, 15)) console.log(`  ${share.percent}%  ${share.name}`);
  console.log('top functions by self time (% of busy):');
  for (const share of summary.topFunctions.slice(0, 20)) console.log(`  ${share.percent}%  ${share.name}`);
  const out = path.join(root, 'bench', 'results', `profile-lookup-postgres-${date}.json`);
  fs.writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), ...sourceVersion(), node: process.version, connections: CONNECTIONS, seconds: SECONDS, load: loaded, summary }, null, 2)}\n`,
  );
  say(`written to ${path.relative(root, out)}; the raw profile in bench/results/profiles/`);
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
    `database ${databaseName}: migrating and seeding ${number(SCENARIOS)} scenarios, ${number(RULES)} rules`,
  );
  const migrating = await openDatabase({ databaseUrl });
  await migrating.close();
  // The portal's first start makes the built-in roles and the administrator; it makes the token too.
  const first = await startBenchPortal(run);
  let apiToken: string;
  try {
    apiToken = await makeApiToken(first);
  } finally {
    await stopChild(first);
  }
  const seeding = new pg.Client({ connectionString: databaseUrl });
  await seeding.connect();
  let seeded: TSeededLookup;
  try {
    seeded = await seedLookup(seeding, SCENARIOS, RULES);
  } finally {
    await seeding.end();
  }
  const lookups = lookupsOf(seeded.sample);
  say(
    `seeded; ${number(seeded.publishedRules)} rules published, ${seeded.families} families; capturing the SQL of ${LOOKUPS} lookups`,
  );
  if (flags.profile) await profile(lookups, apiToken);
  else await measure(lookups, apiToken, seeded, logFile!);
} finally {
  await cleanUp();
  say('done; bench database dropped');
}
