/**
 * How long `npm run seed:demo -- --size large` takes (100,000 families, 10,000 people, 1,000,000
 * price items beside the demo library), on a PostgreSQL server and on the embedded PGlite, each as
 * its own process with its peak memory, and its bulk step apart. It is the seeding of the other
 * benches (lib/seed-demo.ts), so there is no other seeding to set beside it: the figure is read
 * against the target, minutes, not hours (under 10 minutes each). One round: each run is minutes
 * long. `npm run bench:seed`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LARGE_SIZE } from '../packages/server/src/demo/seed-demo.ts';
import { machineOf, startBenchRun } from './lib/bench-run.ts';
import { BENCH_ADMIN_PASSWORD } from './lib/portal.ts';
import { replaceDocsBlock } from './lib/report.ts';
import { benchCommandLine } from './lib/rounds.ts';
import { sourceVersion } from './lib/source-version.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { serverUrl: SERVER_URL, flags } = benchCommandLine(['profile']);
if (flags.profile) {
  // `npm run bench -- --profile` profiles the portal under load; a seeding has no load to profile.
  console.log('seed: nothing to profile; skipped');
  process.exit(0);
}
const TARGET_MINUTES = 10;
const date = new Date().toISOString().slice(0, 10);
const seconds = (ms: number) => Math.round(ms / 100) / 10;

const run = startBenchRun({ serverUrl: SERVER_URL, maxMinutes: 40, label: 'seed' });
const { loadAverageAtStart, work, databaseName, databaseUrl, admin, cleanUp, say } = run;

type TSeedRun = {
  database: string;
  seconds: number;
  bulkSeconds: number;
  peakRssMiB: number;
  summary: string[];
};

/**
 * Runs `seed:demo --size large` as its own process (under /usr/bin/time for its peak memory) and
 * times it, and the step that writes the volumes in bulk apart from the demo library before it.
 */
async function seedLarge(database: string, env: Record<string, string>): Promise<TSeedRun> {
  const timeFile = path.join(work, `time-${database}.txt`);
  const started = Date.now();
  let bulkStarted = 0;
  const printed: string[] = [];
  const child = spawn(
    '/usr/bin/time',
    [
      '-f',
      '%M',
      '-o',
      timeFile,
      process.execPath,
      '--import',
      'tsx',
      path.join(root, 'packages/server/src/demo/seed-demo-main.ts'),
      '--size',
      'large',
    ],
    {
      cwd: root,
      env: { ...process.env, PORTAL_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  run.children.add({ stop: async () => void child.kill('SIGTERM') });
  const onLine = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      printed.push(line);
      if (line.includes('benchmark volumes in bulk')) bulkStarted = Date.now();
      say(`${database}: ${line.trim()}`);
    }
  };
  child.stdout.on('data', onLine);
  child.stderr.on('data', onLine);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ended = Date.now();
  if (code !== 0) throw new Error(`seed:demo on ${database} exited with ${code}:\n${printed.join('\n')}`);
  const peakKiB = Number(fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop());
  return {
    database,
    seconds: seconds(ended - started),
    bulkSeconds: bulkStarted ? seconds(ended - bulkStarted) : NaN,
    peakRssMiB: Math.round(peakKiB / 1024),
    summary: printed.filter((line) => /^\s+\d/.test(line)).map((line) => line.trim()),
  };
}

try {
  await admin.connect();
  const machine = await machineOf(admin);
  await admin.query(`create database ${databaseName}`);
  say(`seed:demo --size large into PostgreSQL (${databaseName})`);
  const server = await seedLarge('PostgreSQL', {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(work, 'postgres-files'),
  });
  say('seed:demo --size large into PGlite');
  const embedded = await seedLarge('PGlite', { DATA_DIR: path.join(work, 'pglite') });

  const report = {
    date,
    ...machine,
    loadAverageAtStart,
    source: sourceVersion(),
    volumes: LARGE_SIZE,
    runs: [server, embedded],
    targetMinutes: TARGET_MINUTES,
  };
  const file = path.join(root, 'bench', 'results', `seed-${date}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  const verdict = (s: number) => (s < TARGET_MINUTES * 60 ? 'met' : '**missed**');
  const table = [
    '| seeding | whole run | of it the bulk volumes | peak memory | target | verdict |',
    '|---|---|---|---|---|---|',
    ...[server, embedded].map(
      (r) =>
        `| \`seed:demo --size large\`, ${r.database} | ${r.seconds} s | ${r.bulkSeconds} s | ${r.peakRssMiB} MiB | < ${TARGET_MINUTES} min | ${verdict(r.seconds)} |`,
    ),
  ].join('\n');
  const conditions = `${date}, ${machine.cpus}, Node ${machine.node}, PostgreSQL ${machine.postgres}, ${LARGE_SIZE.families.toLocaleString('en')} families, ${LARGE_SIZE.users.toLocaleString('en')} people, ${LARGE_SIZE.priceItems.toLocaleString('en')} price items beside the demo library, one round, load average ${loadAverageAtStart[0]} at the start`;
  const block = `${conditions}.\n\n${table}`;
  fs.writeFileSync(path.join(root, 'bench', 'results', `seed-${date}.md`), `${block}\n`);
  console.log(`\n${block}\n`);
  const wrote = replaceDocsBlock(path.join(root, 'docs', 'performance.md'), 'seed', block);
  say(`written to ${path.relative(root, file)}${wrote ? ' and docs/performance.md' : ''}`);
} finally {
  await cleanUp();
  say('done; bench databases dropped');
}
