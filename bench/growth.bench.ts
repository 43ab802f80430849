/**
 * How each hot call's time grows with the data (issue 27, "Cost growth"): for each size N (1,000,
 * 10,000 and 100,000 families; `--sizes 1000,5000` for others), on each database (a fresh
 * PostgreSQL database on the server, then a fresh PGlite data folder), seeds the demo by
 * `seed:demo --size large`'s own function at N families (people and price items at the seed's
 * scale for N), starts the built portal and measures, at 1 and at 10 connections (latency, not
 * throughput: p50, p99 and the rate, timed to the microsecond by lib/latency.ts):
 * - the first page of 50 families by name, and the last page (the deepest offset);
 * - a family search for the seed's word ('acoustic', one family in a hundred);
 * - the import of a price list of N rows (.xlsx, lib/prices-sheet.ts), timed whole, median of runs.
 * Each call's growth is classified from its 1-connection p50s across the sizes by the rule of
 * lib/growth.ts, and explained by EXPLAIN ANALYZE of the SQL the call sent on PostgreSQL (captured
 * from the server's log as the other benches capture it): the rows its scans read at each size.
 * Writes results/growth-<date>.json and .md (`-short` for fewer seconds or rounds) and the block
 * between the `bench:growth` markers in docs/performance.md.
 * `npm run bench:growth [-- --sizes 1000,10000 --seconds n --rounds n --import-runs n]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { LARGE_SIZE, SEARCH_WORD } from '../packages/server/src/demo/seed-demo.ts';
import { pgliteReportHead, startBenchRun } from './lib/bench-run.ts';
import type { TChildServer } from './lib/child-server.ts';
import { classifyGrowth, GROWTH_RULE, type TGrowth } from './lib/growth.ts';
import { timedLoad } from './lib/latency.ts';
import { checkCall, type TCallAnswer, type TLoadResult, type TRequest } from './lib/load.ts';
import { explainCall, heaviest, type TPlanSummary } from './lib/plan-summary.ts';
import {
  BENCH_LOG_LEVEL,
  captureCallStatements,
  signInAsAdmin,
  startBenchPortal,
  stopChild,
} from './lib/portal.ts';
import { createPriceList, importPriceList } from './lib/prices-import.ts';
import { sheetRows, writeSheet } from './lib/prices-sheet.ts';
import { publishResults } from './lib/report.ts';
import { benchCommandLine } from './lib/rounds.ts';
import { seedBenchDemo } from './lib/seed-demo.ts';
import { serverLogFile } from './lib/sql-capture.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {
  seconds: SECONDS,
  rounds: ROUNDS,
  short: SHORT,
  serverUrl: SERVER_URL,
  options,
} = benchCommandLine([], { sizes: '1000,10000,100000', 'import-runs': '3' }, { seconds: 5, rounds: 3 });

/** The sizes, ascending: whole numbers of families from 500 (the demo library's own 100 or so
 * families count towards them) to 200,000 (a price list holds at most 200,000 items). */
function sizesOf(text: string): number[] {
  const sizes = text.split(',').map((part) => Number(part.trim().replaceAll('_', '')));
  if (sizes.some((size) => !Number.isInteger(size) || size < 500 || size > 200_000))
    throw new Error(`--sizes takes whole numbers from 500 to 200,000, separated by commas; got "${text}"`);
  const distinct = [...new Set(sizes)].sort((a, b) => a - b);
  if (distinct.length < 2) throw new Error(`--sizes needs two sizes or more to tell a growth; got "${text}"`);
  return distinct;
}
const SIZES = sizesOf(options.sizes);
const IMPORT_RUNS = Number(options['import-runs']);
if (!Number.isInteger(IMPORT_RUNS) || IMPORT_RUNS < 1)
  throw new Error(`--import-runs must be a whole number, 1 or more; got "${options['import-runs']}"`);
/** One connection: a call's own latency; ten: a few people at once, where queueing starts to show. */
const CONNECTIONS = [1, 10] as const;
// Long enough for V8 to optimise the hot paths and for PGlite's and PostgreSQL's caches to fill.
const WARMUP_SECONDS = 2;
const PAGE_SIZE = 50;
const WARM_IMPORT_ROWS = 1000;
const date = new Date().toISOString().slice(0, 10);
const number = (value: number) => Math.round(value).toLocaleString('en');

