// `npm run test:deploy`: checks the container image's runtime stage without a container engine.
// It reads the Dockerfile's last stage, lays out what its COPY and RUN npm ci lines would put in
// /app (from this checkout, after `npm run build`), installs the production dependencies the same
// way, starts the portal from that folder as the image's CMD does, and checks that it answers
// liveness and readiness, serves the web app, and that the admin command line runs there too.
// What it cannot check: the base image itself, the `node` user and the HEALTHCHECK syntax.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/* global fetch -- Node 20 has it */
const say = (line) => console.log(`test:deploy: ${line}`);

/** The instructions of the Dockerfile's last stage, continuation lines joined. */
function runtimeStage() {
  const text = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const lines = text.split('\n').map((line) => line.trim());
  const last = lines.findLastIndex((line) => /^FROM\s/i.test(line));
  return lines.slice(last + 1).filter((line) => line && !line.startsWith('#'));
}

/** A port nothing listens on now. */
async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const app = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-data-'));
let portal;
try {
  // The server bundle always afresh (a second); the web app when it was not built yet.
  execFileSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (!fs.existsSync(path.join(root, 'packages/web/dist/index.html')))
    execFileSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
  const env = {};
  for (const line of runtimeStage()) {
    const [instruction, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (/^COPY$/i.test(instruction)) {
      // COPY [--from=build] <source>… <target>: both stages copy from this checkout's layout.
      const parts = rest.filter((part) => !part.startsWith('--'));
      const target = path.join(app, parts.at(-1));
      for (const source of parts.slice(0, -1)) {
        const from = path.join(root, source.replace(/^\/app\//, ''));
        if (!fs.existsSync(from)) throw new Error(`the Dockerfile copies ${source}, which does not exist`);
        const into = parts.at(-1).endsWith('/') ? path.join(target, path.basename(from)) : target;
        fs.mkdirSync(path.dirname(into), { recursive: true });
        fs.cpSync(from, into, { recursive: true });
      }
    } else if (/^ENV$/i.test(instruction)) {
      for (const [, name, value] of args.matchAll(/(\w+)=(\S+)/g)) env[name] = value;
    } else if (/^RUN$/i.test(instruction) && args.includes('npm ci')) {
      const install = args.split('&&')[0].trim().split(/\s+/).slice(1);
      say(`npm ${install.join(' ')} (as the image does)`);
      execFileSync('npm', [...install, '--prefer-offline'], { cwd: app, stdio: 'inherit' });
    }
  }
  for (const forbidden of ['vitest', 'vite', 'typescript', 'eslint', 'playwright-core'])
    if (fs.existsSync(path.join(app, 'node_modules', forbidden)))
      throw new Error(`the runtime stage holds the development package ${forbidden}`);

  const portalEnv = {
    ...process.env,
    ...env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    PORTAL_ADMIN_PASSWORD: 'Deploy-Passw0rd!',
    LOG_LEVEL: 'warn',
  };
  delete portalEnv.DATABASE_URL;
  const check = spawnSync(process.execPath, ['packages/server/bin/portal.mjs', 'check-config'], {
    cwd: app,
    env: portalEnv,
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`portal check-config failed there: ${check.stderr}`);
  say(check.stdout.trim());

  // The image's CMD: node with the flags of scripts/node-flags.mjs, on the bundle.
  const flags = execFileSync(process.execPath, ['scripts/node-flags.mjs'], { cwd: app, encoding: 'utf8' })
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  portal = spawn(process.execPath, [...flags, 'packages/server/dist/main.js'], {
    cwd: app,
    env: portalEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  portal.stdout.on('data', (chunk) => (printed += chunk));
  portal.stderr.on('data', (chunk) => (printed += chunk));
  const started = Date.now();
  while (!printed.includes('Family Portal is running')) {
    if (portal.exitCode !== null || Date.now() - started > 120_000)
      throw new Error(`the portal did not start from the image's layout:\n${printed}`);
    await sleep(100);
  }
  const base = `http://127.0.0.1:${portalEnv.PORT}`;
  for (const [pathname, expected] of [
    ['/api/health', '"status":"ok"'],
    ['/api/ready', '"status":"ready"'],
    ['/', '<div id="root"'],
  ]) {
    const response = await fetch(`${base}${pathname}`);
    const body = await response.text();
    if (!response.ok || !body.includes(expected))
      throw new Error(`${pathname} answered ${response.status}: ${body.slice(0, 200)}`);
    say(`${pathname} answers ${response.status}`);
  }
  say('the runtime stage of the Dockerfile starts and serves');
} finally {
  if (portal && portal.exitCode === null) {
    portal.kill('SIGTERM');
    await new Promise((resolve) => portal.once('exit', resolve));
  }
  fs.rmSync(app, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
