import type pg from 'pg';
import { ratioText, replayText, type TCallResult, replaceDocsBlock } from './report.ts';
import type { TRssTrace, TUploadResult } from './families-upload.ts';
import { explainStatement, type TCapture } from './sql-capture.ts';

/** The trigram index the family search must read (packages/server/src/db/schema/content.ts). */
export const SEARCH_INDEX = 'revit_families_category_search_idx';

export type TStatementPlan = {
  /** Position of the statement in the call's transaction, from 1. */
  statement: number;
  /** EXPLAIN (ANALYZE, BUFFERS) as text, on the warm bench database. */
  plan: string;
  indexes: string[];
};

export type TUploadReport = {
  fileBytes: number;
  portal: TUploadResult & { rss: TRssTrace };
  reference: TUploadResult & { rss: TRssTrace; kind: 'bare Node http server piping the body to disk' };
  /** Portal MiB/s divided by the reference's. */
  ratio: number;
  increaseBytes: number;
  target: { maxIncreaseBytes: number };
  checks: Record<string, boolean>;
  met: boolean;
};

const number = (value: number) => Math.round(value).toLocaleString('en');
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * Every index the plans of a call's SELECTs read, with the plans as text (EXPLAIN ANALYZE), as the
 * portal runs them (a named statement's generic plan, explainStatement).
 */
export async function plansOf(client: pg.Client, capture: TCapture): Promise<TStatementPlan[]> {
  const plans: TStatementPlan[] = [];
  for (const [index, statement] of capture.statements.entries()) {
    if (!/^\s*select\b/i.test(statement)) continue;
    const text = await explainStatement(client, capture, index, 'analyze, buffers');
    const plan = (text.rows as Array<{ 'QUERY PLAN': string }>).map((row) => row['QUERY PLAN']).join('\n');
    const indexes = [
      ...new Set(
        [...plan.matchAll(/(?:Index|Index Only) Scan (?:Backward )?(?:using|on) (\S+)/g)].map((m) => m[1]!),
      ),
    ];
    plans.push({ statement: index + 1, plan, indexes });
  }
  return plans;
}

/** True when every statement that filters on search_text reads the trigram index. */
export function searchUsesTrigramIndex(statements: string[], plans: TStatementPlan[]): boolean {
  const searching = plans.filter((plan) => /search_text/.test(statements[plan.statement - 1] ?? ''));
  return searching.length > 0 && searching.every((plan) => plan.indexes.includes(SEARCH_INDEX));
}

function targetText(target: TCallResult['target']): string {
  return [
    target.ratio !== undefined ? `≥ ${target.ratio}x` : undefined,
    target.p99Ms !== undefined ? `p99 < ${target.p99Ms} ms` : undefined,
    target.indexed ? 'search by the trigram index' : undefined,
  ]
    .filter(Boolean)
    .join(', ');
}

function verdict(met: boolean, checks: Record<string, boolean>): string {
  const failed = Object.entries(checks)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
  return met ? 'met' : `**missed** (${failed.join(', ')})`;
}

/** The find calls and the upload as Markdown tables, each figure beside its reference. */
export function familiesTables(results: TCallResult[], upload: TUploadReport | undefined): string {
  const finds = results.map((r) => {
    const found = r.answer.totalCount !== undefined ? ` (${number(r.answer.totalCount)} found)` : '';
    const cpu = r.api.serverCpuMsPerRequest;
    return `| ${r.name}${found} | ${number(r.api.requestsPerSecond)} req/s | ${number(r.reference.perSecond)} tps (${replayText(r)}) | ${ratioText(r)} | ${r.p99Ms} ms | ${Math.round(r.reference.p99Ms)} ms | ${cpu === undefined ? '' : `${cpu.toFixed(2)} ms`} | ${targetText(r.target)} | ${verdict(r.met, r.checks)} |`;
  });
  const tables = [
    '| call | API | its SQL in pgbench, same run | ratio (each round) | API p99 | SQL p99 | portal CPU per request | target | verdict |',
    '|---|---|---|---|---|---|---|---|---|',
    ...finds,
  ];
  if (upload) {
    const { portal, reference } = upload;
    tables.push(
      '',
      '| upload | portal | bare Node http to disk, same run | ratio | portal RSS before → peak (after) | increase | reference RSS increase | target | verdict |',
      '|---|---|---|---|---|---|---|---|---|',
      `| POST /api/family/upload, ${mib(upload.fileBytes)} .rfa, multipart | ${portal.mibPerSecond} MiB/s (${portal.seconds} s) | ${reference.mibPerSecond} MiB/s (${reference.seconds} s) | ${upload.ratio.toFixed(2)} | ${mib(portal.rss.beforeBytes)} → ${mib(portal.rss.peakBytes)} (${mib(portal.rss.afterBytes)}) | ${mib(upload.increaseBytes)} | ${mib(reference.rss.peakBytes - reference.rss.beforeBytes)} | RSS increase < ${mib(upload.target.maxIncreaseBytes)} | ${verdict(upload.met, upload.checks)} |`,
    );
  }
  return tables.join('\n');
}

/** Replaces the families block in docs/performance.md; false when its markers are missing. */
export function writeFamiliesBlock(file: string, content: string): boolean {
  return replaceDocsBlock(file, 'families', content);
}
