import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

/** What the bench keeps of one Lighthouse run of a page. */
export type TLighthouseScore = {
  performance: number;
  accessibility: number;
  totalBlockingTimeMs: number;
  largestContentfulPaintMs: number;
  firstContentfulPaintMs: number;
  cumulativeLayoutShift: number;
  /** Compressed JavaScript the page fetched (bytes over the wire), and how many scripts. */
  scriptBytes: number;
  scripts: number;
  /** Accessibility audits that failed, by id. */
  accessibilityFailures: string[];
  /** Performance opportunities and diagnostics that failed, largest saving first, by id with a figure. */
  largestItems: string[];
};

type TAuditItem = { resourceType?: string; transferSize?: number };

/** Lighthouse's verdicts worth fixing first: the failing performance audits, biggest saving first. */
function largestItems(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.displayValue)
    .map((audit) => ({
      text: `${audit!.id}: ${audit!.displayValue}`,
      saving: (audit!.metricSavings?.TBT ?? 0) + (audit!.metricSavings?.LCP ?? 0),
    }))
    .sort((a, b) => b.saving - a.saving)
    .slice(0, 8)
    .map((item) => item.text);
}

/**
 * Scores one page with Lighthouse's desktop preset through the Chromium listening on `port` (its
 * default context, so the page sees that context's storage: a signed-in session stays signed in;
 * Lighthouse clears the HTTP cache before loading, so the load is cold).
 */
export async function scorePage(url: string, port: number, attempts = 3): Promise<TLighthouseScore> {
  for (let attempt = 1; ; attempt++) {
    const score = await scoreOnce(url, port);
    // Now and then the trace of a run holds no paint at all (NO_FCP, NO_LCP: a score of 0 that
    // says nothing about the page); such a run is made again.
    if (!Number.isNaN(score.largestContentfulPaintMs) || attempt === attempts) return score;
  }
}

async function scoreOnce(url: string, port: number): Promise<TLighthouseScore> {
  const result = await lighthouse(
    url,
    { port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'] },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
  const { lhr } = result;
  // BENCH_LHR_DIR=<folder> keeps each full report, to read what Lighthouse found beyond the scores.
  if (process.env.BENCH_LHR_DIR) {
    fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
    const name = `${new URL(url).hash.replace(/\W+/g, '-') || 'root'}-${Date.now()}.json`;
    fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  const requests =
    (lhr.audits['network-requests']?.details as { items?: TAuditItem[] } | undefined)?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  const accessibility = lhr.categories.accessibility?.auditRefs ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    totalBlockingTimeMs: numeric('total-blocking-time'),
    largestContentfulPaintMs: numeric('largest-contentful-paint'),
    firstContentfulPaintMs: numeric('first-contentful-paint'),
    cumulativeLayoutShift:
      Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    scriptBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scripts: scripts.length,
    accessibilityFailures: accessibility
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
    largestItems: largestItems(lhr),
  };
}
