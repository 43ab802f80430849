import {
  languageOfHeader,
  ZBotChallenge,
  ZLoginRequest,
  ZLoginResponse,
  ZMfaLoginRequest,
  ZSignIn,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../plugins/routes.ts';

/** Signing in, and the bot-check challenge the public forms solve first. */
export async function signInRoutes(app: FastifyInstance): Promise<void> {
  const { signIn, limiter, botCheck } = app.services;
  const route = routesOf(app);

  route.get(
    '/user/challenge',
    { summary: 'A proof-of-work challenge for the bot check', permission: 'public', response: ZBotChallenge },
    async ({ client }) => {
      await limiter.hit(`challenge-ip:${client.ip}`, 60, 60_000);
      return botCheck.issue();
    },
  );

  route.post(
    '/user/login',
    {
      summary: 'Sign in; answers tokens, or mfaRequired with an mfaToken',
      permission: 'public',
      body: ZLoginRequest,
      response: ZLoginResponse,
    },
    ({ body, client, request }) =>
      signIn.login(
        body.username,
        body.password,
        client,
        languageOfHeader(request.headers['accept-language']),
      ),
  );

  route.post(
    '/user/login/mfa',
    {
      summary: 'Complete a two-step sign-in with a code',
      permission: 'public',
      body: ZMfaLoginRequest,
      response: ZSignIn,
    },
    ({ body, client }) => signIn.loginMfa(body.mfaToken, body.code, client),
  );
}
