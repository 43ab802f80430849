import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TBenchRun } from './bench-run.ts';
import { type TChildServer, startChildServer } from './child-server.ts';
import type { TRequest } from './load.ts';
import { logSize, readLogFrom, statementsOf, type TCapture } from './sql-capture.ts';

/** The bench portal's admin password (its users are all fresh, in a database of their own). */
export const BENCH_ADMIN_PASSWORD = 'Bench-Passw0rd!';
/** The portal's log level under load: info, as in production, unless BENCH_LOG_LEVEL says otherwise. */
export const BENCH_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';

export type TPortalOptions = {
  /** The portal's stdout (its request log) goes here; nowhere otherwise. */
  logFile?: string;
  /** Overrides of the portal's environment (an empty DATABASE_URL opens PGlite). */
  env?: NodeJS.ProcessEnv;
};

/**
 * The bench portal's settings: the run's database and data folder, the bench admin's password,
 * and the limits that would throttle a load generator (rate limits, bot check, a second factor
 * for admins) off.
 */
export function benchPortalEnv(run: TBenchRun): Record<string, string> {
  return {
    DATABASE_URL: run.databaseUrl,
    DATA_DIR: path.join(run.work, 'data'),
    PORTAL_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    BOT_CHECK: '0',
    RATE_LIMITS: '0',
    MFA_REQUIRED_FOR_ADMINS: '0',
    LOG_LEVEL: BENCH_LOG_LEVEL,
    PUBLIC_URL: 'http://127.0.0.1',
  };
}

/** Starts the portal on the run's database with benchPortalEnv; the run stops it at its end. */
export async function startBenchPortal(run: TBenchRun, options: TPortalOptions = {}): Promise<TChildServer> {
  const portal = await startChildServer(run.work, 'bench/servers/portal-server.ts', {
    env: { ...benchPortalEnv(run), ...options.env },
    ...(options.logFile ? { logFile: options.logFile } : {}),
  });
  run.children.add(portal);
  return portal;
}

/** Stops a child of the run before the run ends. */
export async function stopChild(run: TBenchRun, child: { stop(): Promise<void> }): Promise<void> {
  await child.stop();
  run.children.delete(child);
}

/** Signs in as `login` with `password` (the bench password by default) and answers the authToken. */
export async function signInAs(
  portal: TChildServer,
  login: string,
  password = BENCH_ADMIN_PASSWORD,
): Promise<string> {
  const response = await fetch(`${portal.url}/api/user/login`, {
    method: 'POST',
    signal: AbortSignal.timeout(30_000),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: login,
      password: createHash('sha512').update(password).digest('hex'),
    }),
  });
  const body = (await response.json()) as { authToken?: string };
  if (!response.ok || !body.authToken) throw new Error(`sign-in of ${login} failed: ${JSON.stringify(body)}`);
  return body.authToken;
}

/** Signs in as the bench admin and answers the authToken. */
export function signInAsAdmin(portal: TChildServer): Promise<string> {
  return signInAs(portal, 'admin');
}

/**
 * Signs in `count` different people of the seed (active, registration completed), each given the
 * admin's password first, and answers their authTokens: what many browsers send, where one
 * admin's token would be one person asking over and over.
 */
export async function signInPeople(run: TBenchRun, portal: TChildServer, count: number): Promise<string[]> {
  const db = new pg.Client({ connectionString: run.databaseUrl });
  await db.connect();
  let logins: string[];
  try {
    const { rows } = await db.query<{ login: string }>(
      `update users set password_hash = (select password_hash from users where login = 'admin')
       where id in (select id from users where active and registration_completed and login <> 'admin'
                    order by id limit $1)
       returning login`,
      [count],
    );
    logins = rows.map((row) => row.login);
  } finally {
    await db.end();
  }
  if (logins.length < count) throw new Error(`the seed has only ${logins.length} people to sign in`);
  const tokens: string[] = [];
  for (const login of logins) tokens.push(await signInAs(portal, login));
  return tokens;
}

/**
 * Makes each call through a fresh portal with `log_statement = 'all'` on the run's database and
 * answers the statements each one sent, read from PostgreSQL's log. Each call is made twice, and
 * the second is captured: the first warms what the portal remembers for a few seconds (the live
 * sign-in, the health ping), so the capture is what a call sends under load. A failing call throws
 * with the errors the portal logged.
 */
export async function captureCallStatements<TCall extends { key: string; name: string }>(
  run: TBenchRun,
  options: {
    calls: readonly TCall[];
    /** PostgreSQL's log file. */
    serverLog: string;
    /** Where the capturing portal's own log goes. */
    portalLog: string;
    requestOf: (call: TCall, portal: TChildServer, token: string) => TRequest;
    /** Makes the request and throws unless it answered as the bench expects. */
    check: (request: TRequest) => Promise<unknown>;
    /** A call that may send no statement at all (one answered from memory). */
    mayBeEmpty?: (call: TCall) => boolean;
    /** The capturing portal's own settings (to turn off what it would answer from memory). */
    env?: Record<string, string>;
  },
): Promise<Record<TCall['key'], TCapture>> {
  await run.admin.query(`alter database ${run.databaseName} set log_statement = 'all'`);
  // A fresh portal, so every connection of its pool opens with the setting.
  const portal = await startBenchPortal(run, {
    logFile: options.portalLog,
    ...(options.env ? { env: options.env } : {}),
  });
  const captured: Partial<Record<TCall['key'], TCapture>> = {};
  try {
    const token = await signInAsAdmin(portal);
    for (const call of options.calls) {
      const request = options.requestOf(call, portal, token);
      await options.check(request).catch(() => undefined);
      const offset = logSize(options.serverLog);
      await options.check(request).catch((error: unknown) => {
        const errors = fs
          .readFileSync(options.portalLog, 'utf8')
          .split('\n')
          .filter((line) => /"level":(50|60)/.test(line));
        throw new Error(
          `${error instanceof Error ? error.message : String(error)}\nthe portal logged:\n${errors.join('\n')}`,
          { cause: error },
        );
      });
      // Each statement is logged when the server receives it, so before the answer; the pause is for slack.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const capture = statementsOf(readLogFrom(options.serverLog, offset), run.databaseName);
      if (capture.statements.length === 0 && !options.mayBeEmpty?.(call))
        throw new Error(`no statements captured for ${call.name}`);
      captured[call.key as TCall['key']] = capture;
    }
  } finally {
    await stopChild(run, portal);
    await run.admin.query(`alter database ${run.databaseName} reset log_statement`);
  }
  return captured as Record<TCall['key'], TCapture>;
}
