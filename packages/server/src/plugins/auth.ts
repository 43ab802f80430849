import {
  API_TOKEN_PREFIX,
  PERMISSION_ACTIONS,
  type TApiTokenScope,
  type TPermission,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AppError, forbidden, unauthorized } from '../lib/app-error.ts';
import type { TAuth } from '../lib/caller.ts';

export type { TAuth };

/** What a route demands: no token, a self-care token or better, a full token, or one permission. */
export type TRoutePermission = 'public' | 'selfcare' | 'signed-in' | TPermission;

/** One row of the API surface: what the route table in docs/api.md and the permission tests read. */
export type TRouteEntry = {
  method: string;
  url: string;
  permission: TRoutePermission;
  summary: string;
  /** The API token scope the route also accepts (CONTRACT 8); none: no API token. */
  tokenScope?: TApiTokenScope;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface
  interface FastifyContextConfig {
    permission?: TRoutePermission;
    /** The API token scope this route accepts; an API token anywhere else is refused (403). */
    tokenScope?: TApiTokenScope;
    /** A route outside the API that checks its own bearer token (`/metrics`): no session is looked up. */
    bearerIsOwn?: boolean;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface
  interface FastifyRequest {
    auth: TAuth | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface
  interface FastifyInstance {
    /** Every API route with its declared permission (the permissions test walks it). */
    routeTable: TRouteEntry[];
    /** The permission routes of this scope get when they declare none (only the API docs scope sets one). */
    defaultPermission: TRoutePermission | undefined;
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

/** The caller a route's handler gets: null only on public routes. */
export type TCallerOf<P extends TRoutePermission> = P extends 'public' ? TAuth | null : TAuth;

/** The caller of a request on a route that demands `permission` (the preHandler has enforced it). */
export function callerOf<P extends TRoutePermission>(request: FastifyRequest, permission: P): TCallerOf<P> {
  const caller = request.auth;
  if (caller === null && permission !== 'public') throw unauthorized('authTokenRequired');
  return caller as TCallerOf<P>;
}

/** Why the caller of a request may not call its route, or undefined when it may. */
function refusalOf(request: FastifyRequest): AppError | undefined {
  const permission = request.routeOptions.config.permission;
  const auth = request.auth;
  if (auth?.apiToken) {
    const scope = request.routeOptions.config.tokenScope;
    if (!scope) return forbidden('apiTokenNotAccepted');
    if (!auth.apiToken.scopes.includes(scope)) return forbidden('apiTokenScopeMissing', { scope });
  }
  if (!permission || permission === 'public') return undefined;
  if (!auth) return unauthorized('authTokenRequired');
  if (permission === 'selfcare') return undefined;
  if (auth.selfcare) return forbidden('selfcareFirst');
  if (permission === 'signed-in') return undefined;
  if (auth.mfaSetup) return forbidden('mfaSetupFirst');
  if (!auth.permissions.has(permission)) return forbidden('permissionRequired', { permission });
  return undefined;
}

/**
 * Verifies the bearer token on every request and enforces each route's declared permission.
 * A route under /api without a declared permission cannot be registered.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      authenticate: (token: string) => Promise<TAuth | null>;
      /** The caller behind an API token (`fpt_…`): its creator, or null; a failure is thrown (401). */
      authenticateApiToken?: (token: string) => Promise<TAuth | null>;
    },
  ) => {
    app.decorateRequest('auth', null);
    app.decorate('routeTable', []);
    app.decorate('defaultPermission', undefined);

    app.addHook('onRoute', function (route) {
      if (!route.url.startsWith('/api')) return;
      const declared = route.config?.permission;
      const permission = declared ?? this.defaultPermission;
      if (!isRoutePermission(permission)) {
        throw new Error(`route ${String(route.method)} ${route.url} declares no permission`);
      }
      route.config = { ...route.config, permission };
      // Routes a plugin adds under a scope's default (the API reference's pages) are not the API.
      if (declared === undefined) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD')
          app.routeTable.push({
            method,
            url: route.url,
            permission,
            summary: route.schema?.summary ?? '',
            ...(route.config.tokenScope ? { tokenScope: route.config.tokenScope } : {}),
          });
      }
    });

    // Before the body is read or validated: strangers get 401 and the unpermitted 403, never a 400.
    // Callback style, so a request without a token (health, sign-in, the web app) makes no promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = bearerToken(request);
      if (!token || request.routeOptions.config.bearerIsOwn) return done(refusalOf(request));
      // An API token is told by its prefix; a JWT never starts with it (its header is base64url JSON).
      const authenticate =
        (token.startsWith(API_TOKEN_PREFIX) ? options.authenticateApiToken : undefined) ??
        options.authenticate;
      authenticate(token).then(
        (auth) => {
          request.auth = auth;
          done(refusalOf(request));
        },
        (error: Error) => done(error),
      );
    });
  },
);
