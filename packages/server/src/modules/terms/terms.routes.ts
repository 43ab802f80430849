import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../lib/envelope.ts';

export async function termsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/terms/current', { config: { permission: 'signed-in' } }, async (request) => {
    const auth = requireAuth(request);
    const terms = await app.services.terms.currentFor(auth.companyId);
    return ok({ termsInfos: terms ? [terms] : [] });
  });
}
