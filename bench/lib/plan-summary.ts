import type pg from 'pg';
import { explainStatement, type TCapture } from './sql-capture.ts';

type TPlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: TPlanNode[];
};

/** The nodes that read a table's rows (a bitmap index scan only feeds its heap scan). */
const SCANS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']);

/** One statement's EXPLAIN ANALYZE, cut to what says how its cost grows. */
export type TPlanSummary = {
  /** Position (from 1) of the statement in the call's capture. */
  statement: number;
  executionMs: number;
  /** Rows the scans read: returned plus removed by a filter or a recheck, times their loops. */
  rowsRead: number;
  /** Each table scan (node, index, table) with the rows it read, most first. */
  scans: Array<{ node: string; rows: number }>;
  /** The plan's nodes from the top, as `Limit > Index Scan using … on …`, scans and sorts named. */
  outline: string;
};

function labelOf(node: TPlanNode): string {
  const index = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  const relation = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  return `${node['Node Type']}${index}${relation}`;
}

function summarise(root: TPlanNode, statement: number, executionMs: number): TPlanSummary {
  const scans = new Map<string, number>();
  const outline: string[] = [];
  const walk = (node: TPlanNode, depth: number) => {
    const loops = node['Actual Loops'] ?? 1;
    if (SCANS.has(node['Node Type'])) {
      const rows =
        ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        loops;
      scans.set(labelOf(node), (scans.get(labelOf(node)) ?? 0) + rows);
    }
    // The outline: the top four levels, where the plan's choice (a limit on an index, an aggregate
    // over a scan, a sort of everything) shows.
    if (depth < 4)
      outline.push(`${'  '.repeat(depth)}${labelOf(node)} (${node['Actual Rows'] ?? 0} rows × ${loops})`);
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(root, 0);
  const list = [...scans.entries()].map(([node, rows]) => ({ node, rows: Math.round(rows) }));
  list.sort((a, b) => b.rows - a.rows);
  return {
    statement,
    executionMs: Math.round(executionMs * 1000) / 1000,
    rowsRead: list.reduce((sum, scan) => sum + scan.rows, 0),
    scans: list,
    outline: outline.join('\n'),
  };
}

/**
 * EXPLAIN (ANALYZE) of every SELECT a call sent, run as the portal runs it (a named statement as
 * its generic plan, explainStatement), each summarised: the rows its scans read and its outline.
 */
export async function explainCall(client: pg.Client, capture: TCapture): Promise<TPlanSummary[]> {
  const summaries: TPlanSummary[] = [];
  for (const [index, statement] of capture.statements.entries()) {
    if (!/^\s*(select|with)\b/i.test(statement)) continue;
    const result = await explainStatement(client, capture, index, 'analyze, format json');
    const [entry] = (
      result.rows[0] as { 'QUERY PLAN': Array<{ Plan: TPlanNode; 'Execution Time': number }> }
    )['QUERY PLAN'];
    if (entry) summaries.push(summarise(entry.Plan, index + 1, entry['Execution Time']));
  }
  return summaries;
}

/** The statement of a call that took longest: the one whose plan explains the call's growth. */
export function heaviest(summaries: readonly TPlanSummary[]): TPlanSummary | undefined {
  return summaries.reduce<TPlanSummary | undefined>(
    (most, summary) => (!most || summary.executionMs > most.executionMs ? summary : most),
    undefined,
  );
}
