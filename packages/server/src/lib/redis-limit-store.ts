import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './app-error.ts';
import type { TLimitStore } from './limit-store.ts';

/**
 * How long the first connection, a reconnection and one command may take. A limit is asked on the
 * way into sign-in, registration and recovery: a Redis that does not answer must cost a request
 * about a second, never the request's whole time.
 */
const CONNECT_TIMEOUT_MS = 1000;
const COMMAND_TIMEOUT_MS = 1000;

/** Between reconnection attempts: quickly at first, then every 2 s until Redis is back. */
const RECONNECT_MAX_MS = 2000;

/**
 * One hit in a fixed window, in one round trip and atomically (a script runs alone on the server):
 * the first hit opens the window with its expiry, later ones count in it. Redis's own clock times
 * the window, so instances whose clocks differ still agree on it. A key found without an expiry
 * (written by hand) gets one instead of counting forever.
 */
const COUNT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

/** The client with the script above defined on it (ioredis adds the method at run time). */
type TScriptedRedis = Redis & { portalLimitCount(key: string, windowMs: number): Promise<[number, number]> };

/**
 * A failing Redis as a 503 naming it (the readiness answer's words), its error kept as the cause.
 *
 * The decision: a limit that cannot be counted refuses the request, as the PostgreSQL store does
 * when its database fails (its statement throws and the request fails with it). The requests that
 * ask a limit (sign-in, registration, recovery, the bot check) are the ones an attacker repeats;
 * letting them through uncounted during an outage would turn a Redis outage into unlimited password
 * guessing. Every other request does not ask the store and goes on being served.
 */
function redisDown(error: unknown): AppError {
  const down = new AppError(503, [{ key: 'notReady', values: { parts: 'redis' } }]);
  down.cause = error;
  return down;
}

export type TRedisLimitStoreOptions = {
  /** Put before every key: `<prefix>limit:<key>` and `<prefix>spent:<key>` ('portal:'; tests use their own). */
  prefix?: string | undefined;
  /** Where a lost and a regained connection are told (once each, not at every reconnection attempt). */
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
};

/**
 * The limit store of instances that share a Redis server (REDIS_URL): fixed windows counted by one
 * script, spent keys set once with their expiry, so Redis forgets both by itself. Commands fail at
 * once while the connection is down (no offline queue) and after COMMAND_TIMEOUT_MS when Redis
 * stalls; both answer 503 (see redisDown).
 */
export class RedisLimitStore implements TLimitStore {
  readonly #redis: TScriptedRedis;
  readonly #prefix: string;
  /** Settles once the first connection is ready or has failed, so the first requests do not fail only for being early. */
  readonly #started: Promise<void>;
  #up = true;

  constructor(url: string, options: TRedisLimitStoreOptions = {}) {
    this.#prefix = options.prefix ?? 'portal:';
    const redis = new Redis(url, {
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      retryStrategy: (times) => Math.min(times * 200, RECONNECT_MAX_MS),
    });
    redis.defineCommand('portalLimitCount', { numberOfKeys: 1, lua: COUNT_SCRIPT });
    this.#redis = redis as TScriptedRedis;
    const { log } = options;
    // Without a listener ioredis prints every failed reconnection to the console.
    redis.on('error', (error: Error) => {
      if (this.#up) log?.warn({ err: error }, 'Redis does not answer: limited requests answer 503');
      this.#up = false;
    });
    redis.on('ready', () => {
      if (!this.#up) log?.info('Redis answers again');
      this.#up = true;
    });
    this.#started = new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done).off('error', done).off('end', done);
        resolve();
      };
      const timer = setTimeout(done, CONNECT_TIMEOUT_MS);
      redis.once('ready', done).once('error', done).once('end', done);
    });
  }

  async count(key: string, windowMs: number): Promise<{ hits: number; resetsInMs: number }> {
    const [hits, resetsInMs] = await this.#call(() =>
      this.#redis.portalLimitCount(`${this.#prefix}limit:${key}`, windowMs),
    );
    return { hits: Number(hits), resetsInMs: Number(resetsInMs) };
  }

  async spend(key: string, untilMs: number): Promise<boolean> {
    // At least 1 ms: Redis refuses an expiry of 0, and a key whose time ran out may be spent again.
    const ms = Math.max(1, Math.ceil(untilMs - Date.now()));
    const answer = await this.#call(() =>
      this.#redis.set(`${this.#prefix}spent:${key}`, '1', 'PX', ms, 'NX'),
    );
    return answer === 'OK';
  }

  /** Resolves when Redis answers a PING (readiness). */
  async ping(): Promise<void> {
    await this.#call(() => this.#redis.ping());
  }

  /** Ends the connection: politely when it is up, at once when it is not. */
  async close(): Promise<void> {
    if (this.#redis.status === 'ready') await this.#redis.quit().catch(() => this.#redis.disconnect());
    else this.#redis.disconnect();
  }

  async #call<T>(work: () => Promise<T>): Promise<T> {
    await this.#started;
    try {
      return await work();
    } catch (error) {
      throw redisDown(error);
    }
  }
}
