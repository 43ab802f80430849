/* global fetch, performance, setTimeout, URL */
// Measures the compiled server (packages/server/dist/main.js, made by `npm run build`): the time
// from starting the process to its first answer on GET /api/health, and its resident memory at
// idle after a few requests. Runs it twice on a fresh data folder: the first start (migrations,
// administrator) and a restart on the data it left. Each run is stopped with SIGTERM.
// Usage: node scripts/startup-report.mjs [--runs N]   (PGlite in a temporary data folder)
//        With --runs N it repeats the pair N times and ends with the fastest start and the median
//        idle memory of each, the fair figures on a machine other work keeps busy.
//        DATABASE_URL=postgres://root@127.0.0.1:5432/postgres node scripts/startup-report.mjs
//        (a PostgreSQL server: a new database beside the one named, dropped at the end)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { nodeFlags } from './node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'packages/server/dist/main.js');
const adminPassword = `Report-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 16)}!`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * CPU time a process has used in ms (user + system, all threads), from /proc (Linux): unlike the
 * wall-clock time it hardly moves when other work shares the machine.
 */
function cpuMs(pid) {
  // Fields 14 and 15 after the command name in parentheses, in clock ticks of 1/100 s.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident set size of a process in MiB, from /proc (Linux). */
function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]) / 1024;
}

async function answer(url, init) {
  try {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** A few requests a first visit makes: the page, the health check, a sign-in and the signed-in user. */
async function visit(base) {
  const statuses = {};
  statuses['GET /'] = await answer(`${base}/`, { headers: { 'accept-encoding': 'br' } });
  for (let i = 0; i < 20; i++) statuses['GET /api/health'] = await answer(`${base}/api/health`);
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'admin',
      password: createHash('sha512').update(adminPassword).digest('hex'),
    }),
  });
  statuses['POST /api/user/login'] = login.status;
  const { authToken } = await login.json();
  statuses['GET /api/user/me'] = await answer(`${base}/api/user/me`, {
    headers: { authorization: `Bearer ${authToken}` },
  });
  return statuses;
}

/** A database URL on the same server as `serverUrl`, naming a database that does not exist yet. */
function freshDatabaseUrl(serverUrl) {
  const url = new URL(serverUrl);
  url.pathname = `/portal_startup_${process.pid}_${Date.now()}`;
  return url.toString();
}

async function dropDatabase(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

async function run(label, dataDir, databaseUrl) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PORTAL_ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags(), main], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  let firstAnswerMs;
  while (firstAnswerMs === undefined) {
    if (child.exitCode !== null) throw new Error(`${label}: the server exited with ${child.exitCode}`);
    if ((await answer(`${base}/api/health`)) === 200) firstAnswerMs = performance.now() - started;
    else await sleep(5);
    if (performance.now() - started > 60_000) {
      child.kill('SIGTERM');
      throw new Error(`${label}: no answer within 60 s`);
    }
  }
  const cpuToFirstAnswer = cpuMs(child.pid);
  const afterStart = rssMiB(child.pid);
  const statuses = await visit(base);
  // Let the garbage collector and the database settle before reading the idle figure.
  await sleep(3000);
  const idle = rssMiB(child.pid);
  child.kill('SIGTERM');
  const stoppedWith = await exited;
  const odd = Object.entries(statuses).filter(([, status]) => status !== 200);
  console.log(
    `${label}: first answer after ${Math.round(firstAnswerMs)} ms (CPU ${cpuToFirstAnswer} ms); RSS ${Math.round(afterStart)} MiB at first answer, ` +
      `${Math.round(idle)} MiB idle after ${Object.keys(statuses).length} kinds of request; SIGTERM -> exit ${stoppedWith}` +
      (odd.length
        ? ` (unexpected answers: ${odd.map(([call, status]) => `${call} ${status}`).join(', ')})`
        : ''),
  );
  return { firstAnswerMs, cpuToFirstAnswer, idle };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!fs.existsSync(main)) {
  console.error('packages/server/dist/main.js is missing: run `npm run build` first.');
  process.exit(1);
}
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag === -1 ? 1 : Number(process.argv[runsFlag + 1]);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number of 1 or more');
  process.exit(1);
}
console.log(
  `node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, ` +
    `database: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite'}`,
);
const results = { 'first start': [], restart: [] };
for (let round = 0; round < runs; round++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-startup-'));
  const databaseUrl = process.env.DATABASE_URL ? freshDatabaseUrl(process.env.DATABASE_URL) : undefined;
  try {
    for (const label of Object.keys(results)) results[label].push(await run(label, dataDir, databaseUrl));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(databaseUrl);
  }
}
if (runs > 1) {
  for (const [label, measured] of Object.entries(results)) {
    const fastest = Math.min(...measured.map((m) => m.firstAnswerMs));
    const cpu = median(measured.map((m) => m.cpuToFirstAnswer));
    const idle = median(measured.map((m) => m.idle));
    console.log(
      `${label}, ${runs} runs: fastest first answer ${Math.round(fastest)} ms, median CPU to it ${cpu} ms, ` +
        `median idle RSS ${Math.round(idle)} MiB`,
    );
  }
}
