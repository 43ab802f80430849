import { parseArgs } from 'node:util';
import type { TBenchRun } from './bench-run.ts';
import type { TLoadResult } from './load.ts';
import { replayCall, type TReplayReference } from './pgbench.ts';
import type { TCapture } from './sql-capture.ts';

/** pgbench's client threads: one per core of the bench machine. */
export const PGBENCH_THREADS = 2;

/** One round: the API under load, then its reference, right after each other. */
export type TRound = {
  apiPerSecond: number;
  referencePerSecond: number;
  ratio: number;
  apiP99Ms: number;
  referenceP99Ms: number;
};

export type TAlternated<TReference> = {
  /** The API and reference runs of the round whose ratio is the median. */
  api: TLoadResult;
  reference: TReference;
  /** The median of the rounds' ratios. */
  ratio: number;
  /** The median of the rounds' API p99s. */
  p99Ms: number;
  rounds: TRound[];
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const hundredths = (value: number) => Math.round(value * 100) / 100;

/**
 * Measures the API and its reference `rounds` times, alternating. The speed of a shared machine
 * moves by a quarter or more within minutes and moves both sides alike, so each ratio is taken
 * within its own round and the median round is reported, with every round kept beside it.
 */
export async function alternateRounds<TReference extends { perSecond: number; p99Ms: number }>(
  rounds: number,
  measureApi: () => Promise<TLoadResult>,
  measureReference: () => Promise<TReference>,
): Promise<TAlternated<TReference>> {
  const runs: Array<{ api: TLoadResult; reference: TReference; round: TRound }> = [];
  for (let n = 0; n < rounds; n++) {
    const api = await measureApi();
    const reference = await measureReference();
    runs.push({
      api,
      reference,
      round: {
        apiPerSecond: api.requestsPerSecond,
        referencePerSecond: reference.perSecond,
        ratio: hundredths(api.requestsPerSecond / reference.perSecond),
        apiP99Ms: api.latencyMs.p99,
        referenceP99Ms: reference.p99Ms,
      },
    });
  }
  const middle = [...runs].sort((a, b) => a.round.ratio - b.round.ratio)[Math.floor(runs.length / 2)]!;
  return {
    api: middle.api,
    reference: middle.reference,
    ratio: middle.round.ratio,
    p99Ms: median(runs.map((run) => run.round.apiP99Ms)),
    rounds: runs.map((run) => run.round),
  };
}

/**
 * A call through the portal beside its captured SQL replayed by pgbench at the same concurrency,
 * in alternating rounds.
 */
export function besideItsSql(
  run: TBenchRun,
  options: {
    rounds: number;
    /** The call, by its name in the report and its key in the capture and the pgbench files. */
    call: { name: string; key: string };
    capture: TCapture;
    connections: number;
    seconds: number;
    loadApi: () => Promise<TLoadResult>;
  },
): Promise<TAlternated<TReplayReference>> {
  return alternateRounds(
    options.rounds,
    () => {
      run.say(`${options.call.name}: API`);
      return options.loadApi();
    },
    () => {
      run.say(`${options.call.name}: its SQL in pgbench`);
      return replayCall({
        databaseUrl: run.databaseUrl,
        capture: options.capture,
        name: options.call.key,
        clients: options.connections,
        threads: PGBENCH_THREADS,
        seconds: options.seconds,
        workDir: run.work,
      });
    },
  );
}

/** Reads `--rounds`: a whole number, 1 or more. */
export function roundsOf(text: string): number {
  const rounds = Number(text);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`--rounds must be a whole number, 1 or more; got "${text}"`);
  return rounds;
}

/**
 * A bench's command line: `--seconds n` (10) and `--rounds n` (3), plus its own boolean options
 * and its own string options (`strings`: each name with its default); SHORT when fewer seconds or
 * rounds than a full run's (figures that check the bench, not figures to publish); and the
 * PostgreSQL server to bench on (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one).
 * `defaults` sets a bench's own full run (seconds and rounds) where 10 s and 3 rounds do not fit.
 */
export function benchCommandLine<const B extends string, const S extends string = never>(
  booleans: readonly B[] = [],
  strings: Readonly<Record<S, string>> = {} as Record<S, string>,
  defaults: { seconds?: number; rounds?: number } = {},
) {
  const fullSeconds = defaults.seconds ?? 10;
  const fullRounds = defaults.rounds ?? 3;
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: String(fullSeconds) },
      rounds: { type: 'string', default: String(fullRounds) },
      ...Object.fromEntries(booleans.map((name) => [name, { type: 'boolean', default: false }])),
      ...Object.fromEntries(
        Object.entries<string>(strings).map(([name, value]) => [name, { type: 'string', default: value }]),
      ),
    },
  });
  const rounds = roundsOf(String(values.rounds));
  const seconds = Number(values.seconds);
  if (!(seconds >= 1))
    throw new Error(`--seconds must be a number of seconds, 1 or more; got "${values.seconds}"`);
  return {
    seconds,
    rounds,
    short: seconds < fullSeconds || rounds < fullRounds,
    serverUrl:
      process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://root@127.0.0.1:5432/test',
    flags: values as Record<B, boolean>,
    options: values as Record<S, string>,
  };
}
