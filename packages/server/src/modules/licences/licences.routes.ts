import {
  ZLicenseCheckRequest,
  ZLicenseFindRequest,
  ZLicenseInfos,
  ZLicensePage,
  ZLicenseSaveRequest,
  ZIdParams,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../plugins/routes.ts';

/** Licences (spec 7): read by partner managers for their tree's companies, written by admins. */
export async function licencesRoutes(app: FastifyInstance): Promise<void> {
  const { licences } = app.services;
  const route = routesOf(app);

  route.post(
    '/license/find',
    {
      summary: "Licences of the caller tree's companies, the ones ending soonest first",
      permission: 'partnermanagement.read',
      body: ZLicenseFindRequest,
      response: ZLicensePage,
    },
    ({ caller, body }) => licences.find(caller, body),
  );

  route.get(
    '/license/get/:id',
    {
      summary: 'One licence with its seats in use and the companies using it',
      permission: 'partnermanagement.read',
      params: ZIdParams,
      response: ZLicenseInfos,
    },
    async ({ caller, params }) => ({ licenseInfos: [await licences.get(caller, params.id)] }),
  );

  for (const url of ['/license/save', '/license/update']) {
    route.post(
      url,
      {
        summary: 'Create or update licences (currentNumberOfUsers is counted, never typed)',
        permission: 'adminmanagement.update',
        body: ZLicenseSaveRequest,
        response: ZLicenseInfos,
      },
      async ({ caller, body }) => ({ licenseInfos: await licences.save(caller, body.licenseInfos) }),
    );
  }

  route.post(
    '/license/check',
    {
      summary: 'Check licences now: fills validCheck and validCheckDate',
      permission: 'partnermanagement.read',
      body: ZLicenseCheckRequest,
      response: ZLicenseInfos,
    },
    async ({ caller, body }) => ({
      licenseInfos: await licences.check(
        caller,
        body.checkedLicenseInfos.map((c) => c.licenseInfo.licenseInfoId),
      ),
    }),
  );
}
