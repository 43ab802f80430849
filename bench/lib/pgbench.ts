import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TCapture } from './sql-capture.ts';

export type TPgbenchResult = {
  /** Whether the statements were replayed prepared, as the portal ran them. */
  prepared: boolean;
  tps: number;
  transactions: number;
  failed: number;
  latencyMs: { average: number; p50: number; p99: number; max: number };
};

function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}:\n${output}`)),
    );
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * The pgbench script that replays one call's statements as one transaction. Statements the
 * portal ran prepared are prepared once per pgbench connection (PREPARE in the first transaction,
 * EXECUTE in every one), so the database parses and plans them no more often than for the portal.
 * Both run in pgbench's simple protocol: its extended one would take the `:MI` of a format or the
 * `:40` of a timestamp literal for variables.
 */
export function replayScript(capture: TCapture): string {
  if (!capture.prepared) return `${capture.statements.join(';\n')};\n`;
  const names = capture.statements.map((_, index) => `bench_${index + 1}`);
  return [
    '\\if :prepared = 0',
    ...capture.statements.map((statement, index) => `PREPARE ${names[index]} AS ${statement};`),
    '\\set prepared 1',
    '\\endif',
    ...names.map((name) => `EXECUTE ${name};`),
    '',
  ].join('\n');
}

/**
 * Replays one call's captured statements with pgbench (`-n -c clients -j threads -T seconds`, see
 * `replayScript`) and answers its throughput and the latency percentiles of every transaction it
 * logged.
 */
export async function pgbench(options: {
  databaseUrl: string;
  capture: TCapture;
  /** Names the script file in the work folder. */
  name: string;
  clients: number;
  threads: number;
  seconds: number;
  workDir: string;
}): Promise<TPgbenchResult> {
  const script = path.join(options.workDir, `${options.name}.sql`);
  fs.writeFileSync(script, replayScript(options.capture));
  const logDir = fs.mkdtempSync(path.join(options.workDir, 'pgbench-log-'));
  try {
    const output = await run(
      'pgbench',
      [
        '-n',
        '-c',
        String(options.clients),
        '-j',
        String(options.threads),
        '-T',
        String(options.seconds),
        '-D',
        'prepared=0',
        '-f',
        script,
        '-l',
        '--log-prefix',
        path.join(logDir, 'tx'),
        options.databaseUrl,
      ],
      options.workDir,
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
    const processed = /number of transactions actually processed: (\d+)/.exec(output);
    const failed = /number of failed transactions: (\d+)/.exec(output);
    if (!tps || !processed) throw new Error(`cannot read pgbench's output:\n${output}`);
    // Per-transaction log lines: client_id transaction_no time_us script_no epoch epoch_us.
    const latencies: number[] = [];
    for (const file of fs.readdirSync(logDir)) {
      for (const line of fs.readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    const average = latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, latencies.length);
    return {
      prepared: options.capture.prepared,
      tps: Number(tps[1]),
      transactions: Number(processed[1]),
      failed: failed ? Number(failed[1]) : 0,
      latencyMs: {
        average: Math.round(average * 100) / 100,
        p50: Math.round(percentile(latencies, 50) * 100) / 100,
        p99: Math.round(percentile(latencies, 99) * 100) / 100,
        max: Math.round((latencies.at(-1) ?? 0) * 100) / 100,
      },
    };
  } finally {
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}

/** A call's reference: its SQL in pgbench as the portal ran it, and, when that was prepared, as planned each time. */
export type TReplayReference = {
  kind: 'pgbench';
  perSecond: number;
  p99Ms: number;
  pgbench: TPgbenchResult;
  /**
   * The same statements parsed and planned for every call (pgbench's simple protocol): how a
   * capture was replayed before it was known which statements the portal prepares.
   */
  planned?: TPgbenchResult;
};

/** Replays one call's SQL as the portal ran it and, if prepared, once more planned each time. */
export async function replayCall(options: Omit<Parameters<typeof pgbench>[0], 'name'> & { name: string }) {
  const replay = await pgbench(options);
  const planned = options.capture.prepared
    ? await pgbench({
        ...options,
        name: `${options.name}-planned`,
        capture: { ...options.capture, prepared: false },
      })
    : undefined;
  return {
    kind: 'pgbench',
    perSecond: replay.tps,
    p99Ms: replay.latencyMs.p99,
    pgbench: replay,
    ...(planned ? { planned } : {}),
  } satisfies TReplayReference;
}
