import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACTIVITY_RETENTION_DAYS } from '@portal/contract';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every setting the server reads; each comes from one environment variable (README lists them). */
export type TS3Config = {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL; undefined: AWS itself (virtual-hosted addressing). */
  endpoint: string | undefined;
  /** Undefined: the AWS SDK's own chain (environment, profile, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
};

export type TConfig = {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… for a PostgreSQL server; undefined for the embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** Pipelined connections for the hot reads on a PostgreSQL server (db/pipelined-reads.ts); undefined: 2. */
  readConnections: number | undefined;
  /** PGlite only: keep the database in memory (tests). */
  inMemory: boolean;
  publicUrl: string;
  webDist: string;
  adminPassword: string | undefined;
  passwordPepper: string | undefined;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  botCheck: { enabled: boolean; difficulty: number };
  mfaRequiredForAdmins: boolean;
  login: { maxFailures: number; lockMinutes: number; failureDelayMs: number };
  rateLimits: boolean;
  /** Whose X-Forwarded-For to believe: false, a number of proxy hops, or proxy addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** Longest time to receive one whole request, body included. */
  requestTimeoutMs: number;
  /** Check every answer against its declared schema (tests). */
  checkResponses: boolean;
  /** Tests only, no variable: a smaller cap of items per price list than the contract's PRICE_LIST_ITEMS_MAX. */
  priceListMaxItems?: number;
  /** Tests only, no variable: a smaller limit for a streamed family file than MAX_FAMILY_FILE_BYTES. */
  familyFileMaxBytes?: number;
  /**
   * The sweep of stored files nothing refers to (modules/files/file-sweep.ts): a blob stays at least
   * `graceHours` after it was last stored; it runs at start and every `intervalMinutes` (0: never);
   * family file versions other than the current one go after `versionRetentionDays` (0: kept forever).
   */
  fileSweep: { graceHours: number; intervalMinutes: number; versionRetentionDays: number };
  /** Activity log rows older than this many days are removed, hourly (ACTIVITY_RETENTION_DAYS; 0: kept forever). */
  activityRetentionDays: number;
  /** No variable: how often the activity sweep runs, in minutes (60; 0 in tests: only when called). */
  activitySweepMinutes: number;
  /**
   * ACTIVITY_LOG: `on` records every event; `off` records only the sign-in kinds, `login.failed`
   * and `login.locked` (the security trail), for an operator who must not keep a log.
   */
  activityLog: 'on' | 'off';
  /**
   * S3_BUCKET (with S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY): stored files go
   * to S3-compatible object storage instead of DATA_DIR/files; undefined keeps them on disk.
   * An endpoint (MinIO, Ceph, s3rver…) is addressed path-style.
   */
  s3: TS3Config | undefined;
  /** METRICS_TOKEN: when set, `/metrics` answers only `Authorization: Bearer <it>`; unset, it is open. */
  metricsToken: string | undefined;
  /**
   * REDIS_URL (redis:// or rediss://): rate limits and the bot check's spent challenges live in that
   * Redis, shared by every instance; undefined keeps them in PostgreSQL (or memory with PGlite).
   */
  redisUrl: string | undefined;
  /** Tests only, no variable: put before the Redis keys instead of `portal:`, so test runs never meet. */
  redisKeyPrefix?: string;
  /** Tests only, no variable: the time the file sweep and the files' records go by. */
  clock?: () => Date;
  /** How long a whole lookup answer is remembered (LOOKUP_ANSWER_TTL_MS; 0: never); any write forgets it. */
  lookupAnswerTtlMs: number;
  logLevel: string;
};

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new Error(`expected a whole number, got "${value}"`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.toLowerCase());
}

/**
 * TRUST_PROXY: unset or false trusts no proxy; a number trusts that many hops (true means one);
 * otherwise a comma list of proxy addresses or CIDRs. Never "every hop", which would let a client
 * forge its address in X-Forwarded-For and step around per-address limits.
 */
export function trustProxyOf(value: string | undefined): false | number | string[] {
  if (value === undefined || value.trim() === '' || ['0', 'false', 'off', 'no'].includes(value.toLowerCase()))
    return false;
  if (['true', 'on', 'yes'].includes(value.toLowerCase())) return 1;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** ACTIVITY_LOG: `on` (unset or empty) or `off`, in any case; anything else is refused at start. */
export function activityLogOf(value: string | undefined): 'on' | 'off' {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'on') return 'on';
  if (text === 'off') return 'off';
  throw new Error(`ACTIVITY_LOG must be on or off, got "${value}"`);
}

