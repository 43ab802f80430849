import {
  languageOfHeader,
  ZActivateLinkRequest,
  ZActivation,
  ZRegisterRequest,
  ZSelfcareActivateRequest,
  ZUserInfos,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf, ZNoPayload } from '../../plugins/routes.ts';

/** Sign-up and self-care activation. */
export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const { registration } = app.services;
  const route = routesOf(app);

  route.post(
    '/user/register',
    {
      summary: 'Register; the user waits for approval (inactive)',
      permission: 'public',
      body: ZRegisterRequest,
      response: ZUserInfos,
    },
    async ({ body, client, request }) => ({
      userInfos: [
        await registration.register(
          body.userInfo,
          body.botCheck,
          client,
          languageOfHeader(request.headers['accept-language']),
        ),
      ],
    }),
  );

  route.get(
    '/user/selfcare/send-token',
    {
      summary: 'Mail a short activation code (valid 1 h) and a one-click link (valid 24 h)',
      permission: 'selfcare',
      response: ZNoPayload,
    },
    async ({ caller }) => {
      await registration.sendActivationToken(caller);
      return {};
    },
  );

  route.post(
    '/user/selfcare/activate',
    {
      summary: "Activate the account with the mailed code (or the link's token); answers a full sign-in",
      permission: 'selfcare',
      body: ZSelfcareActivateRequest,
      response: ZActivation,
    },
    ({ caller, body, client }) => registration.activate(caller, body.token, client),
  );

  route.post(
    '/user/activate',
    {
      summary: "Activate the account with the mailed link's token, no sign-in needed; answers a full sign-in",
      permission: 'public',
      body: ZActivateLinkRequest,
      response: ZActivation,
    },
    ({ body, client }) => registration.activateByLink(body.token, client),
  );
}
