import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACTIVITY_RETENTION_DAYS } from '@portal/contract';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every setting the server reads; each comes from one environment variable (README lists them). */
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
    lookupAnswerTtlMs: int(env.LOOKUP_ANSWER_TTL_MS, 3000),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
