import path from 'node:path';
import { PLACEMENT_RULE_CODE_LISTS, SCENARIO_CODE_LISTS } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from './config.ts';
import type { TDatabase } from './db/client.ts';
import { DbContext } from './db/context.ts';
import { seed } from './seed.ts';
import { BotCheck } from './lib/bot-check.ts';
import { FileStore } from './lib/file-store.ts';
import { S3Store } from './lib/s3-store.ts';
import { TokenSigner } from './lib/jwt.ts';
import { WriteClock } from './lib/write-clock.ts';
import { MemoryLimitStore, type TLimitStore } from './lib/limit-store.ts';
import { RedisLimitStore } from './lib/redis-limit-store.ts';
import { Mailer } from './lib/mailer.ts';
import { MailOutboxRepository } from './lib/mail-outbox.repository.ts';
import { PasswordHasher } from './lib/passwords.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { SecretBox } from './lib/secret-box.ts';
import { ApprovalsInboxService } from './modules/approvals/approvals-inbox.service.ts';
import { ApprovalsRepository } from './modules/approvals/approvals.repository.ts';
import { ApprovalsService } from './modules/approvals/approvals.service.ts';
import { ActivityRepository } from './modules/activity/activity.repository.ts';
import { ActivityService } from './modules/activity/activity.service.ts';
import { ActivityLogService } from './modules/activity/activity-log.service.ts';
import { ActivitySweepService } from './modules/activity/activity-sweep.service.ts';
import { CategoriesRepository } from './modules/categories/categories.repository.ts';
import { CategoriesService } from './modules/categories/categories.service.ts';
import { CompaniesRepository } from './modules/companies/companies.repository.ts';
import { CompaniesService } from './modules/companies/companies.service.ts';
import { CustomersRepository } from './modules/customers/customers.repository.ts';
import { CustomersService } from './modules/customers/customers.service.ts';
import { FamiliesRepository } from './modules/families/families.repository.ts';
import { FamiliesService } from './modules/families/families.service.ts';
import { FamilyDownloadsService } from './modules/families/family-downloads.service.ts';
import { FamilyBulkService } from './modules/families/family-bulk.service.ts';
import { FamilyUploadsService } from './modules/families/family-uploads.service.ts';
import { FileSweepService } from './modules/files/file-sweep.service.ts';
import { FilesRepository } from './modules/files/files.repository.ts';
import { FilesService } from './modules/files/files.service.ts';
import { HealthRepository } from './modules/health/health.repository.ts';
import { LimitsRepository } from './modules/limits/limits.repository.ts';
import { HealthService } from './modules/health/health.service.ts';
import { environmentOf } from './modules/info/environment.service.ts';
import { LicencesRepository } from './modules/licences/licences.repository.ts';
import { LicencesService } from './modules/licences/licences.service.ts';
import { ListsRepository } from './modules/lists/lists.repository.ts';
import { ListsService } from './modules/lists/lists.service.ts';
import { MfaRepository } from './modules/mfa/mfa.repository.ts';
import { MfaService } from './modules/mfa/mfa.service.ts';
import { NotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { OneTimeTokensRepository } from './modules/one-time-tokens/one-time-tokens.repository.ts';
import { OneTimeTokensService } from './modules/one-time-tokens/one-time-tokens.service.ts';
import { ParameterListsRepository } from './modules/parameter-lists/parameter-lists.repository.ts';
import { ParameterListsService } from './modules/parameter-lists/parameter-lists.service.ts';
import { PlacementRulesRepository } from './modules/placement-rules/placement-rules.repository.ts';
import { PlacementRulesService } from './modules/placement-rules/placement-rules.service.ts';
import { PlacementLookupRepository } from './modules/placement-rules/placement-rules-lookup.repository.ts';
import { PlacementLookupService } from './modules/placement-rules/placement-rules-lookup.service.ts';
import { PlacementRulesTransferService } from './modules/placement-rules/placement-rules-transfer.service.ts';
import { PriceListsRepository } from './modules/price-lists/price-lists.repository.ts';
import { PriceListsService } from './modules/price-lists/price-lists.service.ts';
import { RecoveryService } from './modules/recovery/recovery.service.ts';
import { RegistrationService } from './modules/registration/registration.service.ts';
import { RolesRepository } from './modules/roles/roles.repository.ts';
import { RolesService } from './modules/roles/roles.service.ts';
import { ScenariosRepository } from './modules/scenarios/scenarios.repository.ts';
import { codeListsOf, ScenariosService } from './modules/scenarios/scenarios.service.ts';
import { LiveSessions } from './modules/sessions/live-sessions.service.ts';
import { RevocationBus } from './modules/sessions/revocation-bus.service.ts';
import { SessionsRepository } from './modules/sessions/sessions.repository.ts';
import { SessionsService } from './modules/sessions/sessions.service.ts';
import { SettingsRepository } from './modules/settings/settings.repository.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { SignInRepository } from './modules/sign-in/sign-in.repository.ts';
import { SignInService } from './modules/sign-in/sign-in.service.ts';
import { StatisticsRepository } from './modules/statistics/statistics.repository.ts';
import { StatisticsService } from './modules/statistics/statistics.service.ts';
import { TermsRepository } from './modules/terms/terms.repository.ts';
import { TermsService } from './modules/terms/terms.service.ts';
import { TokensRepository } from './modules/tokens/tokens.repository.ts';
import { TokensService } from './modules/tokens/tokens.service.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { UsersService } from './modules/users/users.service.ts';

export const APP_VERSION = '0.1.0';

export type TServices = Awaited<ReturnType<typeof buildServices>>;

/**
 * The composition root: every repository on the one database context, every service given
 * exactly the services and tools it uses. A module reaches another only through what is wired here.
 */
export async function buildServices(config: TConfig, database: TDatabase, log: FastifyBaseLogger) {
  const ctx = new DbContext(database.db, database.reads);
  const { transaction } = ctx;
  const derive = await new SettingsService(new SettingsRepository(ctx)).keyDeriver();
  const publicUrl = () => config.publicUrl;
  const passwords = new PasswordHasher(config.passwordPepper);
  const signer = new TokenSigner(config.jwtSecret ?? derive('jwt'), config.accessTokenTtlSeconds);
  const mailer = new Mailer({
    repo: new MailOutboxRepository(ctx, database.db),
    smtpUrl: config.smtpUrl,
    outbox: config.inMemory ? undefined : path.join(config.dataDir, 'outbox'),
    from: config.mailFrom,
    log,
  });
  // Limits and single-use keys: in Redis when REDIS_URL is set, else shared by every instance on a
  // PostgreSQL server, else in memory with PGlite (one process).
  const redis = config.redisUrl
    ? new RedisLimitStore(config.redisUrl, { log, prefix: config.redisKeyPrefix })
    : undefined;
  const limitStore: TLimitStore =
    redis ?? (database.kind === 'postgres' ? new LimitsRepository(ctx) : new MemoryLimitStore());
  const limiter = new RateLimiter(limitStore, config.rateLimits);
  // Moved by every write the API answers (app.ts); remembered answers older than it are forgotten.
  const writes = new WriteClock();
  const botCheck = new BotCheck(derive('bot-check'), config.botCheck, limitStore);
  const activityRepo = new ActivityRepository(ctx);
  const activity = new ActivityService(activityRepo, { log: config.activityLog });
  const tokens = new OneTimeTokensService(new OneTimeTokensRepository(ctx), derive('one-time-code'));
  const files = new FilesService({
    store: config.s3
      ? new S3Store({
          ...config.s3,
          cacheDir: config.inMemory ? undefined : path.join(config.dataDir, 's3-cache'),
        })
      : config.inMemory
        ? FileStore.temporary()
        : new FileStore(path.join(config.dataDir, 'files')),
    repo: new FilesRepository(ctx),
    transaction,
    clock: config.clock,
  });
  const categories = new CategoriesService({
    repo: new CategoriesRepository(ctx),
    files,
    activity,
    transaction,
    publishedScope: (auth): Promise<number[] | null> => families.publishedScope(auth),
  });
  const roles = new RolesService({ repo: new RolesRepository(ctx), activity, transaction });
  const licences = new LicencesService({
    repo: new LicencesRepository(ctx),
    activity,
    transaction,
    scopeOf: (auth) => companies.scopeOf(auth),
  });
  // One for sign-ins and API tokens: ending a user's sign-ins forgets its tokens' answers too.
  // On a server each revocation reaches the other instances at once (none with PGlite: one process).
  const liveSessions = new LiveSessions({ publish: (revocation) => revocationBus?.publish(revocation) });
  const revocationBus =
    database.listen && database.notify
      ? new RevocationBus({
          live: liveSessions,
          listen: database.listen,
          notify: database.notify,
          afterCommit: (work) => ctx.afterCommit(work),
          log,
        })
      : undefined;
  const sessions = new SessionsService({
    repo: new SessionsRepository(ctx),
    roles,
    activity,
    signer,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    mfaRequiredForAdmins: config.mfaRequiredForAdmins,
    liveSessions,
  });
  const companies = new CompaniesService({
    repo: new CompaniesRepository(ctx),
    files,
    sessions,
    activity,
    transaction,
  });
  const users = new UsersService({
    repo: new UsersRepository(ctx),
    roles,
    companies,
    licences,
    sessions,
    activity,
    files,
    passwords,
    mailer,
    transaction,
    publicUrl,
  });
  const mfa = new MfaService({
    repo: new MfaRepository(ctx),
    tokens,
    activity,
    secretBox: new SecretBox(derive('secret-box')),
    requiredForAdmins: config.mfaRequiredForAdmins,
  });
  const signIn = new SignInService({
    repo: new SignInRepository(ctx),
    users,
    roles,
    sessions,
    licences,
    mfa,
    tokens,
    activity,
    passwords,
    limiter,
    login: config.login,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
  const lists = new ListsService({ repo: new ListsRepository(ctx), activity, transaction });
  const parameterLists = new ParameterListsService({
    repo: new ParameterListsRepository(ctx),
    companies,
    activity,
    transaction,
  });
  const notifications = new NotificationsService({
    repo: new NotificationsRepository(ctx),
    companies,
    activity,
    transaction,
  });
  const approvalsRepo = new ApprovalsRepository(ctx);
  const approvals = new ApprovalsService({
    activity,
    repo: approvalsRepo,
    users,
    notifications,
    mailer,
    log,
    transaction,
    publicUrl,
  });
  const familiesRepo = new FamiliesRepository(ctx);
  const familyUploads = new FamilyUploadsService({
    repo: familiesRepo,
    categories,
    files,
    maxFileBytes: config.familyFileMaxBytes,
  });
  const families = new FamiliesService({
    repo: familiesRepo,
    categories,
    companies,
    files,
    parameterLists,
    uploads: familyUploads,
    approvals,
    activity,
    transaction,
    scenarioUses: (familyId): Promise<number> => scenarios.familyUses(familyId),
  });
  const environment = environmentOf(config, APP_VERSION);
  const scenarios = new ScenariosService({
    repo: new ScenariosRepository(ctx),
    companies,
    families,
    parameterLists,
    codeLists: codeListsOf(environment, lists, SCENARIO_CODE_LISTS),
    approvals,
    transaction,
  });
  const placementRules = new PlacementRulesService({
    repo: new PlacementRulesRepository(ctx),
    companies,
    scenarios,
    codeLists: codeListsOf(environment, lists, PLACEMENT_RULE_CODE_LISTS),
    approvals,
    transaction,
  });
  // Instances starting together on a new database: one seeds, the others then find it seeded.
  const generatedAdminPassword = await database.exclusively(async () => {
    await lists.ensureSeeded();
    return seed({ roles, users, companies, passwords, adminPassword: config.adminPassword });
  });
  return {
    generatedAdminPassword,
    csrfKey: derive('csrf'),
    writes,
    environment,
    signer,
    // Readiness: the database (always), the file store, and what else a request needs.
    health: new HealthService(new HealthRepository(ctx, database.kind), {
      storage: () => files.probe(),
      queue: () => mailer.queueStats(),
      ...(redis ? { redis: () => redis.ping() } : {}),
    }),
    /** The Redis limit store's connection when REDIS_URL is set (app.ts closes it). */
    redis,
    mailer,
    /** Hears the other instances' revocations on a server (app.ts starts and stops it). */
    revocationBus,
    limiter,
    botCheck,
    activity,
    activityLog: new ActivityLogService({ repo: activityRepo, companies }),
    activitySweep: new ActivitySweepService({
      repo: activityRepo,
      log,
      retentionDays: config.activityRetentionDays,
    }),
    roles,
    companies,
    licences,
    sessions,
    users,
    mfa,
    signIn,
    files,
    categories,
    approvals,
    families,
    scenarios,
    placementRules,
    placementRulesTransfer: new PlacementRulesTransferService({
      rules: placementRules,
      activity,
      transaction,
    }),
    placementLookup: new PlacementLookupService({
      repo: new PlacementLookupRepository(ctx),
      companies,
      codeLists: codeListsOf(environment, lists, { ...PLACEMENT_RULE_CODE_LISTS, ...SCENARIO_CODE_LISTS }),
      answers: { clock: writes, ttlMs: config.lookupAnswerTtlMs },
    }),
    approvalsInbox: new ApprovalsInboxService({
      repo: approvalsRepo,
      approvals,
      sources: {
        family: families,
        scenario: scenarios.requestSource,
        placementRule: placementRules.requestSource,
      },
      companies,
    }),
    statistics: new StatisticsService({
      repo: new StatisticsRepository(ctx),
      companies,
      pendingApprovals: (scope) => approvalsRepo.pendingCount(scope),
    }),
    familyUploads,
    familyBulk: new FamilyBulkService({
      repo: familiesRepo,
      families,
      uploads: familyUploads,
      categories,
      companies,
      log,
    }),
    fileSweep: new FileSweepService({
      files,
      expireUploads: (now) => familyUploads.expire(now),
      expireVersions: (before) => families.expireVersions(before),
      log,
      graceHours: config.fileSweep.graceHours,
      versionRetentionDays: config.fileSweep.versionRetentionDays,
      clock: config.clock,
    }),
    familyDownloads: new FamilyDownloadsService({
      families,
      repo: familiesRepo,
      files,
      activity,
      transaction,
      ticketKey: derive('download-ticket'),
    }),
    lists,
    priceLists: new PriceListsService({
      repo: new PriceListsRepository(ctx),
      companies,
      lists,
      activity,
      transaction,
      maxItems: config.priceListMaxItems,
    }),
    parameterLists,
    customers: new CustomersService({ repo: new CustomersRepository(ctx), companies }),
    notifications,
    apiTokens: new TokensService({
      repo: new TokensRepository(ctx),
      companies,
      liveSessions,
      activity,
      transaction,
    }),
    terms: new TermsService({ repo: new TermsRepository(ctx), companies, users, activity, transaction }),
    registration: new RegistrationService({
      users,
      roles,
      companies,
      sessions,
      signIn,
      tokens,
      activity,
      passwords,
      mailer,
      limiter,
      botCheck,
      publicUrl,
    }),
    recovery: new RecoveryService({
      users,
      signIn,
      sessions,
      tokens,
      activity,
      passwords,
      mailer,
      limiter,
      botCheck,
      log,
      publicUrl,
    }),
  };
}
