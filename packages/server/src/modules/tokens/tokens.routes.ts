import {
  ZApiTokenDeleteRequest,
  ZApiTokenFindRequest,
  ZApiTokenInfos,
  ZApiTokenPage,
  ZApiTokenSaveRequest,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { Json } from '../../lib/json-page.ts';
import { JsonText, routesOf } from '../../plugins/routes.ts';

/** API tokens (CONTRACT 8): admins and partners manage their tree's tokens for design tools. */
export async function tokensRoutes(app: FastifyInstance): Promise<void> {
  const { apiTokens: tokens } = app.services;
  const route = routesOf(app);

  route.post(
    '/token/find',
    {
      summary: "API tokens of the caller's tree (admins: all) with their last use, never the secret",
      permission: 'partnermanagement.read',
      body: ZApiTokenFindRequest,
      response: ZApiTokenPage,
    },
    async ({ caller, body }) => {
      const page = await tokens.find(caller, body);
      return JsonText.of({ apiTokenInfos: page.json(), totalCount: Json.of(page.total) });
    },
  );

  route.post(
    '/token/save',
    {
      summary:
        'Create API tokens (scopes lookup, download); the answer carries each secret, `token`, this once',
      permission: 'partnermanagement.create',
      body: ZApiTokenSaveRequest,
      response: ZApiTokenInfos,
    },
    async ({ caller, body, client }) => ({
      apiTokenInfos: await tokens.save(caller, body.apiTokenInfos, client),
    }),
  );

  route.post(
    '/token/delete',
    {
      summary: "Revoke API tokens of the caller's tree at once",
      permission: 'partnermanagement.delete',
      body: ZApiTokenDeleteRequest,
      response: ZApiTokenInfos,
    },
    async ({ caller, body, client }) => ({
      apiTokenInfos: await tokens.delete(
        caller,
        body.apiTokenInfos.map((item) => item.apiTokenId),
        client,
      ),
    }),
  );
}
