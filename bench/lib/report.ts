import fs from 'node:fs';
import path from 'node:path';
import type { TLoadResult } from './load.ts';
import type { TReplayReference } from './pgbench.ts';
import type { TRound } from './rounds.ts';

export type TCallResult = {
  key: string;
  name: string;
  request: { method: string; path: string; body?: Record<string, unknown> };
  /** What the call answered before the load: records on the page and the total found. */
  answer: { records?: number; totalCount?: number };
  api: TLoadResult;
  reference:
    | { kind: 'bare Fastify hello world'; perSecond: number; p99Ms: number; load: TLoadResult }
    | TReplayReference;
  /** API rate divided by the reference's rate (the median of the rounds' ratios). */
  ratio: number;
  /** The API's p99: the median of the rounds'. */
  p99Ms: number;
  /** Each alternating round of the API and its reference; `api` and `reference` are the median one's. */
  rounds: TRound[];
  target: { ratio?: number; p99Ms?: number; indexed?: boolean };
  checks: Record<string, boolean>;
  met: boolean;
  /** The SQL the call sent, parameters written in: what pgbench replayed as one transaction. */
  statements: string[];
  /** Tables the call's SELECTs read with a sequential scan (EXPLAIN), with their estimated rows. */
  sequentialScans: Array<{ table: string; rows: number; statements: number[] }>;
};

/** The ratio, with every round's beside it when there were several. */
export function ratioText(r: TCallResult): string {
  if (r.rounds.length < 2) return r.ratio.toFixed(2);
  return `${r.ratio.toFixed(2)} (${r.rounds.map((round) => round.ratio.toFixed(2)).join(', ')})`;
}

const number = (value: number) => Math.round(value).toLocaleString('en');
// A scan of a table this small costs less than an index lookup; only larger ones are worth a note.
const NOTABLE_SCAN_ROWS = 1000;

function targetText(target: TCallResult['target']): string {
  return [
    target.ratio !== undefined ? `≥ ${target.ratio}x` : undefined,
    target.p99Ms !== undefined ? `p99 < ${target.p99Ms} ms` : undefined,
    target.indexed ? 'users read by an index' : undefined,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * What pgbench replayed: the call's statements, whether prepared once as the portal ran them, and
 * then the rate of the same statements planned for every call.
 */
export function replayText(r: TCallResult): string {
  const count = `${r.statements.length} statement${r.statements.length === 1 ? '' : 's'}`;
  if (r.reference.kind !== 'pgbench' || !r.reference.pgbench.prepared) return count;
  const planned = r.reference.planned;
  return `${count}, prepared${planned ? `; planned each time: ${number(planned.tps)} tps` : ''}`;
}

/** The figures as a Markdown table, each API figure beside its reference. */
export function resultsTable(results: TCallResult[]): string {
  const rows = results.map((r) => {
    const scans = r.sequentialScans
      .filter((scan) => scan.rows >= NOTABLE_SCAN_ROWS)
      .map((scan) => `${scan.table} (${number(scan.rows)} rows) in statement ${scan.statements.join(', ')}`);
    const reference =
      r.reference.kind === 'pgbench'
        ? `${number(r.reference.perSecond)} tps (${replayText(r)}${scans.length ? `; seq scan of ${scans.join(', ')}` : ''})`
        : `${number(r.reference.perSecond)} req/s (bare Fastify)`;
    const failed = Object.entries(r.checks)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    const cpu = r.api.serverCpuMsPerRequest;
    return `| ${r.name} | ${number(r.api.requestsPerSecond)} req/s | ${reference} | ${ratioText(r)} | ${r.p99Ms} ms | ${Math.round(r.reference.p99Ms)} ms | ${cpu === undefined ? '' : `${cpu.toFixed(2)} ms`} | ${targetText(r.target)} | ${r.met ? 'met' : `**missed** (${failed.join(', ')})`} |`;
  });
  return [
    '| call | API | reference, same run | ratio (each round) | API p99 | reference p99 | portal CPU per request | target | verdict |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/**
 * Replaces what stands between a part's markers (`<!-- bench:<part>:start -->` and `:end -->`)
 * in docs/performance.md; false when the file or its markers are missing.
 */
export function replaceDocsBlock(file: string, part: string, content: string): boolean {
  if (!fs.existsSync(file)) return false;
  const [START, END] = [`<!-- bench:${part}:start -->`, `<!-- bench:${part}:end -->`];
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) return false;
  fs.writeFileSync(
    file,
    `${text.slice(0, start)}${START}\n${content}\n${END}${text.slice(end + END.length)}`,
  );
  return true;
}

/** Replaces the users table in docs/performance.md; false when its markers are missing. */
export function writeDocsTable(file: string, table: string, conditions: string): boolean {
  return replaceDocsBlock(file, 'users', `${conditions}.\n\n${table}`);
}

/**
 * Writes a bench's figures: `bench/results/<name>.json` (the whole report) and `<name>.md` (the
 * block), prints the block, and puts it between docs/performance.md's `bench:<part>` markers unless
 * `toDocs` is false (a short run's figures check the bench; they are not published). Answers what
 * it wrote, for the run's last line.
 */
export function publishResults(
  root: string,
  name: string,
  report: unknown,
  block: string,
  docs: { part: string; toDocs: boolean },
): string {
  const results = path.join(root, 'bench', 'results');
  fs.mkdirSync(results, { recursive: true });
  const jsonFile = path.join(results, `${name}.json`);
  fs.writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(results, `${name}.md`), `${block}\n`);
  console.log(`\n${block}\n`);
  const wrote = docs.toDocs && replaceDocsBlock(path.join(root, 'docs', 'performance.md'), docs.part, block);
  return `written to ${path.relative(root, jsonFile)}${wrote ? ' and docs/performance.md' : ''}`;
}
