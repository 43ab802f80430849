import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import type { TConfig } from './config.ts';
import type { TDatabase } from './db/client.ts';
import { seed } from './db/seed.ts';
import { BotCheck } from './lib/bot-check.ts';
import { hmacBase64Url, randomToken } from './lib/crypto.ts';
import { TokenSigner } from './lib/jwt.ts';
import { Mailer } from './lib/mailer.ts';
import { PasswordHasher } from './lib/passwords.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { SecretBox } from './lib/secret-box.ts';
import { apiRoutes } from './modules/index.ts';
import { FileStore } from './lib/file-store.ts';
import { FilesRepository } from './modules/files/files.repository.ts';
import { FilesService } from './modules/files/files.service.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { CompaniesRepository } from './modules/companies/companies.repository.ts';
import { CompaniesService } from './modules/companies/companies.service.ts';
import { environmentOf } from './modules/info/environment.ts';
import { RolesRepository } from './modules/roles/roles.repository.ts';
import { RolesService } from './modules/roles/roles.service.ts';
import { TermsRepository } from './modules/terms/terms.repository.ts';
import { TermsService } from './modules/terms/terms.service.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { UsersService } from './modules/users/users.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export const APP_VERSION = '0.1.0';

export type TServices = Awaited<ReturnType<typeof buildServices>>;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface
  interface FastifyInstance {
    services: TServices;
    database: TDatabase;
  }
}

async function buildServices(config: TConfig, database: TDatabase, log: FastifyInstance['log']) {
  const { db } = database;
  const authRepository = new AuthRepository(db);
  const master = await authRepository.settingOnce('serverSecret', randomToken(48));
  const derive = (purpose: string) => hmacBase64Url(master, purpose);
  const jwtSecret = config.jwtSecret ?? derive('jwt');
  const usersRepository = new UsersRepository(db);
  const rolesRepository = new RolesRepository(db);
  const companiesRepository = new CompaniesRepository(db);
  const termsRepository = new TermsRepository(db);
  const passwords = new PasswordHasher(config.passwordPepper);
  const signer = new TokenSigner(jwtSecret, config.accessTokenTtlSeconds);
  const mailer = new Mailer({
    smtpUrl: config.smtpUrl,
    outbox: config.inMemory ? undefined : path.join(config.dataDir, 'outbox'),
    from: config.mailFrom,
    log,
  });
  const limiter = new RateLimiter(config.rateLimits);
  const botCheck = new BotCheck(derive('bot-check'), config.botCheck);
  const files = new FilesService(
    config.inMemory ? FileStore.temporary() : new FileStore(path.join(config.dataDir, 'files')),
    new FilesRepository(db),
  );
  const companies = new CompaniesService(companiesRepository);
  const users = new UsersService({
    users: usersRepository,
    roles: rolesRepository,
    auth: authRepository,
    companies,
    passwords,
    mailer,
    files,
  });
  const terms = new TermsService(termsRepository, companiesRepository);
  const generatedAdminPassword = await seed({
    roles: rolesRepository,
    users: usersRepository,
    companies: companiesRepository,
    passwords,
    adminPassword: config.adminPassword,
  });
  return {
    generatedAdminPassword,
    csrfKey: derive('csrf'),
    authRepository,
    signer,
    mailer,
    limiter,
    botCheck,
    companies,
    terms,
    environment: environmentOf(config, APP_VERSION),
    auth: new AuthService({
      config,
      auth: authRepository,
      users: usersRepository,
      usersService: users,
      companies: companiesRepository,
      roles: rolesRepository,
      terms,
      passwords,
      signer,
      mailer,
      limiter,
      botCheck,
      secretBox: new SecretBox(derive('secret-box')),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    }),
    files,
    users,
    roles: new RolesService(rolesRepository, authRepository),
  };
}

/** Builds the whole server on an open database: plugins, the API under /api and the web app at /. */
export async function buildApp(
  config: TConfig,
  database: TDatabase,
  logger: FastifyServerOptions['logger'] = { level: config.logLevel },
): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });
  app.decorate('database', database);
  app.decorate('services', await buildServices(config, database, app.log));
  app.addHook('onClose', () => database.close());
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(helmet, {
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
  await app.register(cookie);
  await app.register(csrfPlugin, {
    key: app.services.csrfKey,
    secureCookie: config.publicUrl.startsWith('https://'),
  });
  await app.register(authPlugin, {
    signer: app.services.signer,
    authRepository: app.services.authRepository,
  });
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(webAppPlugin, { root: config.webDist });
  return app;
}
