import {
  ZUserApproveRequest,
  ZUserDeleteRequest,
  ZUserFindRequest,
  ZUserInfos,
  ZUserPage,
  ZUserSaveRequest,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { Json } from '../../lib/json-page.ts';
import { JsonText, routesOf } from '../../plugins/routes.ts';

/** Photos travel base64 in the body, so saving users takes more than Fastify's 1 MiB default. */
const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

/** User management (spec 7) and the caller's own record. */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { users } = app.services;
  const route = routesOf(app);

  route.get(
    '/user/me',
    { summary: 'The signed-in user, with photo', permission: 'selfcare', response: ZUserInfos },
    // The record goes out as PostgreSQL wrote it, with its licence and photo.
    async ({ caller }) => JsonText.of({ userInfos: (await users.meJson(caller)).json() }),
  );

  route.post(
    '/user/find',
    {
      summary: 'Find users in the caller tree',
      permission: 'usermanagement.read',
      body: ZUserFindRequest,
      response: ZUserPage,
    },
    async ({ caller, body }) => {
      const page = await users.find(caller, body);
      return JsonText.of({ userInfos: page.json(), totalCount: Json.of(page.total) });
    },
  );

  route.post(
    '/user/save',
    {
      summary: 'Create (also needs usermanagement.create) or update users, all or nothing',
      permission: 'usermanagement.update',
      body: ZUserSaveRequest,
      response: ZUserInfos,
      bodyLimit: SAVE_BODY_LIMIT,
    },
    async ({ caller, body }) => ({ userInfos: await users.save(caller, body.userInfos) }),
  );

  route.post(
    '/user/approve',
    {
      summary: 'Approve (activate) or deactivate users',
      permission: 'usermanagement.update',
      body: ZUserApproveRequest,
      response: ZUserInfos,
    },
    async ({ caller, body }) => ({ userInfos: await users.approve(caller, body.userInfos) }),
  );

  route.post(
    '/user/delete',
    {
      summary: 'Delete users by login',
      permission: 'usermanagement.delete',
      body: ZUserDeleteRequest,
      response: ZUserInfos,
    },
    async ({ caller, body }) => ({
      userInfos: await users.delete(
        caller,
        body.userInfos.map((u) => u.login),
      ),
    }),
  );
}
