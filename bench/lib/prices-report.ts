import type { TRssTrace } from './families-upload.ts';
import { replaceDocsBlock } from './report.ts';

/** One timed run of the portal or of its bare reference, with the process's RSS around it. */
export type TTimedRun = { seconds: number; rss: TRssTrace };

export type TPricesResult = {
  key: 'import' | 'export';
  name: string;
  reference: string;
  portal: TTimedRun[];
  bare: TTimedRun[];
  /** Medians of the runs, in seconds. */
  portalSeconds: number;
  bareSeconds: number;
  /** Portal median divided by the bare median: how many times longer the portal takes. */
  ratio: number;
  /** The portal's RSS before the first run and its highest peak over all runs, in bytes. */
  portalRssBeforeBytes: number;
  portalPeakBytes: number;
  barePeakBytes: number;
  target: { maxRatio: number; maxPeakBytes: number };
  checks: { ratio: boolean; rss: boolean };
  met: boolean;
};

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The figures as a Markdown table: portal beside its bare reference, ratio, peak RSS, target, verdict. */
export function pricesTable(results: TPricesResult[], rows: number): string {
  const lines = results.map((r) => {
    const failed = Object.entries(r.checks)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    const runs = (list: TTimedRun[]) => list.map((run) => run.seconds.toFixed(2)).join(', ');
    return `| ${r.name} | ${r.portalSeconds.toFixed(2)} s (${runs(r.portal)}) | ${r.reference}: ${r.bareSeconds.toFixed(2)} s (${runs(r.bare)}) | ${r.ratio.toFixed(2)}x | ${mib(r.portalRssBeforeBytes)} → ${mib(r.portalPeakBytes)} | ${mib(r.barePeakBytes)} | ≤ ${r.target.maxRatio}x, peak < ${mib(r.target.maxPeakBytes)} | ${r.met ? 'met' : `**missed** (${failed.join(', ')})`} |`;
  });
  return [
    `| ${rows.toLocaleString('en')} rows | portal, median (runs) | bare exceljs, same run, median (runs) | ratio | portal RSS before → peak | bare peak RSS | target | verdict |`,
    '|---|---|---|---|---|---|---|---|',
    ...lines,
  ].join('\n');
}

/** Replaces the content between the prices markers in docs/performance.md; false when they are missing. */
export function writePricesBlock(file: string, content: string): boolean {
  return replaceDocsBlock(file, 'prices', content);
}
