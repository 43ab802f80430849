import {
  ZTermsDeleteRequest,
  ZTermsFindRequest,
  ZTermsInfos,
  ZTermsPage,
  ZTermsSaveRequest,
  ZUserInfos,
  ZIdParams,
  ZPathId,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesOf } from '../../plugins/routes.ts';

const ZTermsParams = z.object({ termsId: ZPathId });

/** The terms a signed-in user must accept, and accepting them. */
export async function termsRoutes(app: FastifyInstance): Promise<void> {
  const { terms } = app.services;
  const route = routesOf(app);

  route.get(
    '/terms/current',
    {
      summary:
        "The terms the caller must accept (company's own, nearest ancestor's, else portal-wide); empty when none",
      permission: 'signed-in',
      response: ZTermsInfos,
    },
    async ({ caller }) => {
      const current = await terms.currentFor(caller.companyId);
      return { termsInfos: current ? [current] : [] };
    },
  );

  route.get(
    '/user/acceptterms/:termsId',
    {
      summary: 'Accept the current terms',
      permission: 'signed-in',
      params: ZTermsParams,
      response: ZUserInfos,
    },
    async ({ caller, params }) => ({ userInfos: [await terms.accept(caller, params.termsId)] }),
  );

  route.post(
    '/terms/find',
    {
      summary: "Terms of the caller tree's companies (admins: all, portal-wide ones too)",
      permission: 'companymanagement.read',
      body: ZTermsFindRequest,
      response: ZTermsPage,
    },
    ({ caller, body }) => terms.find(caller, body),
  );

  route.get(
    '/terms/get/:id',
    {
      summary: 'One terms text',
      permission: 'companymanagement.read',
      params: ZIdParams,
      response: ZTermsInfos,
    },
    async ({ caller, params }) => ({ termsInfos: [await terms.get(caller, params.id)] }),
  );

  route.post(
    '/terms/save',
    {
      summary: 'Create or update terms of a company (portal-wide terms: admins)',
      permission: 'companymanagement.update',
      body: ZTermsSaveRequest,
      response: ZTermsInfos,
      bodyLimit: 2 * 1024 * 1024,
    },
    async ({ caller, body }) => ({ termsInfos: await terms.save(caller, body.termsInfos) }),
  );

  route.post(
    '/terms/delete',
    {
      summary: 'Delete terms',
      permission: 'companymanagement.delete',
      body: ZTermsDeleteRequest,
      response: ZTermsInfos,
    },
    async ({ caller, body }) => ({
      termsInfos: await terms.delete(
        caller,
        body.termsInfos.map((item) => item.termsId),
      ),
    }),
  );
}
