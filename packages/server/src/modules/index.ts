import type { FastifyInstance } from 'fastify';
import { apiDocsRoutes } from './api-docs/api-docs.routes.ts';
import { approvalsRoutes } from './approvals/approvals.routes.ts';
import { categoriesRoutes } from './categories/categories.routes.ts';
import { companiesRoutes } from './companies/companies.routes.ts';
import { customersRoutes } from './customers/customers.routes.ts';
import { familiesRoutes } from './families/families.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { infoRoutes } from './info/info.routes.ts';
import { licencesRoutes } from './licences/licences.routes.ts';
import { listsRoutes } from './lists/lists.routes.ts';
import { mfaRoutes } from './mfa/mfa.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { parameterListsRoutes } from './parameter-lists/parameter-lists.routes.ts';
import { priceListsRoutes } from './price-lists/price-lists.routes.ts';
import { recoveryRoutes } from './recovery/recovery.routes.ts';
import { registrationRoutes } from './registration/registration.routes.ts';
import { rolesRoutes } from './roles/roles.routes.ts';
import { sessionsRoutes } from './sessions/sessions.routes.ts';
import { signInRoutes } from './sign-in/sign-in.routes.ts';
import { termsRoutes } from './terms/terms.routes.ts';
import { usersRoutes } from './users/users.routes.ts';

/** The whole API surface, one line per module; every route lives under /api. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(infoRoutes);
  await app.register(signInRoutes);
  await app.register(sessionsRoutes);
  await app.register(registrationRoutes);
  await app.register(recoveryRoutes);
  await app.register(mfaRoutes);
  await app.register(termsRoutes);
  await app.register(usersRoutes);
  await app.register(rolesRoutes);
  await app.register(companiesRoutes);
  await app.register(filesRoutes);
  await app.register(categoriesRoutes);
  await app.register(familiesRoutes);
  await app.register(approvalsRoutes);
  await app.register(notificationsRoutes);
  await app.register(licencesRoutes);
  await app.register(customersRoutes);
  await app.register(listsRoutes);
  await app.register(parameterListsRoutes);
  await app.register(priceListsRoutes);
  await app.register(apiDocsRoutes);
}