type TSide = 'server' | 'pglite';
const SIDES: TSide[] = ['server', 'pglite'];
const SIDE_NAME: Record<TSide, string> = { server: 'PostgreSQL server', pglite: 'PGlite' };
type TFindKey = 'first' | 'last' | 'search';
type TFindCall = { key: TFindKey; name: string; body: (lastPage: number) => Record<string, unknown> };

const BY_NAME = [{ field: 'revitFamilyName', dir: 'asc' }];
const FIND_CALLS: TFindCall[] = [
  {
    key: 'first',
    name: 'a page of 50 families by name: the first',
    body: () => ({ page: 1, pageSize: PAGE_SIZE, sort: BY_NAME }),
  },
  {
    key: 'last',
    name: 'a page of 50 families by name: the last (deepest offset)',
    body: (lastPage) => ({ page: lastPage, pageSize: PAGE_SIZE, sort: BY_NAME }),
  },
  {
    key: 'search',
    name: `a family search for '${SEARCH_WORD}' (its first page of 50 by name)`,
    body: () => ({ page: 1, pageSize: PAGE_SIZE, sort: BY_NAME, search: SEARCH_WORD }),
  },
];

const run = startBenchRun({ serverUrl: SERVER_URL, maxMinutes: 150, label: 'growth' });
const { started, loadAverageAtStart, work, databaseName, admin, cleanUp, say } = run;

/** The portal settings of one side at one size: a data folder of its own (PGlite's database in it). */
function envOf(side: TSide, size: number): Record<string, string> {
  const DATA_DIR = path.join(work, `${side}-${size}`);
  return side === 'pglite' ? { DATABASE_URL: '', DATA_DIR } : { DATA_DIR };
}

