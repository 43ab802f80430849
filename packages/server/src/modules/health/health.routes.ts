import { ZHealth } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { routesOf } from '../../plugins/routes.ts';

/** Liveness for load balancers and people: the database answers or the portal says it is down. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const { health } = app.services;
  const route = routesOf(app);

  route.get(
    '/health',
    {
      summary: 'The portal and its database answer',
      permission: 'public',
      response: ZHealth,
      // A load balancer asks every few seconds: only a failed check is worth a log line.
      logLevel: 'warn',
    },
    async () => {
      if (!(await health.ping())) throw new AppError(503, [{ key: 'databaseDown' }]);
      return { status: 'ok' as const, database: health.database };
    },
  );
}
