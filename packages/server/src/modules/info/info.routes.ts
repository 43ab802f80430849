import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.ts';

export async function infoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/info/env', { config: { permission: 'public' } }, async () =>
    ok({ environment: app.services.environment }),
  );
}
