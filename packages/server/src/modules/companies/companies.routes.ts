import { ZCompanyFindRequest } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { validate } from '../../lib/validate.ts';

export async function companiesRoutes(app: FastifyInstance): Promise<void> {
  // Public without a token (active names for the sign-up form); full records, in scope, with companymanagement.read.
  app.post('/company/find', { config: { permission: 'public' } }, async (request) => {
    const filter = validate(ZCompanyFindRequest, request.body);
    const auth = request.auth;
    if (auth && !auth.selfcare && auth.permissions.has('companymanagement.read')) {
      return ok(await app.services.companies.find(auth, filter));
    }
    const companyInfos = await app.services.companies.publicList();
    return ok({ companyInfos, totalCount: companyInfos.length });
  });
}
