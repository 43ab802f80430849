/**
 * Many families at once on the PostgreSQL server: BULK_COUNT (default 1,000) distinct families
 * through POST /api/family/bulk in batches as the browser sends them, beside the same files through
 * single POST /api/family/upload + POST /api/family/save, one after the other, in the same run,
 * each path on a fresh portal into a company of its own. Reports total time, families per second
 * and the portal's peak RSS of each. npm run bench runs it last; `npm run bench:bulk` alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { startBenchRun, machineOf } from './lib/bench-run.ts';
import type { TChildServer } from './lib/child-server.ts';
import { type TRssTrace, traceRss } from './lib/families-upload.ts';
import { signInAsAdmin, startBenchPortal, stopChild as stopBenchChild } from './lib/portal.ts';
import { sourceVersion } from './lib/source-version.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The flags of the other benches are taken and ignored: `npm run bench -- --seconds 5` passes them to all.
parseArgs({
  options: {
    profile: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const COUNT = Number(process.env.BULK_COUNT ?? 1000);
if (!(Number.isInteger(COUNT) && COUNT >= 1)) throw new Error(`BULK_COUNT must be a whole number, 1 or more`);
/** What the browser sends in one request (BATCH_FILES of the web's queue). */
const BATCH = 8;
/** One family in ten comes with a type catalog, as a library exported from Revit has some. */
const CATALOG_EVERY = 10;
const CATALOG =
  ',Width##LENGTH##MILLIMETERS,Depth##LENGTH##MILLIMETERS\r\nSmall,600,400\r\nLarge,900,600\r\n';
const FIXTURES = path.join(root, 'packages/server/test/fixtures/rfa');
const date = new Date().toISOString().slice(0, 10);

const run = startBenchRun({ serverUrl: SERVER_URL, maxMinutes: 60, label: 'bulk' });
const { started, loadAverageAtStart, work, databaseName, databaseUrl, admin, cleanUp, say } = run;
const stopChild = (child: { stop(): Promise<void> }) => stopBenchChild(run, child);

type TFamilyFile = { file: string; name: string; catalog?: string };

/**
 * `count` distinct families from the eleven fixtures: the same compound document with a serial
 * number in its header's reserved bytes (0x22, which neither .rfa reader looks at), so each has a
 * hash of its own and still reads as the fixture it came from.
 */
function writeFamilies(folder: string, count: number): TFamilyFile[] {
  fs.mkdirSync(folder, { recursive: true });
  const sources = fs
    .readdirSync(FIXTURES)
    .filter((name) => name.endsWith('.rfa'))
    .sort()
    .map((name) => fs.readFileSync(path.join(FIXTURES, name)));
  return Array.from({ length: count }, (_, i) => {
    const bytes = Buffer.from(sources[i % sources.length]!);
    bytes.writeUInt32LE(i + 1, 0x22);
    const name = `family-${String(i + 1).padStart(5, '0')}`;
    const file = path.join(folder, `${name}.rfa`);
    fs.writeFileSync(file, bytes);
    if (i % CATALOG_EVERY !== 0) return { file, name };
    const catalog = path.join(folder, `${name}.txt`);
    fs.writeFileSync(catalog, CATALOG);
    return { file, name, catalog };
  });
}

async function blobOf(file: string): Promise<Blob> {
  return fs.openAsBlob(file);
}

type TPathResult = { saved: number; skipped: number; refused: number; requests: number };