/** One wrong environment variable: its name, the value given (hidden for a secret), what it must be. */
export type TConfigProblem = { name: string; value: string; expected: string };

const BOOLEAN_WORDS = ['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
/** Variables whose value is never printed: passwords, keys, and URLs that may carry a password. */
const SECRETS = new Set([
  'PORTAL_ADMIN_PASSWORD',
  'PASSWORD_PEPPER',
  'JWT_SECRET',
  'METRICS_TOKEN',
  'S3_SECRET_ACCESS_KEY',
]);

function wholeNumberCheck(min: number, max = Number.MAX_SAFE_INTEGER) {
  const expected =
    max === Number.MAX_SAFE_INTEGER
      ? `a whole number, at least ${min}`
      : `a whole number from ${min} to ${max}`;
  return (value: string) => {
    const n = Number(value.trim());
    return /^\s*-?\d+\s*$/.test(value) && n >= min && n <= max ? undefined : expected;
  };
}

function urlCheck(protocols: readonly string[], what: string) {
  return (value: string) => {
    try {
      return protocols.includes(new URL(value).protocol) ? undefined : what;
    } catch {
      return what;
    }
  };
}

const IP_OR_CIDR = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)(\/\d{1,3})?$/i;

/** What each variable config.ts reads must hold; undefined answers "fine". Unset or empty is always fine. */
const CHECKS: Record<string, (value: string) => string | undefined> = {
  PORT: wholeNumberCheck(0, 65535),
  HOST: (value) => (value.trim() && !/\s/.test(value) ? undefined : 'a host name or address without spaces'),
  DATA_DIR: (value) => (value.includes('\0') ? 'a folder path' : undefined),
  DATABASE_URL: urlCheck(['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL'),
  DATABASE_READ_CONNECTIONS: wholeNumberCheck(0, 64),
  PUBLIC_URL: urlCheck(['http:', 'https:'], 'an http:// or https:// URL'),
  WEB_DIST: (value) => (value.includes('\0') ? 'a folder path' : undefined),
  PORTAL_ADMIN_PASSWORD: (value) => (value.length >= 8 ? undefined : 'at least 8 characters'),
  PASSWORD_PEPPER: (value) => (value.length >= 16 ? undefined : 'at least 16 characters'),
  JWT_SECRET: (value) => (value.length >= 32 ? undefined : 'at least 32 characters'),
  ACCESS_TOKEN_TTL: wholeNumberCheck(1),
  REFRESH_TOKEN_TTL: wholeNumberCheck(1),
  SMTP_URL: urlCheck(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
  MAIL_FROM: (value) =>
    /\S+@\S+/.test(value) ? undefined : 'an e-mail address, optionally "Name <address>"',
  BOT_CHECK: (value) =>
    BOOLEAN_WORDS.includes(value.toLowerCase()) ? undefined : `one of ${BOOLEAN_WORDS.join(', ')}`,
  BOT_CHECK_DIFFICULTY: wholeNumberCheck(0, 32),
  MFA_REQUIRED_FOR_ADMINS: (value) =>
    BOOLEAN_WORDS.includes(value.toLowerCase()) ? undefined : `one of ${BOOLEAN_WORDS.join(', ')}`,
  LOGIN_MAX_FAILURES: wholeNumberCheck(1),
  LOGIN_LOCK_MINUTES: wholeNumberCheck(0),
  LOGIN_FAILURE_DELAY_MS: wholeNumberCheck(0, 60_000),
  RATE_LIMITS: (value) =>
    BOOLEAN_WORDS.includes(value.toLowerCase()) ? undefined : `one of ${BOOLEAN_WORDS.join(', ')}`,
  TRUST_PROXY: (value) => {
    const trust = trustProxyOf(value);
    return Array.isArray(trust) && !trust.every((part) => IP_OR_CIDR.test(part))
      ? 'true, false, a number of proxy hops, or a comma list of proxy addresses or CIDRs'
      : undefined;
  },
  REQUEST_TIMEOUT_MS: wholeNumberCheck(1),
  CHECK_RESPONSES: (value) =>
    BOOLEAN_WORDS.includes(value.toLowerCase()) ? undefined : `one of ${BOOLEAN_WORDS.join(', ')}`,
  FILE_SWEEP_GRACE_HOURS: wholeNumberCheck(0),
  FILE_SWEEP_INTERVAL_MINUTES: wholeNumberCheck(0),
  VERSION_RETENTION_DAYS: wholeNumberCheck(0),
  ACTIVITY_RETENTION_DAYS: wholeNumberCheck(0),
  ACTIVITY_LOG: (value) => (['on', 'off'].includes(value.trim().toLowerCase()) ? undefined : 'on or off'),
  LOOKUP_ANSWER_TTL_MS: wholeNumberCheck(0),
  S3_BUCKET: (value) =>
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value)
      ? undefined
      : 'a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
  S3_REGION: (value) => (/^[a-z0-9-]{1,32}$/.test(value) ? undefined : 'a region such as eu-central-1'),
  S3_ENDPOINT: (value) => (/^https?:\/\/[^\s/]+/.test(value) ? undefined : 'an http:// or https:// URL'),
  REDIS_URL: urlCheck(['redis:', 'rediss:'], 'a redis:// or rediss:// URL'),
  METRICS_TOKEN: (value) =>
    /^[\x21-\x7e]{16,256}$/.test(value) ? undefined : '16 to 256 printable characters without spaces',
  LOG_LEVEL: (value) => (LOG_LEVELS.includes(value) ? undefined : `one of ${LOG_LEVELS.join(', ')}`),
};

/** The variable names `configProblems` checks, in the order it reports them. */
export const CONFIG_VARIABLES = Object.keys(CHECKS);

/** A value as it may be printed: secrets hidden, a password inside a URL replaced. */
export function printableValue(name: string, value: string): string {
  if (SECRETS.has(name)) return `(hidden, ${value.length} characters)`;
  try {
    const url = new URL(value);
    if (url.password) {
      url.password = '***';
      return url.toString();
    }
  } catch {
    // Not a URL: printed as it is.
  }
  return value;
}

/** Every wrong variable of the environment, one each; empty when `loadConfig` may read it. */
export function configProblems(env: NodeJS.ProcessEnv = process.env): TConfigProblem[] {
  const problems: TConfigProblem[] = [];
  for (const [name, check] of Object.entries(CHECKS)) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    const expected = check(value);
    if (expected) problems.push({ name, value: printableValue(name, value), expected });
  }
  return problems;
}

