/**
 * The real processes the fault tests start and kill: the portal as `npm start` runs it (the built
 * bundle, Node's flags from scripts/node-flags.mjs), a private PostgreSQL cluster (initdb and
 * pg_ctl on a free port, never the machine's shared server), and nginx in front of instances.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { nodeFlags } from '../../scripts/node-flags.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_PASSWORD = 'Faults-Passw0rd!';
const isRoot = process.getuid?.() === 0;

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A fresh folder under the system's temporary one, removed by `removeAll`. */
const made: string[] = [];
export function tempFolder(prefix: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `portal-faults-${prefix}-`));
  made.push(folder);
  return folder;
}
export function removeAll(): void {
  for (const folder of made.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
}

/** Waits until `check` answers true, polling every `everyMs`; throws with `what` past `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000, everyMs = 100) {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

export type TPortal = {
  url: string;
  port: number;
  pid: number;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  /** Sends `signal` and waits for the process to end; answers its exit code or signal. */
  kill(signal: NodeJS.Signals): Promise<number | string>;
  exited: Promise<number | string>;
};

/**
 * Starts the built portal (packages/server/dist/main.js) with `env` on a free port of 127.0.0.1
 * and waits until /api/health answers. `wrap` runs it under another command (unshare, for a data
 * folder on a small tmpfs): the command's arguments, then the portal's own.
 */
export async function startPortal(
  env: Record<string, string>,
  options: { port?: number; wrap?: string[] } = {},
): Promise<TPortal> {
  const port = options.port ?? (await freePort());
  const command = [process.execPath, ...nodeFlags(), path.join(root, 'packages/server/dist/main.js')];
  const [program, ...args] = options.wrap ? [...options.wrap, ...command] : command;
  const portalEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    ...env,
  };
  if (!env.DATABASE_URL) delete portalEnv.DATABASE_URL;
  const child: ChildProcess = spawn(program!, args, {
    cwd: root,
    env: portalEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed = (printed + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (printed = (printed + chunk.toString()).slice(-20_000)));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code ?? -1)),
  );
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  const started = Date.now();
  while (
    !(await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false))
  ) {
    if (gone) throw new Error(`the portal exited before it answered:\n${printed}`);
    if (Date.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`the portal did not answer within 120 s:\n${printed}`);
    }
    await sleep(100);
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    output: () => printed,
    exited,
    async kill(signal) {
      if (!gone) child.kill(signal);
      return exited;
    },
  };
}

/** The folder holding PostgreSQL's server programs (initdb, pg_ctl). */
function postgresBin(): string {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest && fs.existsSync(`/usr/lib/postgresql/${newest}/bin/initdb`))
    return `/usr/lib/postgresql/${newest}/bin`;
  return path.dirname(execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim());
}

export type TCluster = {
  port: number;
  /** A connection string to `database` on this cluster (superuser root, trust). */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  destroy(): Promise<void>;
};

/**
 * A private PostgreSQL cluster on a free port: initdb into a temporary folder (as the postgres
 * user when this runs as root: PostgreSQL refuses to run as root), started with pg_ctl.
 */
export async function startCluster(): Promise<TCluster> {
  const bin = postgresBin();
  const folder = tempFolder('pg');
  const data = path.join(folder, 'data');
  const port = await freePort();
  if (isRoot) execFileSync('chown', ['postgres', folder]);
  const run = (program: string, args: string[]) =>
    execFileSync(
      isRoot ? 'runuser' : path.join(bin, program),
      isRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args,
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        cwd: folder,
      },
    );
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'root', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=300`;
  const start = async () => {
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(folder, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  const url = (database = 'postgres') => `postgres://root@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
    },
  };
}

export type TNginx = { url: string; stop(): Promise<void> };

/**
 * nginx (Debian's package) on a free port in front of `upstreams`, in its own prefix folder, with
 * the shipped deploy/nginx.conf: only its upstream servers and its port are replaced.
 */
export async function startNginx(upstreams: string[]): Promise<TNginx> {
  const folder = tempFolder('nginx');
  const port = await freePort();
  const shipped = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const servers = upstreams
    .map((u) => `    server ${new URL(u).host} max_fails=2 fail_timeout=10s;`)
    .join('\n');
  const site = shipped
    .replace(/^(\s*server\s+portal-\d+:\d+[^;]*;\n)+/m, `${servers}\n`)
    .replace(/listen\s+80;/, `listen 127.0.0.1:${port};`);
  if (!site.includes(servers) || !site.includes(`:${port};`))
    throw new Error(
      'deploy/nginx.conf no longer has the upstream servers and the listen line this test replaces',
    );
  const conf = path.join(folder, 'nginx.conf');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${folder}/${name};`)
    .join('\n');
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
${isRoot ? 'user root;' : ''}
events { worker_connections 1024; }
http {
  access_log off;
${temp}
${site}
}
`,
  );
  const nginx: ChildProcess = spawn('nginx', ['-p', folder, '-c', conf], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let printed = '';
  nginx.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  await until(
    'nginx answering',
    async () => {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${printed}`);
      return fetch(`${url}/api/health`).then((r) => r.status > 0);
    },
    20_000,
  );
  return {
    url,
    async stop() {
      if (nginx.exitCode === null) nginx.kill('SIGQUIT');
      await exited;
    },
  };
}
