import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { unauthorized } from '../lib/app-error.ts';

/** The database's connections now (db/client.ts `stats`). */
export type TConnectionStats = {
  pool: { total: number; idle: number; waiting: number };
  pipelined: { inFlight: number; waiting: number } | null;
};

/** What the mail queue reports (lib/mailer.ts). */
export type TQueueStats = { pending: number; failed: number; oldestPendingSeconds: number | null };

export type TMetricsOptions = {
  /** METRICS_TOKEN: the bearer token `/metrics` demands; undefined leaves it open. */
  token: string | undefined;
  /** The database's connections now (a server's pool and pipelined reads); undefined on PGlite. */
  database?: (() => TConnectionStats) | undefined;
  /** The mail queue's depth and failures. */
  queue?: (() => Promise<TQueueStats>) | undefined;
};

/** Request durations in seconds: from a cached read (a millisecond) to a large import (tens of seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Whether the Authorization header carries `token`, compared in constant time. */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics at `/metrics` (beside the API, not under it, where scrapers look): every
 * request's duration by method, route pattern (never the raw URL, so the series stay few) and
 * status; the database pool and pipelined reads; the mail queue; and Node's own (memory, CPU,
 * event loop lag, GC), registered at the first scrape so a portal nobody scrapes pays nothing for
 * them. One registry per app: several apps in one process (tests) never mix their figures.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: TMetricsOptions) => {
  const registry = new Registry();
  const durations = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    durations.observe(
      {
        method: request.method,
        // A request no route matched is counted under one name, whatever its URL.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const { database, queue } = options;
  if (database) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: "The PostgreSQL pool's connections: open, idle, and queries waiting for one",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { pool } = database();
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'in_use' }, pool.total - pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'portal_db_pipelined_reads',
      help: 'Hot reads sent on the pipelined connections and not yet answered, and those waiting for room',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const pipelined = database().pipelined;
        this.set({ state: 'in_flight' }, pipelined?.inFlight ?? 0);
        this.set({ state: 'waiting' }, pipelined?.waiting ?? 0);
      },
    });
  }
  if (queue) {
    new Gauge({
      name: 'portal_mail_queue',
      help: 'Mails waiting to be sent, mails given up on, and the age in seconds of the oldest waiting one',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        const stats = await queue();
        this.set({ state: 'pending' }, stats.pending);
        this.set({ state: 'failed' }, stats.failed);
        this.set({ state: 'oldest_pending_seconds' }, stats.oldestPendingSeconds ?? 0);
      },
    });
  }

  let nodeMetrics = false;
  app.route({
    method: 'GET',
    url: '/metrics',
    // Not an API route (no session): the token below, or nothing when METRICS_TOKEN is unset.
    config: { bearerIsOwn: true },
    // Scraped every few seconds: only a refusal or a failure is worth a log line.
    logLevel: 'warn',
    schema: { hide: true },
    handler: async (request, reply) => {
      if (options.token && !carriesToken(request, options.token)) {
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw unauthorized('authTokenRequired');
      }
      if (!nodeMetrics) {
        nodeMetrics = true;
        collectDefaultMetrics({ register: registry });
      }
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    },
  });
});
