import { ZEnvironment } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../plugins/routes.ts';

/** The environment of spec 9: default company and user, list codes, help links, settings. */
export async function infoRoutes(app: FastifyInstance): Promise<void> {
  const route = routesOf(app);
  route.get(
    '/info/env',
    { summary: 'Environment key/value pairs (spec 9)', permission: 'public', response: ZEnvironment },
    async () => ({ environment: app.services.environment }),
  );
}
