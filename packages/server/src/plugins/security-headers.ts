import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets, worked out once: the policy never changes per request, so running
 * helmet (and re-parsing its CSP) on every request would only spend CPU.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * What an answer of the API (JSON, a file, a thumbnail) carries, as OWASP's REST Security Cheat
 * Sheet lists it: it is never a page, so it may load nothing, be framed nowhere and be kept by no
 * cache (it carries tokens and personal data). A document's headers (script and style sources,
 * opener policy, the legacy XSS and download switches) mean nothing on it.
 */
export function apiHeadersOf(documentHeaders: Record<string, string>): Record<string, string> {
  const hsts = documentHeaders['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
    'cache-control': 'no-store',
  };
}

/** The API's own pages (its interactive reference) are documents, under /api. */
const API_PAGES = '/api/docs';

/**
 * The web app's hashed files (scripts, styles, pictures) are never pages either: they get the
 * API's lean set without its `no-store` (web-app.ts caches them for a year). It is some 300 bytes
 * lighter a response than a page's policy: 9 KB over the 29 scripts of the sign-in page.
 */
const WEB_ASSETS = '/assets/';

/**
 * Sets the security headers and the request's id on every answer: helmet's document headers (CSP,
 * HSTS when on TLS, nosniff, frame and referrer policies) on the web app's pages and the API's
 * reference pages, the API's lean set (above) on everything else under /api and on /assets/. A
 * route that may be cached (a thumbnail keyed by its hash) sets its own Cache-Control, which
 * replaces `no-store`.
 * One synchronous hook, set up once: it runs before every request of the portal.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const documentHeaders = helmetHeaders(options);
  const apiPageHeaders = { ...documentHeaders, 'cache-control': 'no-store' };
  const apiHeaders = apiHeadersOf(documentHeaders);
  const assetHeaders = Object.fromEntries(
    Object.entries(apiHeaders).filter(([name]) => name !== 'cache-control'),
  );
  const headersOf = (url: string) => {
    if (url.startsWith('/api/')) return url.startsWith(API_PAGES) ? apiPageHeaders : apiHeaders;
    return url.startsWith(WEB_ASSETS) ? assetHeaders : documentHeaders;
  };
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headersOf(request.url));
    void reply.header('x-request-id', request.id);
    done();
  });
});
