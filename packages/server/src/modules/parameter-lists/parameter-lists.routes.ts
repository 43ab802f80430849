import {
  ZParameterListDeleteRequest,
  ZParameterListFindRequest,
  ZParameterListInfos,
  ZParameterListPage,
  ZParameterListSaveRequest,
  ZIdParams,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../plugins/routes.ts';

/** Parameter lists (spec 7, CONTRACT 1). */
export async function parameterListsRoutes(app: FastifyInstance): Promise<void> {
  const { parameterLists } = app.services;
  const route = routesOf(app);

  route.get(
    '/parameters/get/parameterlist/:id',
    {
      summary: 'One parameter list with its parameters',
      permission: 'contentmanagement.read',
      params: ZIdParams,
      response: ZParameterListInfos,
    },
    async ({ caller, params }) => ({ parameterListInfos: [await parameterLists.get(caller, params.id)] }),
  );

  route.post(
    '/parameters/find/parameterlist',
    {
      summary: 'Parameter lists of the caller tree and the portal-wide ones (companyIds, codes, active)',
      permission: 'contentmanagement.read',
      body: ZParameterListFindRequest,
      response: ZParameterListPage,
    },
    ({ caller, body }) => parameterLists.find(caller, body),
  );

  for (const [url, summary] of [
    [
      '/parameters/save/parameterlist',
      'Create parameter lists (an id updates that one) with their parameters',
    ],
    [
      '/parameters/update/parameterlist',
      'Update parameter lists: parameters with an id change, without one are added',
    ],
  ] as const) {
    route.post(
      url,
      {
        summary,
        permission: 'contentmanagement.update',
        body: ZParameterListSaveRequest,
        response: ZParameterListInfos,
        bodyLimit: 4 * 1024 * 1024,
      },
      async ({ caller, body }) => ({
        parameterListInfos: await parameterLists.save(caller, body.parameterListInfos),
      }),
    );
  }

  route.post(
    '/parameters/delete/parameterlist',
    {
      summary:
        'Remove parameters (parameterInfos) or whole lists (parameterListInfos; 409 when families use one)',
      permission: 'contentmanagement.delete',
      body: ZParameterListDeleteRequest,
      response: ZParameterListInfos,
    },
    async ({ caller, body }) => ({
      parameterListInfos: await parameterLists.delete(
        caller,
        body.parameterInfos?.map((p) => p.parameterId) ?? [],
        body.parameterListInfos?.map((l) => l.parameterListId) ?? [],
      ),
    }),
  );
}
