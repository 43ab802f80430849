import {
  ZBranding,
  ZCompanyDeleteRequest,
  ZCompanyFindRequest,
  ZCompanyInfos,
  ZCompanyPage,
  ZCompanySaveRequest,
  ZIdParams,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../plugins/routes.ts';

/** Logos travel base64 in the body (5 MiB each, base64 a third larger). */
const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

/** Companies (spec 7) in their parent/child tree, and the branding the header shows. */
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
      return companies.publicList(body);
    },
  );

  route.get(
    '/company/get/:id',
    {
      summary: 'One company of the caller tree',
      permission: 'companymanagement.read',
      params: ZIdParams,
      response: ZCompanyInfos,
    },
    async ({ caller, params }) => ({ companyInfos: [await companies.get(caller, params.id)] }),
  );

  route.get(
    '/company/branding',
    {
      summary: "The logo the caller's header shows (its company's or the nearest ancestor's)",
      permission: 'signed-in',
      response: ZBranding,
    },
    async ({ caller }) => ({ branding: await companies.brandingOf(caller.companyId) }),
  );

  for (const url of ['/company/save', '/company/update']) {
    route.post(
      url,
      {
        summary:
          'Create (also needs companymanagement.create) or update companies; updates carry the lastUpdate they read',
        permission: 'companymanagement.update',
        body: ZCompanySaveRequest,
        response: ZCompanyInfos,
        bodyLimit: SAVE_BODY_LIMIT,
      },
      async ({ caller, body }) => ({ companyInfos: await companies.save(caller, body.companyInfos) }),
    );
  }

  route.post(
    '/company/delete',
    {
      summary: 'Delete companies, saying where their users and child companies go',
      permission: 'companymanagement.delete',
      body: ZCompanyDeleteRequest,
      response: ZCompanyInfos,
    },
    async ({ caller, body }) => ({
      companyInfos: await companies.delete(
        caller,
        body.companyInfos.map((c) => c.companyId),
        body,
      ),
    }),
  );
}
