import { ZListFindRequest, ZListInfos, ZListPage, ZListSaveRequest } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesOf } from '../../plugins/routes.ts';

const ZCodeParams = z.object({
  code: z.string().min(1).max(50),
  includeInactive: z.enum(['true', 'false']),
});

/** Generic lists (spec 7): every signed-in user's pickers read them, admins keep them. */
export async function listsRoutes(app: FastifyInstance): Promise<void> {
  const { lists } = app.services;
  const route = routesOf(app);

  route.post(
    '/list/find',
    {
      summary: 'Find generic lists with their items (by ids, names such as unitlist, active)',
      permission: 'signed-in',
      body: ZListFindRequest,
      response: ZListPage,
    },
    ({ body }) => lists.find(body),
  );

  route.get(
    '/list/get/:code/:includeInactive',
    {
      summary: 'One generic list by its code (the second part: include an inactive list)',
      permission: 'signed-in',
      params: ZCodeParams,
      response: ZListInfos,
    },
    async ({ params }) => ({
      listInfos: [await lists.byCode(params.code, params.includeInactive === 'true')],
    }),
  );

  route.post(
    '/list/save',
    {
      summary: 'Create or update generic lists; the items sent replace the list items',
      permission: 'adminmanagement.update',
      body: ZListSaveRequest,
      response: ZListInfos,
      bodyLimit: 4 * 1024 * 1024,
    },
    async ({ caller, body }) => ({ listInfos: await lists.save(caller, body.listInfos) }),
  );
}
