import {
  ZRoleDeleteRequest,
  ZRoleFindRequest,
  ZRoleInfos,
  ZRolePage,
  ZRoleSaveRequest,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../plugins/routes.ts';

/** Roles and their permission matrix. */
export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  const { roles } = app.services;
  const route = routesOf(app);

  route.post(
    '/role/find',
    { summary: 'Find roles', permission: 'usermanagement.read', body: ZRoleFindRequest, response: ZRolePage },
    ({ body }) => roles.find(body),
  );

  route.post(
    '/role/save',
    {
      summary:
        'Create or update a role (creating also needs adminmanagement.create; grants only what the caller holds)',
      permission: 'adminmanagement.update',
      body: ZRoleSaveRequest,
      response: ZRoleInfos,
    },
    async ({ caller, body }) => ({ roleInfos: await roles.save(caller, body.roleData) }),
  );

  route.post(
    '/role/delete',
    {
      summary: 'Delete a role no user holds',
      permission: 'adminmanagement.delete',
      body: ZRoleDeleteRequest,
      response: ZRoleInfos,
    },
    async ({ caller, body }) => ({ roleInfos: await roles.delete(caller, body.roleData.roleId) }),
  );
}
