import { createHash } from 'node:crypto';
import path from 'node:path';
import type { TBenchRun } from './bench-run.ts';
import { type TChildServer, startChildServer } from './child-server.ts';

/** The bench portal's admin password (its users are all fresh, in a database of their own). */
export const BENCH_ADMIN_PASSWORD = 'Bench-Passw0rd!';
/** The portal's log level under load: info, as in production, unless BENCH_LOG_LEVEL says otherwise. */
export const BENCH_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';

export type TPortalOptions = {
  /** The server file to run; the TypeScript portal unless a bundle is measured. */
  file?: string;
  /** The portal's stdout (its request log) goes here; nowhere otherwise. */
  logFile?: string;
  /** Overrides of the portal's environment (an empty DATABASE_URL opens PGlite). */
  env?: NodeJS.ProcessEnv;
  nodeFlags?: string[];
};

/**
 * Starts the portal on the run's database, with the limits that would throttle a load generator
 * (rate limits, bot check, a second factor for admins) off; the run stops it at its end.
 */
export async function startBenchPortal(run: TBenchRun, options: TPortalOptions = {}): Promise<TChildServer> {
  const portal = await startChildServer(options.file ?? 'bench/servers/portal-server.ts', {
    env: {
      DATABASE_URL: run.databaseUrl,
      DATA_DIR: path.join(run.work, 'data'),
      PORTAL_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      BOT_CHECK: '0',
      RATE_LIMITS: '0',
      MFA_REQUIRED_FOR_ADMINS: '0',
      LOG_LEVEL: BENCH_LOG_LEVEL,
      PUBLIC_URL: 'http://127.0.0.1',
      ...options.env,
    },
    ...(options.logFile ? { logFile: options.logFile } : {}),
    ...(options.nodeFlags ? { nodeFlags: options.nodeFlags } : {}),
  });
  run.children.add(portal);
  return portal;
}

/** Stops a child of the run before the run ends. */
export async function stopChild(run: TBenchRun, child: { stop(): Promise<void> }): Promise<void> {
  await child.stop();
  run.children.delete(child);
}

/** Signs in as the bench admin and answers the authToken. */
export async function signInAsAdmin(portal: TChildServer): Promise<string> {
  const response = await fetch(`${portal.url}/api/user/login`, {
    method: 'POST',
    signal: AbortSignal.timeout(30_000),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'admin',
      password: createHash('sha512').update(BENCH_ADMIN_PASSWORD).digest('hex'),
    }),
  });
  const body = (await response.json()) as { authToken?: string };
  if (!response.ok || !body.authToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.authToken;
}
