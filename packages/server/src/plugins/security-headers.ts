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
 * Sets helmet's security headers (CSP, HSTS when on TLS, nosniff, frame and referrer policies) and
 * the request's id on every answer. Answers of the API also get `Cache-Control: no-store`: they
 * carry tokens and personal data, so no cache, shared or private, keeps them; a route that may be
 * cached (a thumbnail keyed by its hash) sets its own, which replaces this one.
 * One synchronous hook, set up once: it runs before every request of the portal.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = helmetHeaders(options);
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    void reply.header('x-request-id', request.id);
    done();
  });
});
