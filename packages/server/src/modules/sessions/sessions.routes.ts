import { ZTokenPair } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../plugins/auth.ts';
import { routesOf, ZNoPayload } from '../../plugins/routes.ts';

/** Token renewal and sign-out (CONTRACT 2). */
export async function sessionsRoutes(app: FastifyInstance): Promise<void> {
  const { sessions } = app.services;
  const route = routesOf(app);

  route.get(
    '/user/token-renew',
    { summary: 'Rotate the token pair (bearer refreshToken)', permission: 'public', response: ZTokenPair },
    ({ request, client }) => sessions.renew(bearerToken(request), client),
  );

  route.get(
    '/user/logout',
    { summary: 'End this sign-in', permission: 'selfcare', response: ZNoPayload },
    async ({ caller }) => {
      await sessions.logout(caller);
      return {};
    },
  );
}
