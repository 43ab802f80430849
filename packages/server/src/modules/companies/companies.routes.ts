import { ZCompanyFindRequest, ZCompanyPage } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../plugins/routes.ts';

/** Companies (full area in a later issue; today the find the users screen and sign-up use). */
export async function companiesRoutes(app: FastifyInstance): Promise<void> {
  const { companies } = app.services;
  const route = routesOf(app);

  route.post(
    '/company/find',
    {
      summary:
        'Find companies: full records of the caller tree with companymanagement.read; without a token the active names for sign-up',
      permission: 'public',
      body: ZCompanyFindRequest,
      response: ZCompanyPage,
    },
    async ({ caller, body }) => {
      if (caller && !caller.selfcare && caller.permissions.has('companymanagement.read'))
        return companies.find(caller, body);
      const companyInfos = await companies.publicList();
      return { companyInfos, totalCount: companyInfos.length };
    },
  );
}
