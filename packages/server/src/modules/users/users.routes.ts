import {
  ZUserApproveRequest,
  ZUserDeleteRequest,
  ZUserFindRequest,
  ZUserSaveRequest,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { validate } from '../../lib/validate.ts';
import { requireAuth } from '../../plugins/auth.ts';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const users = app.services.users;

  app.post('/user/find', { config: { permission: 'usermanagement.read' } }, async (request) =>
    ok(await users.find(requireAuth(request), validate(ZUserFindRequest, request.body))),
  );

  // Creating also needs usermanagement.create; the service checks it per record.
  // Photos travel base64 in the body, so this route takes more than the default 1 MiB.
  app.post(
    '/user/save',
    { config: { permission: 'usermanagement.update' }, bodyLimit: 8 * 1024 * 1024 },
    async (request) => {
      const { userInfos } = validate(ZUserSaveRequest, request.body);
      return ok({ userInfos: await users.save(requireAuth(request), userInfos) });
    },
  );

  app.post('/user/approve', { config: { permission: 'usermanagement.update' } }, async (request) => {
    const { userInfos } = validate(ZUserApproveRequest, request.body);
    return ok({ userInfos: await users.approve(requireAuth(request), userInfos) });
  });

  app.post('/user/delete', { config: { permission: 'usermanagement.delete' } }, async (request) => {
    const { userInfos } = validate(ZUserDeleteRequest, request.body);
    return ok({
      userInfos: await users.delete(
        requireAuth(request),
        userInfos.map((u) => u.login),
      ),
    });
  });
}
