import { ZHealth, ZReady } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { routesOf } from '../../plugins/routes.ts';

/**
 * Liveness and readiness for load balancers, orchestrators and people. Liveness says only that this
 * process answers (restarting it would not bring a database back); readiness checks every part a
 * request needs, so a balancer sends no traffic to an instance that cannot serve it.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const { health } = app.services;
  const route = routesOf(app);

  route.get(
    '/health',
    {
      summary: 'Liveness: this process answers (the database is not asked; see /ready)',
      permission: 'public',
      response: ZHealth,
      // A load balancer asks every few seconds: only a failed check is worth a log line.
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' as const, database: health.database }),
  );

  route.get(
    '/ready',
    {
      summary:
        'Readiness: the database, the file store, the mail queue and Redis (when REDIS_URL is set) answer; 503 names those that do not',
      permission: 'public',
      response: ZReady,
      logLevel: 'warn',
    },
    async () => {
      const { ready, parts } = await health.readiness();
      if (!ready) {
        const down = Object.keys(parts).filter((name) => !parts[name]);
        throw new AppError(503, [{ key: 'notReady', values: { parts: down.join(', ') } }]);
      }
      return { status: 'ready' as const, database: health.database, parts };
    },
  );
}