function findRequest(portal: TChildServer, token: string, body: Record<string, unknown>): TRequest {
  return {
    method: 'POST',
    url: `${portal.url}/api/family/find`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

type TFigures = { perSecond: number; p50Ms: number; p99Ms: number; rounds: TLoadResult[] };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const hundredths = (value: number) => Math.round(value * 100) / 100;

/** Warms the call up at `connections`, then measures it ROUNDS times; medians of the rounds. */
async function measureLatency(
  request: TRequest,
  connections: number,
  portal: TChildServer,
): Promise<TFigures> {
  await timedLoad(request, connections, WARMUP_SECONDS);
  const rounds: TLoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++)
    rounds.push(await timedLoad(request, connections, SECONDS, () => portal.cpuMs()));
  const unclean = rounds.find((r) => r.non2xx || r.errors || r.timeouts);
  if (unclean)
    throw new Error(
      `${request.url} under load: ${unclean.non2xx} non-2xx, ${unclean.errors} errors, ${unclean.timeouts} timeouts`,
    );
  return {
    perSecond: hundredths(median(rounds.map((r) => r.requestsPerSecond))),
    p50Ms: hundredths(median(rounds.map((r) => r.latencyMs.p50))),
    p99Ms: hundredths(median(rounds.map((r) => r.latencyMs.p99))),
    rounds,
  };
}

type TFindMeasured = {
  key: TFindKey;
  body: Record<string, unknown>;
  answer: TCallAnswer;
  connections: Record<string, TFigures>;
};
type TImportMeasured = { rows: number; seconds: number; runs: number[]; rowsPerSecond: number };
type TSideMeasured = {
  seedSeconds: number;
  seeded: { families: number; people: number; priceItems: number; familiesMatching: number };
  finds: TFindMeasured[];
  import: TImportMeasured;
};

/** The deepest page: the last one holding families. */
const lastPageOf = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** Every call through a portal on one side at one size; the portal is stopped after. */
async function measureSide(side: TSide, size: number, sheets: { warm: string; full: string }) {
  const portal = await startBenchPortal(run, { env: envOf(side, size) });
  try {
    const token = await signInAsAdmin(portal);
    const first = await checkCall(findRequest(portal, token, FIND_CALLS[0]!.body(1)));
    const lastPage = lastPageOf(first.totalCount ?? 0);
    const finds: TFindMeasured[] = [];
    for (const call of FIND_CALLS) {
      const body = call.body(lastPage);
      const request = findRequest(portal, token, body);
      const answer = await checkCall(request);
      if (!answer.records) throw new Error(`${call.name} on ${SIDE_NAME[side]} found no families`);
      const connections: Record<string, TFigures> = {};
      for (const count of CONNECTIONS) {
        say(
          `${number(size)} families, ${SIDE_NAME[side]}: ${call.name}, ${count} connection${count > 1 ? 's' : ''}`,
        );
        connections[count] = await measureLatency(request, count, portal);
      }
      finds.push({ key: call.key, body, answer, connections });
    }
    say(
      `${number(size)} families, ${SIDE_NAME[side]}: importing ${number(size)} price-list rows, ${IMPORT_RUNS} runs`,
    );
    const listId = await createPriceList(portal, token, `BENCH-GROWTH-${size}`);
    // The first import loads exceljs and the upload's code paths in the portal.
    await importPriceList(portal, token, listId, sheets.warm, WARM_IMPORT_ROWS);
    const runs: number[] = [];
    for (let n = 0; n < IMPORT_RUNS; n++)
      runs.push(await importPriceList(portal, token, listId, sheets.full, size));
    const seconds = median(runs);
    return {
      lastPage,
      finds,
      import: { rows: size, seconds, runs, rowsPerSecond: Math.round(size / seconds) },
    };
  } finally {
    await stopChild(run, portal);
  }
}

type TPlans = Record<TFindKey, { statements: string[]; plans: TPlanSummary[] }>;

/**
 * The SQL each find sent on the server, captured from its log by a fresh portal (the second of two
 * calls, as under load), and its EXPLAIN ANALYZE as the portal runs it.
 */
async function explainFinds(size: number, lastPage: number, serverLog: string): Promise<TPlans> {
  const captured = await captureCallStatements(run, {
    calls: FIND_CALLS,
    serverLog,
    portalLog: path.join(work, `capture-${size}.log`),
    requestOf: (call, portal, token) => findRequest(portal, token, call.body(lastPage)),
    check: checkCall,
    env: envOf('server', size),
  });
  const client = new pg.Client({ connectionString: run.databaseUrl });
  await client.connect();
  try {
    const plans: Partial<TPlans> = {};
    for (const call of FIND_CALLS) {
      const capture = captured[call.key];
      plans[call.key] = { statements: capture.statements, plans: await explainCall(client, capture) };
    }
    return plans as TPlans;
  } finally {
    await client.end();
  }
}

type TSizeResult = {
  size: number;
  lastPage: number;
  sides: Record<TSide, TSideMeasured>;
  plans: TPlans;
};

async function measureSize(size: number, serverLog: string): Promise<TSizeResult> {
  const scale = size / LARGE_SIZE.families;
  const sheets = {
    warm: path.join(work, `prices-${WARM_IMPORT_ROWS}.xlsx`),
    full: path.join(work, `prices-${size}.xlsx`),
  };
  if (!fs.existsSync(sheets.warm)) await writeSheet(sheets.warm, sheetRows(WARM_IMPORT_ROWS));
  if (!fs.existsSync(sheets.full)) {
    const wrote = await writeSheet(sheets.full, sheetRows(size));
    say(`a price list of ${number(size)} rows written in ${wrote.toFixed(1)} s`);
  }
  const sides: Partial<Record<TSide, TSideMeasured>> = {};
  let lastPage = 0;
  let plans: TPlans | undefined;
  for (const side of SIDES) {
    if (side === 'server') {
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.query(`create database ${databaseName}`);
    }
    say(`${number(size)} families, ${SIDE_NAME[side]}: seed:demo --size large at ${scale} of its volumes`);
    const seedStarted = Date.now();
    const seed = await seedBenchDemo(run, scale, { env: envOf(side, size) });
    const seedSeconds = Math.round((Date.now() - seedStarted) / 100) / 10;
    say(`${number(size)} families, ${SIDE_NAME[side]}: seeded in ${seedSeconds} s`);
    const measured = await measureSide(side, size, sheets);
    if (lastPage && measured.lastPage !== lastPage)
      throw new Error(
        `the two seeds differ: the last page is ${lastPage} on one and ${measured.lastPage} on the other`,
      );
    lastPage = measured.lastPage;
    sides[side] = {
      seedSeconds,
      seeded: {
        families: seed.counts.families,
        people: seed.counts.users + 1, // The administrator is the one person the counts leave out.
        priceItems: seed.counts.priceItems,
        familiesMatching: seed.search.familiesMatching,
      },
      finds: measured.finds,
      import: measured.import,
    };
    if (side === 'server') {
      say(`${number(size)} families: capturing and explaining the finds' SQL on the server`);
      plans = await explainFinds(size, lastPage, serverLog);
      await admin.query(`drop database if exists ${databaseName} with (force)`);
    }
    fs.rmSync(envOf(side, size).DATA_DIR!, { recursive: true, force: true });
  }
  return { size, lastPage, sides: sides as Record<TSide, TSideMeasured>, plans: plans! };
}

type TCallKey = TFindKey | 'import';
const CALL_NAMES: Record<TCallKey, string> = {
  ...(Object.fromEntries(FIND_CALLS.map((call) => [call.key, call.name])) as Record<TFindKey, string>),
  import: 'a price-list import of N rows (.xlsx upload, every row validated, the items replaced)',
};
const CALL_KEYS: TCallKey[] = ['first', 'last', 'search', 'import'];

type TGrowthRow = {
  call: TCallKey;
  side: TSide;
  /** Per connection count for the finds ('1', '10'); 'runs' for the import. */
  growth: Record<string, TGrowth>;
};

/** Each call's growth on each side, from the p50s (the import: the median seconds) across sizes. */
function growthOf(results: TSizeResult[]): TGrowthRow[] {
  const rows: TGrowthRow[] = [];
  for (const call of CALL_KEYS)
    for (const side of SIDES) {
      const growth: Record<string, TGrowth> = {};
      if (call === 'import')
        growth.runs = classifyGrowth(
          results.map((r) => ({ size: r.size, value: r.sides[side].import.seconds })),
        );
      else
        for (const count of CONNECTIONS)
          growth[count] = classifyGrowth(
            results.map((r) => ({
              size: r.size,
              value: r.sides[side].finds.find((find) => find.key === call)!.connections[count]!.p50Ms,
            })),
          );
      rows.push({ call, side, growth });
    }
  return rows;
}

const ms = (value: number) =>
  value >= 100 ? `${number(value)} ms` : `${value.toFixed(value >= 10 ? 1 : 2)} ms`;

function growthText(growth: TGrowth): string {
  return `**${growth.class}** (${growth.perTenfold}x per 10x; last step ${growth.lastPerTenfold}x)`;
}

/** The latency table: each call on each side, a column per size, its growth at the end. */
function latencyTable(results: TSizeResult[], growth: TGrowthRow[]): string {
  const header = `| call | database | connections | ${results.map((r) => number(r.size)).join(' | ')} | growth (rule below) |`;
  const rows: string[] = [];
  for (const row of growth) {
    const name = CALL_NAMES[row.call];
    if (row.call === 'import') {
      const cells = results.map((r) => {
        const imported = r.sides[row.side].import;
        return `${imported.seconds.toFixed(2)} s (${number(imported.rowsPerSecond)} rows/s)`;
      });
      rows.push(
        `| ${name} | ${SIDE_NAME[row.side]} | one at a time | ${cells.join(' | ')} | ${growthText(row.growth.runs!)} |`,
      );
      continue;
    }
    for (const count of CONNECTIONS) {
      const cells = results.map((r) => {
        const figures = r.sides[row.side].finds.find((find) => find.key === row.call)!.connections[count]!;
        return `p50 ${ms(figures.p50Ms)}, p99 ${ms(figures.p99Ms)}, ${number(figures.perSecond)}/s`;
      });
      rows.push(
        `| ${name} | ${SIDE_NAME[row.side]} | ${count} | ${cells.join(' | ')} | ${growthText(row.growth[count]!)} |`,
      );
    }
  }
  return [header, `|---|---|---|${results.map(() => '---|').join('')}---|`, ...rows].join('\n');
}

/** The plans' table: each find's heaviest statement on the server, rows read at each size, its plan at the largest. */
function planTable(results: TSizeResult[]): string {
  const largest = results.at(-1)!;
  const rows = FIND_CALLS.map((call) => {
    const read = results.map((r) => {
      const main = heaviest(r.plans[call.key].plans);
      return main ? `${number(main.rowsRead)} rows, ${main.executionMs.toFixed(2)} ms` : 'none';
    });
    const main = heaviest(largest.plans[call.key].plans);
    const scans = main
      ? main.scans
          .slice(0, 3)
          .map((scan) => `${scan.node}: ${number(scan.rows)}`)
          .join('; ')
      : '';
    return `| ${call.name} | ${read.join(' | ')} | ${scans} |`;
  });
  return [
    `| call (its slowest statement, EXPLAIN ANALYZE on the server) | ${results.map((r) => `${number(r.size)}: rows read, time`).join(' | ')} | scans at ${number(largest.size)}: rows read |`,
    `|---|${results.map(() => '---|').join('')}---|`,
    ...rows,
  ].join('\n');
}

if (loadAverageAtStart[0]! > os.cpus().length)
  console.warn(
    `The machine is busy (load average ${loadAverageAtStart[0]} on ${os.cpus().length} cores): every figure will be noisy; the shape across sizes is what counts.`,
  );
try {
  await admin.connect();
  const serverLog = await serverLogFile(admin);
  const results: TSizeResult[] = [];
  for (const size of SIZES) results.push(await measureSize(size, serverLog));
  const growth = growthOf(results);
  const report = {
    ...(await pgliteReportHead(admin, SHORT, loadAverageAtStart)),
    loadAverageAtEnd: os.loadavg().map((value) => hundredths(value)),
    sizes: SIZES,
    connections: CONNECTIONS,
    secondsPerMeasurement: SECONDS,
    rounds: ROUNDS,
    warmupSeconds: WARMUP_SECONDS,
    importRuns: IMPORT_RUNS,
    portalLogLevel: BENCH_LOG_LEVEL,
    rule: GROWTH_RULE,
    durationSeconds: Math.round((Date.now() - started) / 1000),
    growth,
    results,
  };
  const name = `growth-${date}${SHORT ? '-short' : ''}`;
  const seeded = results
    .map((r) => {
      const s = r.sides.server;
      return `${number(s.seeded.families)} families ('${SEARCH_WORD}' in ${number(s.seeded.familiesMatching)}, last page ${r.lastPage}), ${number(s.seeded.people)} people, ${number(s.seeded.priceItems)} price items (seeded in ${s.seedSeconds} s on the server, ${r.sides.pglite.seedSeconds} s into PGlite)`;
    })
    .join('; ');
  const conditions = `${date}, ${report.cpus}, Node ${report.node}, PGlite ${report.pglite} beside PostgreSQL ${report.postgres}, sizes ${SIZES.map(number).join(' / ')} families, the same seed on each database: ${seeded}; the finds at ${CONNECTIONS.join(' and ')} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up, median of ${ROUNDS} round${ROUNDS > 1 ? 's' : ''}; the import the median of ${IMPORT_RUNS} run${IMPORT_RUNS > 1 ? 's' : ''} after a warm one of ${number(WARM_IMPORT_ROWS)} rows; log level ${BENCH_LOG_LEVEL}, load average ${loadAverageAtStart[0]} at the start and ${report.loadAverageAtEnd[0]} at the end${SHORT ? ' (a short run: not figures to publish)' : ''}`;
  const block = [
    `${conditions}.`,
    latencyTable(results, growth),
    `Growth rule (\`bench/lib/growth.ts\`), applied to the p50s (the import: its median seconds): ${GROWTH_RULE}`,
    planTable(results),
  ].join('\n\n');
  const written = publishResults(root, name, report, block, { part: 'growth', toDocs: true });
  say(written);
} finally {
  await cleanUp();
  say('done; bench database and data folders removed');
}
