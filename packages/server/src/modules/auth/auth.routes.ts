import {
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZMfaCodeRequest,
  ZMfaLoginRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSelfcareActivateRequest,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { validate } from '../../lib/validate.ts';
import { bearerToken, requireAuth } from '../../plugins/auth.ts';
import type { TClient } from './auth.service.ts';

const client = (request: FastifyRequest): TClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
const ZTermsParams = z.object({ termsId: z.coerce.number().int().positive('termsId is not valid') });

/** Sign-in and account self-service under /user (CONTRACT 2). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const auth = app.services.auth;

  app.get('/user/challenge', { config: { permission: 'public' } }, async (request) => {
    app.services.limiter.hit(`challenge-ip:${request.ip}`, 60, 60_000);
    return ok(app.services.botCheck.issue());
  });

  app.post('/user/login', { config: { permission: 'public' } }, async (request) => {
    const body = validate(ZLoginRequest, request.body);
    return ok(await auth.login(body.username, body.password, client(request)));
  });

  app.post('/user/login/mfa', { config: { permission: 'public' } }, async (request) => {
    const body = validate(ZMfaLoginRequest, request.body);
    return ok(await auth.loginMfa(body.mfaToken, body.code, client(request)));
  });

  app.get('/user/token-renew', { config: { permission: 'public' } }, async (request) =>
    ok(await auth.renew(bearerToken(request), client(request))),
  );

  app.get('/user/logout', { config: { permission: 'selfcare' } }, async (request) => {
    await auth.logout(requireAuth(request, true));
    return ok();
  });

  app.get('/user/me', { config: { permission: 'selfcare' } }, async (request) =>
    ok({ userInfos: [await auth.me(requireAuth(request, true))] }),
  );

  app.post('/user/register', { config: { permission: 'public' } }, async (request) => {
    const body = validate(ZRegisterRequest, request.body);
    const user = await auth.register(body.userInfo, body.botCheck, client(request));
    return ok({ userInfos: [user] });
  });

  app.post('/user/forgot-password', { config: { permission: 'public' } }, async (request) => {
    const body = validate(ZForgotPasswordRequest, request.body);
    await auth.forgotPassword(body.userLogin, body.botCheck, client(request));
    return ok();
  });

  app.post('/user/reset-password', { config: { permission: 'public' } }, async (request) => {
    const body = validate(ZResetPasswordRequest, request.body);
    await auth.resetPassword(body.token, body.passwordHash, client(request));
    return ok();
  });

  app.post('/user/change-password', { config: { permission: 'signed-in' } }, async (request) => {
    const body = validate(ZChangePasswordRequest, request.body);
    await auth.changePassword(requireAuth(request), body.oldPasswordHash, body.newPasswordHash);
    return ok();
  });

  app.get('/user/acceptterms/:termsId', { config: { permission: 'signed-in' } }, async (request) => {
    const { termsId } = validate(ZTermsParams, request.params);
    return ok({ userInfos: [await auth.acceptTerms(requireAuth(request), termsId)] });
  });

  app.get('/user/selfcare/send-token', { config: { permission: 'selfcare' } }, async (request) => {
    await auth.sendActivationToken(requireAuth(request, true));
    return ok();
  });

  app.post('/user/selfcare/activate', { config: { permission: 'selfcare' } }, async (request) => {
    const body = validate(ZSelfcareActivateRequest, request.body);
    return ok({ userInfos: [await auth.activate(requireAuth(request, true), body.token)] });
  });

  app.post('/user/mfa/setup', { config: { permission: 'signed-in' } }, async (request) =>
    ok(await auth.mfaSetup(requireAuth(request))),
  );

  app.post('/user/mfa/enable', { config: { permission: 'signed-in' } }, async (request) => {
    const body = validate(ZMfaCodeRequest, request.body);
    return ok(await auth.mfaEnable(requireAuth(request), body.code));
  });

  app.post('/user/mfa/disable', { config: { permission: 'signed-in' } }, async (request) => {
    const body = validate(ZMfaCodeRequest, request.body);
    await auth.mfaDisable(requireAuth(request), body.code);
    return ok();
  });
}
