import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/app-error.ts';
import { hmacBase64Url, randomToken, safeEqual } from '../lib/crypto.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF (CONTRACT 2): the cookie is random and signed with a server key, so a cookie
 * planted from elsewhere is refused; a request with no cookies at all (add-in, script) is exempt.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { key: string; secureCookie: boolean }) => {
    const sign = (value: string) => hmacBase64Url(options.key, `csrf:${value}`);
    const isGenuine = (token: string | undefined): token is string => {
      const [value, signature] = token?.split('.') ?? [];
      return Boolean(value && signature && safeEqual(signature, sign(value)));
    };

    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[CSRF_COOKIE];
      if (!isGenuine(cookie)) {
        const value = randomToken(24);
        void reply.setCookie(CSRF_COOKIE, `${value}.${sign(value)}`, {
          path: '/',
          sameSite: 'strict',
          httpOnly: false,
          secure: options.secureCookie,
        });
      }
      if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
      const header = request.headers[CSRF_HEADER];
      if (!isGenuine(cookie)) throw forbidden('csrfCookie');
      if (typeof header !== 'string' || !safeEqual(header, cookie)) {
        throw forbidden('csrfHeader');
      }
    });
  },
);
