import { ZChangePasswordRequest, ZForgotPasswordRequest, ZResetPasswordRequest } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf, ZNoPayload } from '../../plugins/routes.ts';

/** Forgotten and changed passwords. */
export async function recoveryRoutes(app: FastifyInstance): Promise<void> {
  const { recovery } = app.services;
  const route = routesOf(app);

  route.post(
    '/user/forgot-password',
    {
      summary: 'Mail a reset link (always 200, whether the login exists or not)',
      permission: 'public',
      body: ZForgotPasswordRequest,
      response: ZNoPayload,
    },
    async ({ body, client }) => {
      await recovery.forgotPassword(body.userLogin, body.botCheck, client);
      return {};
    },
  );

  route.post(
    '/user/reset-password',
    {
      summary: 'Set a new password with a reset link; ends every sign-in',
      permission: 'public',
      body: ZResetPasswordRequest,
      response: ZNoPayload,
    },
    async ({ body, client }) => {
      await recovery.resetPassword(body.token, body.passwordHash, client);
      return {};
    },
  );

  route.post(
    '/user/change-password',
    {
      summary: 'Change the own password (sign-in lockout applies); ends the other sign-ins',
      permission: 'signed-in',
      body: ZChangePasswordRequest,
      response: ZNoPayload,
    },
    async ({ caller, body, client }) => {
      await recovery.changePassword(caller, body.oldPasswordHash, body.newPasswordHash, client);
      return {};
    },
  );
}
