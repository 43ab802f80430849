/**
 * The browser (issue 27): the built web app served by the portal on a PostgreSQL database seeded
 * with a tenth of the large demo (10,000 families), in Debian's Chromium. Lighthouse 12 (desktop
 * preset) scores performance and accessibility of the sign-in page (from `/` and from
 * `#/auth/login`, signed out), the library, one family's page and a price list of 50 items (signed
 * in through the form; Lighthouse loads each in the same browser context, so the session stays and
 * only the HTTP cache is cleared), with the total blocking time and the compressed JavaScript each
 * page fetched. Then the gallery: 60 wheel steps down the library, counting long tasks (over 50 ms)
 * with a PerformanceObserver injected before the page's scripts; and the table: the time from a page
 * change's data read to its rows painted. `npm run bench:web [-- --quick] [-- --skip-build]`
 * (`--quick`: one Lighthouse run per page instead of the median of three; its figures go to a
 * `-short` file only). `-- --pages library,family [--runs 3]` scores only those pages (root, login,
 * library, family, priceList, and gallery or table for those two measures) and writes no file: a
 * quicker loop while working on one page.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, submitLogin } from '../e2e/support/browser.ts';
import { LARGE_SIZE } from '../packages/server/src/demo/seed-demo.ts';
import { machineOf, startBenchRun } from './lib/bench-run.ts';
import { pageTable, scrollGallery, type TGalleryScroll, type TTablePaging } from './lib/browser-timing.ts';
import type { TChildServer } from './lib/child-server.ts';
import { scorePage, type TLighthouseScore } from './lib/lighthouse.ts';
import { profilePageLoad } from './lib/page-profile.ts';
import { BENCH_ADMIN_PASSWORD, signInAsAdmin, startBenchPortal } from './lib/portal.ts';
import { publishResults } from './lib/report.ts';
import { seedBenchDemo } from './lib/seed-demo.ts';
import { sourceVersion } from './lib/source-version.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    pages: { type: 'string' },
    runs: { type: 'string' },
  },
});
/** The parts asked for with `--pages`, or every part. */
const ONLY = flags.pages ? new Set(flags.pages.split(',').map((key) => key.trim())) : undefined;
const wanted = (key: string) => !ONLY || ONLY.has(key);
// `--profile` with `--pages`: where each page's first load spends the browser's main thread (build
// with `--minify false` into BENCH_WEB_DIST for readable names). Without `--pages` (npm run bench
// -- --profile profiles the servers) this part has nothing to add.
if (flags.profile && !flags.pages) {
  console.log('web: no server profile for this part; skipped');
  process.exit(0);
}
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const QUICK = flags.quick;
const FAMILIES = 10_000;
const PRICE_ITEMS = 50;
const LIGHTHOUSE_RUNS = flags.runs ? Number(flags.runs) : QUICK ? 1 : 3;
const WHEEL_STEPS = 60;
const WHEEL_PIXELS = 400;
const TABLE_CHANGES = 6;
const TARGET = { score: 95, longTasks: 0, tableMs: 100 };
const date = new Date().toISOString().slice(0, 10);
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

const run = startBenchRun({ serverUrl: SERVER_URL, maxMinutes: 40, label: 'web' });
const { started, loadAverageAtStart, databaseName, admin, cleanUp, say } = run;

type TPageScore = {
  key: string;
  name: string;
  url: string;
  runs: TLighthouseScore[];
  median: TLighthouseScore;
};

