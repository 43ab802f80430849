import { ZMfaCodeRequest, ZMfaSetup, ZRecoveryCodes } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf, ZNoPayload } from '../../plugins/routes.ts';

/** Turning two-step sign-in on and off. */
export async function mfaRoutes(app: FastifyInstance): Promise<void> {
  const { mfa } = app.services;
  const route = routesOf(app);

  route.post(
    '/user/mfa/setup',
    { summary: 'Start two-step set-up: a new TOTP secret', permission: 'signed-in', response: ZMfaSetup },
    ({ caller }) => mfa.setup(caller),
  );

  route.post(
    '/user/mfa/enable',
    {
      summary: 'Turn two-step sign-in on with a code; answers recovery codes',
      permission: 'signed-in',
      body: ZMfaCodeRequest,
      response: ZRecoveryCodes,
    },
    ({ caller, body }) => mfa.enable(caller, body.code),
  );

  route.post(
    '/user/mfa/disable',
    {
      summary: 'Turn two-step sign-in off with a code',
      permission: 'signed-in',
      body: ZMfaCodeRequest,
      response: ZNoPayload,
    },
    async ({ caller, body }) => {
      await mfa.disable(caller, body.code);
      return {};
    },
  );
}
