import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ok } from '../../lib/envelope.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { config: { permission: 'public' } }, async (_request, reply) => {
    try {
      await app.database.db.execute(sql`select 1`);
      return ok({ status: 'ok', database: app.database.kind });
    } catch {
      return reply.status(503).send({
        responseCode: 503,
        errorMessages: ['[Title] Service unavailable', '[Detail] The database does not answer'],
        status: 'down',
      });
    }
  });
}
