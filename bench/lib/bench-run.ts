import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { packageVersion, sourceVersion } from './source-version.ts';

export type TBenchRun = {
  started: number;
  /** Other work on the machine skews every figure; the report keeps the load it started under. */
  loadAverageAtStart: number[];
  /** A fresh temporary folder, removed by `cleanUp`. */
  work: string;
  databaseName: string;
  databaseUrl: string;
  /** Child processes to stop when the run ends. */
  children: Set<{ stop(): Promise<void> }>;
  /** A connection to the server's maintenance database (creates and drops the bench database). */
  admin: pg.Client;
  /** Stops every child, drops the bench database and the work folder; safe to call twice. */
  cleanUp: () => Promise<void>;
  /** A progress line with the seconds since the start. */
  say: (text: string) => void;
};

/**
 * What every benchmark run starts with: a random bench database name on the server, a work
 * folder, a bound on the whole run (a hung step must not leave the database behind), and clean-up
 * on Ctrl-C.
 */
export function startBenchRun(options: {
  serverUrl: string;
  label?: string;
  maxMinutes: number;
  /** False when the run keeps no database on the server (PGlite runs). */
  usesServer?: boolean;
}): TBenchRun {
  const started = Date.now();
  const loadAverageAtStart = os.loadavg().map((value) => Math.round(value * 100) / 100);
  const work = fs.mkdtempSync(
    path.join(os.tmpdir(), `portal-bench-${options.label ? `${options.label}-` : ''}`),
  );
  const databaseName = `portal_bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(options.serverUrl);
  url.pathname = `/${databaseName}`;
  const children = new Set<{ stop(): Promise<void> }>();
  const admin = new pg.Client({ connectionString: options.serverUrl });
  let cleaning: Promise<void> | undefined;
  const cleanUp = (): Promise<void> => {
    cleaning ??= (async () => {
      await Promise.allSettled([...children].map((child) => child.stop()));
      if (options.usesServer !== false) {
        await admin
          .query(`drop database if exists ${databaseName} with (force)`)
          .catch((error: unknown) => console.error(`could not drop ${databaseName}:`, error));
        await admin.end().catch(() => undefined);
      }
      fs.rmSync(work, { recursive: true, force: true });
    })();
    return cleaning;
  };
  const maxMs = options.maxMinutes * 60_000;
  setTimeout(() => {
    console.error(`the bench ran longer than ${options.maxMinutes} minutes; stopping`);
    void cleanUp().finally(() => process.exit(1));
  }, maxMs).unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  const prefix = options.label ? `${options.label}: ` : '';
  const say = (text: string) =>
    console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${prefix}${text}`);
  return {
    started,
    loadAverageAtStart,
    work,
    databaseName,
    databaseUrl: url.toString(),
    children,
    admin,
    cleanUp,
    say,
  };
}

/** What a report says about where it ran: Node, the PostgreSQL server, the cores and their model. */
export async function machineOf(
  admin: pg.Client,
): Promise<{ node: string; postgres?: string; cpus: string }> {
  const postgres = (await admin.query<{ server_version: string }>('show server_version')).rows[0]
    ?.server_version;
  return {
    node: process.version,
    ...(postgres === undefined ? {} : { postgres }),
    cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`,
  };
}

/**
 * The head of a report comparing PGlite with the server: when, from which source, whether short,
 * on what machine, which PGlite, and how busy the machine was at the start.
 */
export async function pgliteReportHead(admin: pg.Client, short: boolean, loadAverageAtStart: number[]) {
  return {
    date: new Date().toISOString(),
    ...sourceVersion(),
    short,
    ...(await machineOf(admin)),
    pglite: packageVersion('@electric-sql/pglite'),
    loadAverageAtStart,
  };
}