/** The families through /family/bulk, BATCH at a time, each catalog just before its family. */
async function throughBulk(portal: TChildServer, token: string, companyId: number, files: TFamilyFile[]) {
  const result: TPathResult = { saved: 0, skipped: 0, refused: 0, requests: 0 };
  for (let at = 0; at < files.length; at += BATCH) {
    const form = new FormData();
    for (const family of files.slice(at, at + BATCH)) {
      if (family.catalog) form.append('file', await blobOf(family.catalog), `${family.name}.txt`);
      form.append('file', await blobOf(family.file), `${family.name}.rfa`);
    }
    const response = await fetch(`${portal.url}/api/family/bulk?companyId=${companyId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`/family/bulk answered ${response.status}: ${text.slice(0, 500)}`);
    result.requests += 1;
    for (const line of text.split('\n').filter(Boolean)) {
      const parsed = JSON.parse(line) as {
        kind: string;
        status?: 'saved' | 'skipped' | 'refused';
        message?: string;
      };
      if (parsed.kind === 'failed') throw new Error(`/family/bulk broke off: ${line}`);
      if (parsed.kind === 'file' && parsed.status) result[parsed.status] += 1;
      if (parsed.status === 'refused') throw new Error(`/family/bulk refused a family: ${line}`);
    }
  }
  return result;
}

/** The same families one at a time, as the single new-family page saves them: upload, then save. */
async function throughSingle(portal: TChildServer, token: string, companyId: number, files: TFamilyFile[]) {
  const result: TPathResult = { saved: 0, skipped: 0, refused: 0, requests: 0 };
  const headers = { authorization: `Bearer ${token}` };
  for (const family of files) {
    const form = new FormData();
    form.append('file', await blobOf(family.file), `${family.name}.rfa`);
    const uploaded = await fetch(`${portal.url}/api/family/upload`, {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
    const upload = (await uploaded.json()) as {
      upload?: {
        uploadId: string;
        suggestions: { revitFamilyName: string; categoryId: number | null; tags: string[] };
      };
    };
    if (uploaded.status !== 200 || !upload.upload)
      throw new Error(`/family/upload answered ${uploaded.status}: ${JSON.stringify(upload).slice(0, 500)}`);
    const { uploadId, suggestions } = upload.upload;
    const saved = await fetch(`${portal.url}/api/family/save`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        revitFamilyInfos: [
          {
            revitFamilyName: suggestions.revitFamilyName,
            revitFamilyCategoryId: suggestions.categoryId,
            revitFamilyTags: suggestions.tags,
            revitFamilyUploadId: uploadId,
            companyId,
            ...(family.catalog
              ? {
                  typeCatalogText: fs.readFileSync(family.catalog, 'utf8'),
                  typeCatalogFileName: `${family.name}.txt`,
                }
              : {}),
          },
        ],
      }),
      signal: AbortSignal.timeout(120_000),
    });
    if (saved.status !== 200)
      throw new Error(`/family/save answered ${saved.status}: ${(await saved.text()).slice(0, 500)}`);
    await saved.arrayBuffer().catch(() => undefined);
    result.requests += 2;
    result.saved += 1;
  }
  return result;
}

type TMeasured = {
  seconds: number;
  familiesPerSecond: number;
  peakRssBytes: number;
  rss: TRssTrace;
} & TPathResult;

/** One path on a fresh portal, warmed by one upload of another file (the reader and sharp loaded). */
async function measurePath(
  label: string,
  companyId: number,
  files: TFamilyFile[],
  warmFile: string,
  send: (
    portal: TChildServer,
    token: string,
    companyId: number,
    files: TFamilyFile[],
  ) => Promise<TPathResult>,
): Promise<TMeasured> {
  const portal = await startBenchPortal(run);
  try {
    const token = await signInAsAdmin(portal);
    const warm = new FormData();
    warm.append('file', await blobOf(warmFile), 'warm.rfa');
    const warmed = await fetch(`${portal.url}/api/family/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: warm,
    });
    if (warmed.status !== 200) throw new Error(`the warm-up upload answered ${warmed.status}`);
    await warmed.arrayBuffer();
    say(`${label}: ${files.length.toLocaleString('en')} families`);
    const begun = performance.now();
    const { result, rss } = await traceRss(portal.pid, () => send(portal, token, companyId, files));
    const seconds = (performance.now() - begun) / 1000;
    if (result.saved !== files.length)
      throw new Error(
        `${label} saved ${result.saved} of ${files.length} families: ${JSON.stringify(result)}`,
      );
    const measured = {
      ...result,
      seconds: Math.round(seconds * 100) / 100,
      familiesPerSecond: Math.round((files.length / seconds) * 10) / 10,
      peakRssBytes: rss.peakBytes,
      rss,
    };
    say(
      `${label}: ${measured.seconds} s, ${measured.familiesPerSecond} families/s, peak RSS ${(rss.peakBytes / 1024 / 1024).toFixed(0)} MiB`,
    );
    return measured;
  } finally {
    await stopChild(portal);
  }
}

try {
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  say(`database ${databaseName}: migrating; writing ${COUNT.toLocaleString('en')} distinct families`);
  const migrating = await openDatabase({ databaseUrl });
  await migrating.close();
  // The portal's first start makes the built-in roles and the administrator.
  await stopChild(await startBenchPortal(run));
  const files = writeFamilies(path.join(work, 'families'), COUNT);
  // A fixture as it is: its header's serial is 0, so none of the measured files is the same.
  const warmFile = path.join(FIXTURES, 'family-2014.rfa');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let companies: number[];
  try {
    const inserted = await db.query<{ id: number }>(
      "insert into companies (name) values ('Bulk bench: through /family/bulk'), ('Bulk bench: through single saves') returning id",
    );
    companies = inserted.rows.map((row) => row.id);
  } finally {
    await db.end();
  }
  const bulk = await measurePath('bulk', companies[0]!, files, warmFile, throughBulk);
  const single = await measurePath('single', companies[1]!, files, warmFile, throughSingle);
  const report = {
    date: new Date().toISOString(),
    ...sourceVersion(),
    ...(await machineOf(admin)),
    loadAverageAtStart,
    families: COUNT,
    batch: BATCH,
    catalogEvery: CATALOG_EVERY,
    bytes: files.reduce((sum, family) => sum + fs.statSync(family.file).size, 0),
    bulk,
    single,
    /** How much faster the bulk path saves the same families. */
    speedup: Math.round((bulk.familiesPerSecond / single.familiesPerSecond) * 100) / 100,
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  const suffix = COUNT === 1000 ? '' : `-${COUNT}`;
  const file = path.join(root, 'bench', 'results', `bulk-postgres-${date}${suffix}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\n| path | families | total s | families/s | peak RSS MiB |\n|---|---|---|---|---|\n` +
      `| /family/bulk (batches of ${BATCH}) | ${COUNT} | ${bulk.seconds} | ${bulk.familiesPerSecond} | ${(bulk.peakRssBytes / 1024 / 1024).toFixed(0)} |\n` +
      `| /family/upload + /family/save | ${COUNT} | ${single.seconds} | ${single.familiesPerSecond} | ${(single.peakRssBytes / 1024 / 1024).toFixed(0)} |\n`,
  );
  say(`bulk ${report.speedup}x the single saves; written to ${path.relative(root, file)}`);
} finally {
  await cleanUp();
  say('done; bench database dropped');
}