/** One line per problem: `NAME="value" must be …`. */
export function configProblemLines(problems: readonly TConfigProblem[]): string[] {
  return problems.map(({ name, value, expected }) => `${name}="${value}" must be ${expected}`);
}

/** Reads the configuration from an environment (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const port = int(env.PORT, 8080);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    // npm runs workspace scripts inside the package; relative paths mean where the user ran npm.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    readConnections: env.DATABASE_READ_CONNECTIONS ? int(env.DATABASE_READ_CONNECTIONS, 0) : undefined,
    inMemory: false,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    webDist: path.resolve(env.WEB_DIST ?? path.join(here, '../../web/dist')),
    adminPassword: env.PORTAL_ADMIN_PASSWORD || undefined,
    passwordPepper: env.PASSWORD_PEPPER || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Family Portal <no-reply@localhost>',
    botCheck: { enabled: bool(env.BOT_CHECK, true), difficulty: int(env.BOT_CHECK_DIFFICULTY, 16) },
    mfaRequiredForAdmins: bool(env.MFA_REQUIRED_FOR_ADMINS, false),
    login: {
      maxFailures: int(env.LOGIN_MAX_FAILURES, 5),
      lockMinutes: int(env.LOGIN_LOCK_MINUTES, 15),
      failureDelayMs: int(env.LOGIN_FAILURE_DELAY_MS, 500),
    },
    rateLimits: bool(env.RATE_LIMITS, true),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 300_000),
    checkResponses: bool(env.CHECK_RESPONSES, false),
    fileSweep: {
      graceHours: int(env.FILE_SWEEP_GRACE_HOURS, 24),
      intervalMinutes: int(env.FILE_SWEEP_INTERVAL_MINUTES, 60),
      versionRetentionDays: int(env.VERSION_RETENTION_DAYS, 0),
    },
    activityRetentionDays: int(env.ACTIVITY_RETENTION_DAYS, ACTIVITY_RETENTION_DAYS),
    activitySweepMinutes: 60,
    activityLog: activityLogOf(env.ACTIVITY_LOG),
    metricsToken: env.METRICS_TOKEN || undefined,
    redisUrl: env.REDIS_URL || undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          endpoint: env.S3_ENDPOINT || undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
        }
      : undefined,
    lookupAnswerTtlMs: int(env.LOOKUP_ANSWER_TTL_MS, 3000),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
