import { createSecretKey, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/app-error.ts';
import { hmacBase64Url, safeEqual } from '../lib/crypto.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Random bytes in a cookie's value: 144 bits. */
const VALUE_BYTES = 18;
/**
 * Every response to a request without the cookie mints one, so random bytes are drawn from the
 * CSPRNG a few kilobytes at a time and each slice is used once, instead of one call per request.
 */
const POOL_BYTES = VALUE_BYTES * 256;

/** Past this many remembered cookies, all are forgotten (each is checked again on its next use). */
const MAX_KNOWN = 50_000;

/**
 * The value of the first cookie called `name` in a Cookie header (`a=1; XSRF-TOKEN=…; b=2`), or
 * undefined. The portal reads no other cookie, so it parses no more than this.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const prefix = `${name}=`;
  for (let at = header.indexOf(prefix); at >= 0; at = header.indexOf(prefix, at + 1)) {
    const before = header.slice(0, at).trimEnd();
    if (before !== '' && !before.endsWith(';')) continue;
    const end = header.indexOf(';', at);
    return header.slice(at + prefix.length, end < 0 ? undefined : end).trim();
  }
  return undefined;
}

/** Fresh cookie values, each VALUE_BYTES of the CSPRNG as base64url. */
function randomValues(): () => string {
  let pool = randomBytes(POOL_BYTES);
  let offset = 0;
  return () => {
    if (offset === POOL_BYTES) {
      pool = randomBytes(POOL_BYTES);
      offset = 0;
    }
    offset += VALUE_BYTES;
    return pool.toString('base64url', offset - VALUE_BYTES, offset);
  };
}

/**
 * Double-submit CSRF (CONTRACT 2): the cookie is random and signed with a server key, so a cookie
 * planted from elsewhere is refused; a request with no cookies at all (add-in, script) is exempt.
 * Every response to a request without a genuine cookie sets a new one.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { key: string; secureCookie: boolean }) => {
    const key = createSecretKey(Buffer.from(options.key));
    const sign = (value: string) => hmacBase64Url(key, `csrf:${value}`);
    // Cookies found genuine: a browser sends its cookie with every request, so its signature is
    // checked once, not each time.
    const known = new Set<string>();
    const remember = (token: string) => {
      if (known.size >= MAX_KNOWN) known.clear();
      known.add(token);
    };
    const isGenuine = (token: string | undefined): token is string => {
      if (token === undefined) return false;
      if (known.has(token)) return true;
      const dot = token.indexOf('.');
      if (dot <= 0 || !safeEqual(token.slice(dot + 1), sign(token.slice(0, dot)))) return false;
      remember(token);
      return true;
    };
    const nextValue = randomValues();
    // The attributes never change, so the header is written as one string.
    const attributes = `; Path=/; SameSite=Strict${options.secureCookie ? '; Secure' : ''}`;

    // Callback style: no promise per request for a check that never waits.
    app.addHook('onRequest', (request, reply, done) => {
      const cookie = cookieValue(request.headers.cookie, CSRF_COOKIE);
      const genuine = isGenuine(cookie);
      if (!genuine) {
        const value = nextValue();
        void reply.header('set-cookie', `${CSRF_COOKIE}=${value}.${sign(value)}${attributes}`);
      }
      if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return done();
      if (!genuine) return done(forbidden('csrfCookie'));
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !safeEqual(header, cookie)) return done(forbidden('csrfHeader'));
      done();
    });
  },
);
