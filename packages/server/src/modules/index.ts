import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';
import { companiesRoutes } from './companies/companies.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { infoRoutes } from './info/info.routes.ts';
import { rolesRoutes } from './roles/roles.routes.ts';
import { termsRoutes } from './terms/terms.routes.ts';
import { usersRoutes } from './users/users.routes.ts';

/** The whole API surface, one line per module; every route lives under /api. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(infoRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(rolesRoutes);
  await app.register(companiesRoutes);
  await app.register(termsRoutes);
}