/** A free TCP port on localhost, for Chromium's remote debugging (Lighthouse connects to it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** POSTs to the portal's API as the admin and answers the JSON, failing on anything but 200. */
async function api<T>(portal: TChildServer, token: string, url: string, body: unknown): Promise<T> {
  const response = await fetch(`${portal.url}/api${url}`, {
    method: 'POST',
    signal: AbortSignal.timeout(60_000),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

let browserContext: BrowserContext | undefined;

/** Prints where the page's first load spent the main thread (`--profile`). */
async function profile(name: string, url: string): Promise<void> {
  const { busyMs, top, components, longStretches } = await profilePageLoad(browserContext!, url);
  say(`${name}: main thread busy ${busyMs} ms on the first load; by function (self):`);
  for (const item of top) say(`  ${item.ms} ms (${item.share} %) ${item.name}`);
  say('  by component (with what it called):');
  for (const item of components) say(`  ${item.ms} ms (${item.share} %) ${item.name}`);
  for (const item of longStretches)
    say(`  a stretch of ${item.ms} ms at ${item.atMs} ms: ${item.top.join('; ')}`);
}

/** Scores a page LIGHTHOUSE_RUNS times and keeps the run with the median performance score. */
async function score(key: string, name: string, url: string, port: number): Promise<TPageScore | undefined> {
  if (!wanted(key)) return undefined;
  if (flags.profile) await profile(name, url);
  if (LIGHTHOUSE_RUNS === 0) return undefined;
  const runs: TLighthouseScore[] = [];
  for (let n = 0; n < LIGHTHOUSE_RUNS; n++) {
    const result = await scorePage(url, port);
    say(
      `${name}: performance ${result.performance}, accessibility ${result.accessibility}, TBT ${result.totalBlockingTimeMs} ms, JS ${kb(result.scriptBytes)}`,
    );
    runs.push(result);
  }
  const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
  for (const item of median.largestItems) say(`  ${item}`);
  if (median.accessibilityFailures.length)
    say(`  accessibility fails: ${median.accessibilityFailures.join(', ')}`);
  return { key, name, url, runs, median };
}

function table(pages: TPageScore[], gallery: TGalleryScroll, paging: TTablePaging): string {
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  const rows = pages.map(({ name, median: m }) => {
    const ok = m.performance >= TARGET.score && m.accessibility >= TARGET.score;
    return `| ${name} | ${m.performance} | ${m.accessibility} | ${m.totalBlockingTimeMs} ms | ${m.largestContentfulPaintMs} ms | ${kb(m.scriptBytes)} (${m.scripts} files) | ≥ ${TARGET.score} both | ${verdict(ok)} |`;
  });
  return [
    '| page | performance | accessibility | total blocking time | largest contentful paint | compressed JavaScript | target | verdict |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '| measure | figure | target | verdict |',
    '|---|---|---|---|',
    `| gallery, ${gallery.wheelSteps} wheel steps of ${gallery.wheelPixels} px over ${FAMILIES.toLocaleString('en')} families: long tasks | ${gallery.longTasks}, longest ${gallery.longestMs} ms (on the first load before it: ${gallery.loadLongTasks}, longest ${gallery.loadLongestMs} ms) | none over 50 ms | ${verdict(gallery.longTasks <= TARGET.longTasks)} |`,
    `| table, a page change from its data to the rows painted | median ${paging.medianMs} ms, max ${paging.maxMs} ms (click to rows: ${paging.clickToRowsMs.join(', ')} ms) | < ${TARGET.tableMs} ms | ${verdict(paging.maxMs < TARGET.tableMs)} |`,
  ].join('\n');
}

async function measure(portal: TChildServer) {
  const token = await signInAsAdmin(portal);
  const { revitFamilyInfos } = await api<{ revitFamilyInfos: Array<{ revitFamilyId: number }> }>(
    portal,
    token,
    '/family/find',
    { page: 1, pageSize: 1 },
  );
  const familyId = revitFamilyInfos[0]?.revitFamilyId;
  if (familyId === undefined) throw new Error('the seed has no family to open');
  const saved = await api<{ priceListInfos: Array<{ priceListId: number }> }>(
    portal,
    token,
    '/prices/save/pricelist',
    {
      priceListInfos: [
        {
          priceListCode: `bench-web-${Date.now().toString(36)}`,
          priceListDescription: 'Fifty items for the browser bench',
          priceItemInfos: Array.from({ length: PRICE_ITEMS }, (_, i) => ({
            orderNumber: `W-${String(i + 1).padStart(3, '0')}`,
            priceItemDescription: `Item ${i + 1} of the browser bench`,
            priceItemValue: 10 + i * 1.5,
          })),
        },
      ],
    },
  );
  const priceListId = saved.priceListInfos[0]!.priceListId;

  const port = await freePort();
  const profileDir = fs.mkdtempSync(path.join(run.work, 'chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Lighthouse connects through the debugging port; `--headless` keeps the persistent context's
    // Chromium headless for it.
    args: ['--headless', ...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  run.children.add({ stop: () => context.close() });
  browserContext = context;
  const scored: Array<TPageScore | undefined> = [];
  say('signed out: the sign-in page');
  scored.push(await score('root', 'sign-in from /', `${portal.url}/`, port));
  scored.push(await score('login', 'sign-in from #/auth/login', `${portal.url}/#/auth/login`, port));
  const signing = await context.newPage();
  await submitLogin(signing, `${portal.url}/`, 'admin', BENCH_ADMIN_PASSWORD);
  // The seeded demo has terms of use, which a first sign-in accepts before the layout opens.
  const menu = signing.locator('[data-testid=side-menu]');
  const accept = signing.getByRole('button', { name: 'I accept' });
  await menu.or(accept).first().waitFor({ timeout: 60_000 });
  if (await accept.isVisible()) await accept.click();
  await menu.waitFor({ timeout: 60_000 });
  await signing.close();
  say('signed in through the form');
  scored.push(await score('library', 'the library (#/families)', `${portal.url}/#/families`, port));
  scored.push(await score('family', "a family's page", `${portal.url}/#/families/${familyId}`, port));
  scored.push(
    await score(
      'priceList',
      `a price list of ${PRICE_ITEMS} items`,
      `${portal.url}/#/price-lists/${priceListId}`,
      port,
    ),
  );
  const pages = scored.filter((page) => page !== undefined);
  if (ONLY && !ONLY.has('gallery') && !ONLY.has('table'))
    return { pages, gallery: undefined, paging: undefined, familyId, priceListId };
  say(`the gallery: ${WHEEL_STEPS} wheel steps`);
  const gallery = await scrollGallery(context, portal.url, WHEEL_STEPS, WHEEL_PIXELS);
  say(
    `  ${gallery.longTasks} long tasks, longest ${gallery.longestMs} ms; last card shown ${gallery.lastCardShown}`,
  );
  say(`the table: ${TABLE_CHANGES} page changes`);
  const paging = await pageTable(context, portal.url, TABLE_CHANGES);
  say(`  data to rows ${paging.changesMs.join(', ')} ms`);
  return { pages, gallery, paging, familyId, priceListId };
}

/** `BENCH_WEB_DIST`: a web app built elsewhere (`vite build --outDir …`), measured as it is. */
const webDist = process.env.BENCH_WEB_DIST ?? path.join(root, 'packages/web/dist');

async function main() {
  if (!flags['skip-build'] && process.env.BENCH_WEB_DIST === undefined) {
    say('npm run build:web');
    const build = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build:web failed');
  }
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  say(`database ${databaseName}: seed:demo --size large at ${FAMILIES.toLocaleString('en')} families`);
  await seedBenchDemo(run, FAMILIES / LARGE_SIZE.families);
  const portal = await startBenchPortal(run, { env: { WEB_DIST: webDist } });
  say(`portal at ${portal.url}`);
  const measured = await measure(portal);
  const { gallery, paging } = measured;
  if (!gallery || !paging || ONLY) {
    say('only some parts measured (--pages): no file written');
    return;
  }
  const machine = await machineOf(admin);
  const report = {
    date,
    ...sourceVersion(),
    ...machine,
    lighthouse: '12.2.3, desktop preset',
    chromium: CHROMIUM_PATH,
    loadAverageAtStart,
    families: FAMILIES,
    lighthouseRuns: LIGHTHOUSE_RUNS,
    target: TARGET,
    ...measured,
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  const name = `web-${date}${QUICK ? '-short' : ''}`;
  const conditions = `${date}, ${machine.cpus}, Node ${machine.node}, PostgreSQL ${machine.postgres}, headless Chromium, Lighthouse 12.2.3 desktop preset (${LIGHTHOUSE_RUNS === 1 ? 'one run per page' : `median of ${LIGHTHOUSE_RUNS} runs per page`}), ${FAMILIES.toLocaleString('en')} families, load average ${loadAverageAtStart[0]} at the start${QUICK ? ' (a quick run: not figures to publish)' : ''}`;
  const block = `${conditions}.\n\n${table(measured.pages, gallery, paging)}`;
  // A quick run checks the bench; only a full one replaces the published figures.
  const written = publishResults(root, name, report, block, { part: 'web', toDocs: !QUICK });
  say(written);
}

if (loadAverageAtStart[0]! > os.cpus().length)
  console.warn(
    `The machine is busy (load average ${loadAverageAtStart[0]} on ${os.cpus().length} cores): every figure will be slow and noisy.`,
  );
try {
  await main();
} finally {
  await cleanUp();
  say('done; bench database dropped');
}
