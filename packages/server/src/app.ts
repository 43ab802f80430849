import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import type { TDatabase } from './db/client.ts';
import { apiRoutes } from './modules/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { ERROR_TITLES } from './lib/app-error.ts';
import { BatchedLog } from './lib/log-stream.ts';
import { isWritePermission } from './lib/write-clock.ts';
import { loggedError, RequestLog } from './lib/request-log.ts';
import { carryRequestIds } from './lib/request-context.ts';
import { errorEnvelope, errorsPlugin } from './plugins/errors.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { serializerCompilerOf, validatorCompiler } from './plugins/schemas.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { APP_VERSION, buildServices, type TServices } from './services.ts';

export { APP_VERSION };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface
  interface FastifyInstance {
    services: TServices;
    database: TDatabase;
  }
}

/** Fastify takes hop counts as a function of the hop. */
function trustProxyOption(trust: TConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the whole server on an open database: plugins, the API under /api and the web app at /. */
export async function buildApp(
  config: TConfig,
  database: TDatabase,
  logger?: FastifyServerOptions['logger'],
): Promise<FastifyInstance> {
  // Log lines go out in 4 KiB writes (flushed every second and on close), not one write each.
  const logStream = logger === undefined ? BatchedLog.stdout() : undefined;
  const logOptions = logger ?? { level: config.logLevel, stream: logStream };
  const app = Fastify({
    // Errors are logged with their texts cut short (a failed query carries all its parameters).
    logger:
      typeof logOptions === 'object' && logOptions !== null
        ? { serializers: { err: loggedError }, ...logOptions }
        : logOptions,
    trustProxy: trustProxyOption(config.trustProxy),
    // A body trickled in byte by byte is cut off instead of holding a connection for minutes.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    logController: new RequestLog(),
    // The router's own refusals (a broken escape, an over-long parameter) answer in the envelope too.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply)
        .status(400)
        .send(errorEnvelope(400, ERROR_TITLES[400], [{ key: 'notValid', values: { name: 'path' } }]));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompilerOf(config.checkResponses));
  app.decorate('database', database);
  for (const warning of database.warnings ?? []) app.log.warn(warning);
  app.decorate('services', await buildServices(config, database, app.log));
  app.addHook('onClose', () => database.close());
  app.addHook('onClose', async () => app.services.redis?.close());
  // Files nothing refers to any more go at start and every interval; a sweep under way ends
  // before the database closes.
  app.addHook('onReady', async () => app.services.fileSweep.start(config.fileSweep.intervalMinutes));
  app.addHook('preClose', () => app.services.fileSweep.stop());
  // The mail queue's worker sends from the start; on close a send under way finishes first.
  app.addHook('onReady', async () => app.services.mailer.start());
  app.addHook('preClose', () => app.services.mailer.stop());
  // On a server, sign-ins and API tokens ended by the other instances are heard from the start.
  app.addHook('onReady', async () => app.services.revocationBus?.start());
  app.addHook('preClose', async () => app.services.revocationBus?.stop());
  // Each write request's id goes with the mail it queues (lib/request-context.ts).
  carryRequestIds(app);
  // Activity rows past their retention go at start and hourly, in batches.
  app.addHook('onReady', async () => app.services.activitySweep.start(config.activitySweepMinutes));
  app.addHook('preClose', () => app.services.activitySweep.stop());
  if (logStream) app.addHook('onClose', async () => logStream.flushSync());

  await app.register(errorsPlugin);
  // First, so its onResponse hook times every request, refusals included.
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    database: database.stats,
    queue: () => app.services.mailer.queueStats(),
  });
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  // The API's text answers of 1 KB or more, for browsers that accept brotli or gzip.
  await app.register(compressionPlugin);
  await app.register(csrfPlugin, {
    key: app.services.csrfKey,
    secureCookie: config.publicUrl.startsWith('https://'),
  });
  await app.register(authPlugin, {
    authenticate: (token) => app.services.sessions.authenticate(token),
    authenticateApiToken: (token) => app.services.apiTokens.authenticate(token),
  });
  // A write that succeeded moves the write clock before its answer goes out (after its commit), so
  // a remembered answer read before it is never served again (lib/write-clock.ts).
  const writes = app.services.writes;
  app.addHook('onRoute', (route) => {
    const permission = (route.config as { permission?: unknown } | undefined)?.permission;
    if (typeof permission !== 'string' || !isWritePermission(permission)) return;
    route.onSend = [
      ...[route.onSend ?? []].flat(),
      (_request, reply, payload, done) => {
        if (reply.statusCode < 400) writes.tick();
        done(null, payload);
      },
    ];
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Family Portal API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(webAppPlugin, { root: config.webDist });
  return app;
}
