import { PERMISSION_ACTIONS, type TPermission, isSelfcareClaim } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/app-error.ts';
import type { TokenSigner } from '../lib/jwt.ts';
import type { AuthRepository } from '../modules/auth/auth.repository.ts';

/** What a route demands: no token, a self-care token or better, a full token, or one permission. */
export type TRoutePermission = 'public' | 'selfcare' | 'signed-in' | TPermission;

/** The caller, as the verified token and a live session say. */
export type TAuth = {
  userId: number;
  sessionId: string;
  login: string;
  companyId: number | null;
  roles: string[];
  permissions: ReadonlySet<string>;
  selfcare: boolean;
  /** An administrator who must enable the second factor before anything else. */
  mfaSetup: boolean;
  /** Admins see every company (CONTRACT 3); the mark of one is the adminmanagement.read permission. */
  isAdmin: boolean;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface
  interface FastifyContextConfig {
    permission?: TRoutePermission;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface
  interface FastifyRequest {
    auth: TAuth | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface
  interface FastifyInstance {
    /** Every API route with its declared permission (the permissions test walks it). */
    routeTable: Array<{ method: string; url: string; permission: TRoutePermission }>;
  }
}

const PERMISSION_PATTERN = new RegExp(`^[a-z]+\\.(${PERMISSION_ACTIONS.join('|')})$`);

export function isRoutePermission(value: unknown): value is TRoutePermission {
  return (
    value === 'public' ||
    value === 'selfcare' ||
    value === 'signed-in' ||
    (typeof value === 'string' && PERMISSION_PATTERN.test(value))
  );
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith('bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** Returns the caller of a request or throws 401; throws 403 for a self-care token unless allowed. */
export function requireAuth(request: FastifyRequest, allowSelfcare = false): TAuth {
  if (!request.auth) throw unauthorized('A valid authToken is required');
  if (request.auth.selfcare && !allowSelfcare) throw forbidden('Complete your account activation first');
  return request.auth;
}

/**
 * Verifies the bearer token on every request and enforces each route's declared permission.
 * A route under /api without a declared permission cannot be registered.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { signer: TokenSigner; authRepository: AuthRepository }) => {
    app.decorateRequest('auth', null);
    app.decorate('routeTable', []);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return;
      if (!isRoutePermission(route.config?.permission)) {
        throw new Error(`route ${String(route.method)} ${route.url} declares no permission`);
      }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD')
          app.routeTable.push({ method, url: route.url, permission: route.config.permission });
      }
    });

    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (!token) return;
      const claims = await options.signer.verify(token);
      if (!claims) return;
      const live = await options.authRepository.liveSession(claims.sid, Number(claims.sub));
      if (!live) return;
      const permissions = new Set(
        Array.isArray(claims.permissions) ? claims.permissions : [claims.permissions],
      );
      request.auth = {
        userId: Number(claims.sub),
        sessionId: claims.sid,
        login: claims.login,
        companyId: claims.companyId,
        roles: claims.roles,
        permissions,
        selfcare: isSelfcareClaim(claims.permissions),
        mfaSetup: claims.mfaSetup === true,
        isAdmin: permissions.has('adminmanagement.read'),
      };
    });

    app.addHook('preHandler', async (request) => {
      const permission = request.routeOptions.config.permission;
      if (!permission || permission === 'public') return;
      const auth = requireAuth(request, permission === 'selfcare');
      if (permission === 'selfcare' || permission === 'signed-in') return;
      if (auth.mfaSetup) throw forbidden('Enable the second factor (two-step sign-in) first');
      if (!auth.permissions.has(permission))
        throw forbidden(`This action needs the ${permission} permission`);
    });
  },
);
