import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, queryRows, type TDatabase } from '../db/client.ts';
import { ADMIN_PASSWORD, sha512Hex, testConfig, unique } from '../../test/test-app.ts';
import { RFA_FIXTURE } from '../../test/firestop.ts';
import { backupTo } from './backup.ts';
import { runCli } from './cli.ts';
import { controlSocketPath, openControlSocket } from './control-socket.ts';
import { restoreFrom } from './restore.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL;
type TKind = 'pglite' | 'postgres';
/** The database these tests run on: PostgreSQL when TEST_DATABASE_URL names a server, else PGlite. */
const KIND: TKind = SERVER_URL ? 'postgres' : 'pglite';

/** A data folder, and on PostgreSQL a database of its own: where a portal or a restore lives. */
type TSide = { kind: TKind; dataDir: string; databaseUrl: string | undefined; env: NodeJS.ProcessEnv };
const made: TSide[] = [];
let template: string | undefined;

/**
 * A new empty PGlite folder: a copy of one made once (initdb is most of the cost of a new folder),
 * not yet migrated, as on a first start.
 */
async function pgliteFolder(dataDir: string): Promise<void> {
  if (!template) {
    template = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-template-'));
    const database = await openDatabase({ dataDir: template, migrate: false });
    await database.close();
  }
  fs.cpSync(path.join(template, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
}

async function side(kind: TKind = KIND): Promise<TSide> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
  if (kind === 'pglite') await pgliteFolder(dataDir);
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const name = `portal_cli_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(SERVER_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const made_ = {
    kind,
    dataDir,
    databaseUrl,
    env: {
      DATA_DIR: dataDir,
      PORTAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  };
  made.push(made_);
  return made_;
}

afterAll(async () => {
  if (template) fs.rmSync(template, { recursive: true, force: true });
  for (const { dataDir, databaseUrl } of made) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!databaseUrl) continue;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
});

/** Runs `portal <args>` in this process; answers its exit code and what it printed. */
async function portal(target: TSide | NodeJS.ProcessEnv, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = 'env' in target ? (target.env as NodeJS.ProcessEnv) : target;
  const code = await runCli(args, { env, out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Fails unless the command exited with `code` and said `text` on the error output. */
function failsWith(answer: { code: number; err: string }, code: number, text: string): void {
  expect(answer.code, answer.err).toBe(code);
  expect(answer.err).toContain(text);
}

type TPortal = {
  app: FastifyInstance;
  database: TDatabase;
  call(
    url: string,
    token: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
};

/** The real app on a side's database and data folder (nothing in memory). */
async function portalOn(target: TSide): Promise<TPortal> {
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    readConnections: 0,
  });
  const app = await buildApp(
    testConfig({ inMemory: false, dataDir: target.dataDir, databaseUrl: target.databaseUrl }),
    database,
    false,
  );
  await app.ready();
  return {
    app,
    database,
    async call(url, token, body = {}) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: body as Record<string, unknown>,
      });
      return { status: response.statusCode, body: response.json() };
    },
  };
}

async function adminToken(p: TPortal): Promise<string> {
  const response = await p.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: 'admin', password: sha512Hex(ADMIN_PASSWORD) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ authToken: string }>().authToken;
}

/** Fills a portal with companies (a parent and a child), users and families with their stored files. */
async function fill(p: TPortal, token: string): Promise<void> {
  const parent = await p.call('/api/company/save', token, {
    companyInfos: [{ companyName: unique('parent'), active: true }],
  });
  expect(parent.status, JSON.stringify(parent.body)).toBe(200);
  const parentId = (parent.body.companyInfos as Array<{ companyId: number }>)[0]!.companyId;
  const child = await p.call('/api/company/save', token, {
    companyInfos: [{ companyName: unique('child'), active: true, parentCompany: { companyId: parentId } }],
  });
  expect(child.status, JSON.stringify(child.body)).toBe(200);
  const roles = await p.call('/api/role/find', token, { names: ['userrole'] });
  const roleId = (roles.body.roleInfos as Array<{ roleId: number }>)[0]!.roleId;
  for (let i = 0; i < 3; i++) {
    const login = unique('member');
    const saved = await p.call('/api/user/save', token, {
      userInfos: [
        {
          login,
          passwordHash: sha512Hex('User-Passw0rd!'),
          firstName: login,
          lastName: 'Tester',
          email: `${login}@example.com`,
          company: { companyId: parentId },
          roles: [{ roleId }],
          active: true,
          registrationCompleted: true,
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  for (let i = 0; i < 2; i++) {
    const family = await p.call('/api/family/save', token, {
      revitFamilyInfos: [
        {
          revitFamilyName: unique('family'),
          revitFamilyFileName: 'seal.rfa',
          revitFamilyFileBase64: RFA_FIXTURE.toString('base64'),
          companyId: parentId,
        },
      ],
    });
    expect(family.status, JSON.stringify(family.body)).toBe(200);
  }
}

/** What the portal shows: the user and family finds as the admin, and every stored file's bytes. */
async function snapshot(p: TPortal, token: string, dataDir: string) {
  const users = await p.call('/api/user/find', token, {});
  const families = await p.call('/api/family/find', token, {});
  expect(users.status).toBe(200);
  expect(families.status).toBe(200);
  const root = path.join(dataDir, 'files');
  const files = Object.fromEntries(
    (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((entry) => /^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(entry))
      .sort()
      .map((entry) => [entry, fs.readFileSync(path.join(root, entry)).toString('base64')]),
  );
  return { users: users.body, families: families.body, files };
}

/** A portal filled once, its admin's token, what it showed, and its backup taken by the command. */
type TSource = { from: TSide; token: string; before: Awaited<ReturnType<typeof snapshot>>; file: string };
let shared: Promise<TSource> | undefined;

/** The filled portal every restore test reads (made by the first test that asks for it). */
function sourceBackup(): Promise<TSource> {
  shared ??= (async () => {
    const from = await side();
    const source = await portalOn(from);
    const token = await adminToken(source);
    await fill(source, token);
    const before = await snapshot(source, token, from.dataDir);
    await source.app.close();
    const file = path.join(from.dataDir, 'backup.tar');
    const backup = await portal(from, 'backup', file);
    expect(backup.code, backup.err).toBe(0);
    return { from, token, before, file };
  })();
  return shared;
}

/** Restores the shared backup into `into` by the command and checks the portal there shows the same. */
async function restoreAndCompare(into: TSide, ...flags: string[]): Promise<void> {
  const { token, before, file } = await sourceBackup();
  const restore = await portal(into, 'restore', file, ...flags);
  expect(restore.code, restore.err).toBe(0);
  const target = await portalOn(into);
  try {
    // The admin's token of the source works: the sessions and the server secret came along.
    const after = await snapshot(target, token, into.dataDir);
    expect(Object.keys(before.files).length).toBeGreaterThan(0);
    expect(after).toEqual(before);
    // The sequences moved past the restored ids: new records save.
    await fill(target, token);
  } finally {
    await target.app.close();
  }
}

describe('portal check-config', () => {
  it('names every wrong variable on its own line, hides secrets, and exits with 2', async () => {
    const answer = await portal(
      {
        PORT: 'eighty',
        DATABASE_URL: 'mysql://portal:s3cret@db/portal',
        JWT_SECRET: 'short-secret',
        ACTIVITY_LOG: 'maybe',
        BOT_CHECK: 'sometimes',
        TRUST_PROXY: 'not an address',
        LOG_LEVEL: 'loud',
      },
      'check-config',
    );
    expect(answer.code).toBe(2);
    const lines = answer.err.split('\n');
    expect(lines).toEqual([
      'PORT="eighty" must be a whole number from 0 to 65535',
      'DATABASE_URL="mysql://portal:***@db/portal" must be a postgres:// or postgresql:// URL',
      'JWT_SECRET="(hidden, 12 characters)" must be at least 32 characters',
      'BOT_CHECK="sometimes" must be one of 1, 0, true, false, on, off, yes, no',
      'TRUST_PROXY="not an address" must be true, false, a number of proxy hops, or a comma list of proxy addresses or CIDRs',
      'ACTIVITY_LOG="maybe" must be on or off',
      'LOG_LEVEL="loud" must be one of fatal, error, warn, info, debug, trace, silent',
    ]);
    expect(answer.err).not.toContain('s3cret');
    expect(answer.err).not.toContain('short-secret');
  });

  it('answers 0 on a valid configuration, and every other command refuses a wrong one with 2', async () => {
    const ok = await portal(
      { PORT: '9090', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1', DATA_DIR: '/tmp/x' },
      'check-config',
    );
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toContain('The configuration is valid');
    const refused = await portal({ LOGIN_MAX_FAILURES: '0' }, 'migrations', 'list');
    expect(refused.code).toBe(2);
    expect(refused.err).toBe('LOGIN_MAX_FAILURES="0" must be a whole number, at least 1');
  });
});

describe('portal wrong input', () => {
  it('refuses an unknown command, a missing or extra argument and an unknown option', async () => {
    const env = { DATA_DIR: '/nonexistent' };
    failsWith(await portal(env, 'frobnicate'), 1, 'Unknown command "frobnicate"');
    failsWith(await portal(env), 1, 'Usage: npx portal');
    failsWith(await portal(env, 'backup'), 1, 'backup: missing argument');
    failsWith(await portal(env, 'create-admin', 'boss'), 1, 'missing argument');
    failsWith(await portal(env, 'rebuild-counts', 'now'), 1, 'unexpected argument "now"');
    failsWith(await portal(env, 'restore', 'x.tar', '--force'), 1, 'unknown option --force');
    failsWith(await portal(env, 'migrations', 'undo'), 1, 'unknown action "undo"');
    const help = await portal(env, 'restore', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: portal restore <file.tar> [--replace]');
  });

  it('runs as the `portal` bin and answers its exit codes', () => {
    const bin = path.resolve(import.meta.dirname, '../../bin/portal.mjs');
    const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('portal backup <file.tar>');
    const wrong = spawnSync(process.execPath, [bin, 'check-config'], {
      encoding: 'utf8',
      env: { ...process.env, PORT: '-1' },
    });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('PORT="-1" must be a whole number from 0 to 65535');
  }, 60_000);

  it('refuses a PGlite folder another process holds', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-held-'));
    try {
      fs.writeFileSync(path.join(dataDir, 'portal.lock'), String(process.ppid));
      const answer = await portal({ DATA_DIR: dataDir }, 'backup', path.join(dataDir, 'held.tar'));
      expect(answer.code).toBe(1);
      expect(answer.err).toContain(`is in use by process ${process.ppid}; stop it first`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a missing file, a file that is no tar, a tar that is not ours and a backup whose sums do not match', async () => {
    const target = await side();
    const folder = target.dataDir;
    const missing = await portal(target, 'restore', path.join(folder, 'nothing.tar'));
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/nothing\.tar: no such file/);

    const noise = path.join(folder, 'noise.tar');
    fs.writeFileSync(noise, randomBytes(4096));
    const notTar = await portal(target, 'restore', noise);
    expect(notTar.code).toBe(1);
    expect(notTar.err).toContain('is not a Family Portal backup');

    const other = path.join(folder, 'other.tar');
    await writeTar(other, [{ name: 'readme.txt', content: Buffer.from('hello') }]);
    const notOurs = await portal(target, 'restore', other);
    expect(notOurs.code).toBe(1);
    expect(notOurs.err).toContain('is not a Family Portal backup: its first entry is readme.txt');

    // A real backup with one table's line changed after the sums were taken.
    const { file: good } = await sourceBackup();
    const entries = await readTar(good);
    const users = entries.find((e) => e.name === 'tables/users.jsonl')!;
    users.content = Buffer.from(users.content.toString('utf8').replace('"admin"', '"evil!"'));
    const tampered = path.join(folder, 'tampered.tar');
    await writeTar(tampered, entries);
    const damaged = await portal(target, 'restore', tampered);
    expect(damaged.code).toBe(1);
    expect(damaged.err).toMatch(/is damaged: tables\/users\.jsonl sums to [0-9a-f]{64}/);

    const exists = await portal(target, 'backup', good);
    failsWith(exists, 1, 'exists already');
    const badLogin = await portal(target, 'create-admin', 'a b', 'x@example.com');
    failsWith(badLogin, 1, 'login "a b" is not valid');
    const badEmail = await portal(target, 'create-admin', 'chief', 'not-an-address');
    failsWith(badEmail, 1, 'is not a valid address');
    const noSchema = await portal(target, 'reset-password', 'admin');
    failsWith(noSchema, 1, 'holds no Family Portal yet');
  }, 300_000);
});

describe('portal create-admin, reset-password, migrations and rebuild-counts', () => {
  it('creates an admin who signs in, resets a password, lists migrations and rebuilds counts', async () => {
    const target = await side();
    const before = await portal(target, 'migrations', 'list');
    expect(before.code).toBe(0);
    expect(before.out).toMatch(/pending {2}0000_init/);
    const created = await portal(target, 'create-admin', 'chief', 'chief@example.com');
    expect(created.code, created.err).toBe(0);
    const password = /Password \(shown once\): (\S+)/.exec(created.out)![1]!;
    expect((await portal(target, 'migrations', 'run')).out).toContain('Nothing to apply');
    const reset = await portal(target, 'reset-password', 'admin');
    expect(reset.code, reset.err).toBe(0);
    const newPassword = /\(shown once\): (\S+)/.exec(reset.out)![1]!;
    const link = await portal(target, 'reset-password', 'chief', '--link');
    expect(link.out).toMatch(/http:\/\/localhost:8080\/#\/auth\/reset-password\?token=\S+/);
    const twice = await portal(target, 'create-admin', 'chief', 'chief@example.com');
    failsWith(twice, 1, '"chief" exists already');
    const nobody = await portal(target, 'reset-password', 'nobody_here');
    failsWith(nobody, 1, 'no user has the login "nobody_here"');
    const counts = await portal(target, 'rebuild-counts');
    expect(counts.code, counts.err).toBe(0);
    expect(counts.out).toContain('1 user count rows');

    const p = await portalOn(target);
    try {
      for (const [username, secret] of [
        ['chief', password],
        ['admin', newPassword],
      ] as const) {
        const response = await p.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { username, password: sha512Hex(secret) },
        });
        expect(response.statusCode, `${username}: ${response.body}`).toBe(200);
      }
    } finally {
      await p.app.close();
    }
  }, 300_000);
});

describe('portal backup and restore', () => {
  it(`gives the same finds and byte-identical files (${KIND} to ${KIND}), refusing a non-empty target unless told`, async () => {
    const into = await side();
    await restoreAndCompare(into);
    // `into` now holds the restored portal and more: refused, then replaced by the backup again.
    const { file } = await sourceBackup();
    const refused = await portal(into, 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('the target is not empty');
    expect(refused.err).toContain('--replace');
    await restoreAndCompare(into, '--replace');
  }, 300_000);

  it.runIf(SERVER_URL)(
    'moves a portal from PGlite to PostgreSQL and back',
    async () => {
      const pglite = await side('pglite');
      const first = await portal(pglite, 'create-admin', 'mover', 'mover@example.com');
      expect(first.code, first.err).toBe(0);
      const file = path.join(pglite.dataDir, 'pglite.tar');
      expect((await portal(pglite, 'backup', file)).code).toBe(0);
      const server = await side('postgres');
      expect((await portal(server, 'restore', file)).code).toBe(0);
      const again = path.join(pglite.dataDir, 'server.tar');
      expect((await portal(server, 'backup', again)).code).toBe(0);
      const back = await side('pglite');
      expect((await portal(back, 'restore', again)).code).toBe(0);
      // Every table's rows came back the same, read as JSON (the two files differ only in their manifests' times and sources).
      const tables = async (tarFile: string) =>
        Object.fromEntries(
          (await readTar(tarFile))
            .filter((e) => e.name.startsWith('tables/'))
            .map((e) => [
              e.name,
              e.content
                .toString('utf8')
                .split('\n')
                .filter(Boolean)
                .map((line) => JSON.parse(line) as unknown)
                .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
            ]),
        );
      const third = path.join(back.dataDir, 'back.tar');
      expect((await portal(back, 'backup', third)).code).toBe(0);
      expect(await tables(third)).toEqual(await tables(file));
      // And the filled portal of the shared backup (on the server) restores into PGlite with the same finds and files.
      await restoreAndCompare(await side('pglite'));
    },
    300_000,
  );

  it('restores a backup taken while users are written to a consistent state', async () => {
    const from = await side();
    const source = await portalOn(from);
    const token = await adminToken(source);
    const company = await source.call('/api/company/save', token, {
      companyInfos: [{ companyName: unique('busy'), active: true }],
    });
    const companyId = (company.body.companyInfos as Array<{ companyId: number }>)[0]!.companyId;
    const roles = await source.call('/api/role/find', token, { names: ['userrole'] });
    const roleId = (roles.body.roleInfos as Array<{ roleId: number }>)[0]!.roleId;
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const login = unique('busy');
        const saved = await source.call('/api/user/save', token, {
          userInfos: [
            {
              login,
              passwordHash: sha512Hex('User-Passw0rd!'),
              firstName: login,
              lastName: 'Busy',
              email: `${login}@example.com`,
              company: { companyId },
              roles: [{ roleId }],
              active: true,
              registrationCompleted: true,
            },
          ],
        });
        expect(saved.status).toBe(200);
        written += 1;
      }
    })();
    while (written < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    const file = path.join(from.dataDir, 'busy.tar');
    const manifest = await backupTo(source.database, path.join(from.dataDir, 'files'), file);
    writing = false;
    await writer;
    await source.app.close();

    const into = await side();
    const database = await openDatabase({
      databaseUrl: into.databaseUrl,
      dataDir: into.dataDir,
      readConnections: 0,
      migrate: false,
    });
    try {
      await restoreFrom(database, path.join(into.dataDir, 'files'), file);
      const [state] = await queryRows<{ users: number; counted: number; roleless: number; rows: number }>(
        database.db,
        sql`select (select count(*) from users)::int as "users",
                   (select coalesce(sum(users), 0) from user_counts)::int as "counted",
                   (select count(*) from users u where not exists
                      (select 1 from user_roles r where r.user_id = u.id))::int as "roleless",
                   (select count(*) from users where company_id = ${companyId})::int as "rows"`,
      );
      // Every user came with its roles and its count: no write was cut in half.
      expect(state!.counted).toBe(state!.users);
      expect(state!.roleless).toBe(0);
      expect(state!.users).toBe(manifest.tables.find((t) => t.name === 'users')!.rows);
      const [kept] = await queryRows<{ users: number }>(
        database.db,
        sql`select users::int as "users" from user_counts where company_id = ${companyId}`,
      );
      expect(kept?.users).toBe(state!.rows);
      expect(state!.rows).toBeGreaterThanOrEqual(3);
    } finally {
      await database.close();
    }
  }, 300_000);
});

describe('portal with the files in S3', () => {
  it('says where the files are, backs up the database alone, and refuses a backup with files', async () => {
    const { file } = await sourceBackup();
    const target = await side();
    const s3 = { ...target.env, S3_BUCKET: 'portal-files', S3_ENDPOINT: 'http://127.0.0.1:9' };
    const check = await portal(s3, 'check-config');
    expect(check.out).toContain('files in the S3 bucket portal-files at http://127.0.0.1:9');
    const refused = await portal(s3, 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('keeps its files in the S3 bucket portal-files');
    // Nothing was restored: the same target takes the backup without S3.
    expect((await portal(target, 'restore', file)).code).toBe(0);
    const databaseOnly = path.join(target.dataDir, 'database-only.tar');
    const backup = await portal(s3, 'backup', databaseOnly);
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toContain('this backup holds the database only');
    const entries = await readTar(databaseOnly);
    expect(entries.some((entry) => entry.name.startsWith('files/'))).toBe(false);
    expect(entries.some((entry) => entry.name === 'tables/users.jsonl')).toBe(true);
  }, 300_000);
});

const quiet = { info: () => undefined, warn: () => undefined };

/** One request on a control socket: every answer line it got back. */
async function ask(socketPath: string, request: string): Promise<Array<Record<string, unknown>>> {
  const socket = net.connect(socketPath);
  await once(socket, 'connect');
  socket.write(request);
  let text = '';
  for await (const chunk of socket as AsyncIterable<Buffer>) text += chunk.toString('utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe.runIf(!SERVER_URL)('portal backup of a running portal on PGlite', () => {
  it('is taken by the portal that holds the folder, and restores to the same finds and files', async () => {
    const from = await side('pglite');
    const source = await portalOn(from);
    const control = await openControlSocket(from.dataDir, source.database, quiet);
    try {
      expect(control).not.toBeNull();
      // Only the owner may reach the socket.
      expect(fs.statSync(path.dirname(control!.path)).mode & 0o777).toBe(0o700);
      const token = await adminToken(source);
      await fill(source, token);
      const before = await snapshot(source, token, from.dataDir);
      const file = path.join(from.dataDir, 'running.tar');
      const backup = await portal(from, 'backup', file);
      expect(backup.code, backup.err).toBe(0);
      expect(backup.out).toContain('users:');
      // The portal still answers after its backup.
      expect((await source.call('/api/user/find', token, {})).status).toBe(200);

      const into = await side('pglite');
      expect((await portal(into, 'restore', file)).code).toBe(0);
      const target = await portalOn(into);
      try {
        expect(await snapshot(target, token, into.dataDir)).toEqual(before);
      } finally {
        await target.app.close();
      }
    } finally {
      await control?.close();
      await source.app.close();
    }
  }, 300_000);

  it('answers a wrong request with an error line and writes nothing', async () => {
    const from = await side('pglite');
    const source = await portalOn(from);
    const control = await openControlSocket(from.dataDir, source.database, quiet);
    try {
      const socketPath = control!.path;
      const existing = path.join(from.dataDir, 'exists.tar');
      fs.writeFileSync(existing, 'x');
      const cases: Array<[string, string]> = [
        ['not json\n', 'not JSON'],
        ['{"command":"drop"}\n', 'unknown command "drop"'],
        ['{"command":"backup","output":"relative.tar"}\n', 'absolute path'],
        ['{"command":"backup","output":{"__proto__":{}}}\n', 'absolute path'],
        [`${JSON.stringify({ command: 'backup', output: `${from.dataDir}/a\0b.tar` })}\n`, 'absolute path'],
        [`${JSON.stringify({ command: 'backup', output: existing })}\n`, 'exists already'],
        [`${JSON.stringify({ command: 'backup', output: '/nonexistent/x.tar' })}\n`, 'no such folder'],
        [`${'x'.repeat(20_000)}\n`, 'one JSON line of at most 16 KiB'],
      ];
      for (const [request, error] of cases) {
        const answers = await ask(socketPath, request);
        expect(answers).toHaveLength(1);
        expect(String(answers[0]!.error)).toContain(error);
      }
      expect(fs.readdirSync(from.dataDir).filter((name) => name.endsWith('.tar'))).toEqual(['exists.tar']);
    } finally {
      await control?.close();
      await source.app.close();
    }
    // Closed with the portal: the command then opens the folder itself.
    const after = path.join(from.dataDir, 'after.tar');
    expect((await portal(from, 'backup', after)).code).toBe(0);
    expect(fs.existsSync(controlSocketPath(from.dataDir))).toBe(false);
  }, 120_000);

  it('works between two processes: the server started as `npm start` starts it, the bin asks it', async () => {
    const from = await side('pglite');
    const main = path.resolve(import.meta.dirname, '../main.ts');
    const server = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, ...from.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let printed = '';
      server.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
      server.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
      const started = Date.now();
      while (!printed.includes('Family Portal is running')) {
        if (server.exitCode !== null || Date.now() - started > 90_000) throw new Error(printed);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const bin = path.resolve(import.meta.dirname, '../../bin/portal.mjs');
      const file = path.join(from.dataDir, 'two-processes.tar');
      const backup = spawnSync(process.execPath, [bin, 'backup', file], {
        encoding: 'utf8',
        env: { ...process.env, ...from.env },
      });
      expect(backup.status, backup.stderr).toBe(0);
      const [manifest] = await readTar(file);
      expect(manifest!.name).toBe('manifest.json');
      const tables = (
        JSON.parse(manifest!.content.toString('utf8')) as { tables: Array<{ name: string; rows: number }> }
      ).tables;
      expect(tables.find((table) => table.name === 'users')?.rows).toBeGreaterThan(0);
      // A restore is still refused while the portal runs.
      const restore = spawnSync(process.execPath, [bin, 'restore', file, '--replace'], {
        encoding: 'utf8',
        env: { ...process.env, ...from.env },
      });
      expect(restore.status).toBe(1);
      expect(restore.stderr).toContain(`in use by process ${server.pid}`);
    } finally {
      server.kill('SIGTERM');
      if (server.exitCode === null) await once(server, 'exit');
    }
    expect(server.exitCode).toBe(0);
  }, 180_000);
});

/** Every entry of a tar, in order. */
async function readTar(file: string): Promise<Array<{ name: string; content: Buffer }>> {
  const entries: Array<{ name: string; content: Buffer }> = [];
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk) => chunks.push(chunk as Buffer));
      stream.on('end', () => {
        entries.push({ name: header.name, content: Buffer.concat(chunks) });
        next();
      });
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  fs.createReadStream(file).pipe(extract);
  await done;
  return entries;
}

async function writeTar(file: string, entries: Array<{ name: string; content: Buffer }>): Promise<void> {
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.name }, entry.content);
  pack.finalize();
  const out = fs.createWriteStream(file);
  pack.pipe(out);
  await new Promise((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
}
