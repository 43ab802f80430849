import { ZRoleDeleteRequest, ZRoleFindRequest, ZRoleSaveRequest } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { validate } from '../../lib/validate.ts';
import { requireAuth } from '../../plugins/auth.ts';

export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  const roles = app.services.roles;

  app.post('/role/find', { config: { permission: 'usermanagement.read' } }, async (request) =>
    ok(await roles.find(validate(ZRoleFindRequest, request.body))),
  );

  // Creating also needs adminmanagement.create; the service checks it.
  app.post('/role/save', { config: { permission: 'adminmanagement.update' } }, async (request) => {
    const { roleData } = validate(ZRoleSaveRequest, request.body);
    return ok({ roleInfos: await roles.save(requireAuth(request), roleData) });
  });

  app.post('/role/delete', { config: { permission: 'adminmanagement.delete' } }, async (request) => {
    const { roleData } = validate(ZRoleDeleteRequest, request.body);
    return ok({ roleInfos: await roles.delete(requireAuth(request), roleData.roleId) });
  });
}
