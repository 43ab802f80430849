import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The OpenAPI document generated from the routes' own schemas, and an interactive reference. */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/openapi.json',
    {
      config: { permission: 'public' },
      schema: { summary: 'This API as an OpenAPI 3 document', hide: true },
    },
    async () => app.swagger(),
  );
  await app.register(async (docs) => {
    // Every page and asset of the reference is public, like the document it shows.
    docs.defaultPermission = 'public';
    await docs.register(swaggerUi, { routePrefix: '/docs' });
  });
}
