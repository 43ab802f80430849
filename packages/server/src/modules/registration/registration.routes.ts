import { languageOfHeader, ZRegisterRequest, ZSelfcareActivateRequest, ZUserInfos } from '@portal/contract';
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
    { summary: 'Mail a one-time activation code (valid 24 h)', permission: 'selfcare', response: ZNoPayload },
    async ({ caller }) => {
      await registration.sendActivationToken(caller);
      return {};
    },
  );

  route.post(
    '/user/selfcare/activate',
    {
      summary: 'Activate the account with the mailed code',
      permission: 'selfcare',
      body: ZSelfcareActivateRequest,
      response: ZUserInfos,
    },
    async ({ caller, body }) => ({ userInfos: [await registration.activate(caller, body.token)] }),
  );
}
