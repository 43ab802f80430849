import { generatePassword, ZLogin } from '@portal/contract';
import { z } from 'zod';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.ts';
import type { TDatabase } from '../db/client.ts';
import { DbContext } from '../db/context.ts';
import { PasswordHasher } from '../lib/passwords.ts';
import { OneTimeTokensRepository } from '../modules/one-time-tokens/one-time-tokens.repository.ts';
import { OneTimeTokensService } from '../modules/one-time-tokens/one-time-tokens.service.ts';
import { SettingsRepository } from '../modules/settings/settings.repository.ts';
import { SettingsService } from '../modules/settings/settings.service.ts';
import { DEFAULT_COMPANY_NAME } from '../modules/info/environment.service.ts';
import { sha512Hex } from '../seed.ts';
import { buildServices } from '../services.ts';
import { CliError } from './cli-error.ts';

/** How long a reset link printed by `reset-password --link` works (as a mailed one: an hour). */
const RESET_LINK_TTL_MS = 60 * 60_000;

/** The services on a migrated database, as the portal builds them (it seeds roles and the admin too). */
async function servicesOf(config: TConfig, database: TDatabase) {
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  return buildServices(config, database, log);
}

/** Refuses a login or an e-mail address the portal would not take, before anything is opened. */
export function checkNewAdmin(login: string, email: string): void {
  if (!ZLogin.safeParse(login).success)
    throw new CliError(`login "${login}" is not valid: 3 to 64 letters, digits and . _ @ - only`);
  if (!z.email().safeParse(email).success) throw new CliError(`e-mail "${email}" is not a valid address`);
}

/** Creates an administrator; answers its generated password (shown once) and the first start's one, if made now. */
export async function createAdmin(
  config: TConfig,
  database: TDatabase,
  login: string,
  email: string,
): Promise<{ password: string; firstAdminPassword: string | undefined }> {
  checkNewAdmin(login, email);
  const loginCheck = ZLogin.parse(login);
  const services = await servicesOf(config, database);
  if (await services.users.byLogin(loginCheck))
    throw new CliError(`the login "${loginCheck}" exists already`);
  const { roleInfos } = await services.roles.find({ names: ['adminrole'] });
  const companyId = await services.companies.ensure({ name: DEFAULT_COMPANY_NAME, active: true });
  const password = generatePassword(16);
  await services.users.create(
    {
      login: loginCheck,
      passwordHash: await new PasswordHasher(config.passwordPepper).hash(sha512Hex(password)),
      active: true,
      registrationCompleted: true,
      firstName: loginCheck,
      lastName: 'Administrator',
      email,
      companyId,
    },
    roleInfos.map((role) => role.roleId),
  );
  return { password, firstAdminPassword: services.generatedAdminPassword };
}

/**
 * Resets a user's password: a generated one (set now, every sign-in of the user ended) or, with
 * `link`, a one-time link to the portal's reset screen that works for an hour.
 */
export async function resetPassword(
  config: TConfig,
  database: TDatabase,
  login: string,
  link: boolean,
): Promise<{ password?: string; link?: string }> {
  const services = await servicesOf(config, database);
  const user = await services.users.byLogin(login);
  if (!user) throw new CliError(`no user has the login "${login}"`);
  if (link) {
    // The reset screen consumes the same one-time token a mailed link carries (recovery.service.ts).
    const ctx = new DbContext(database.db, database.reads);
    const derive = await new SettingsService(new SettingsRepository(ctx)).keyDeriver();
    const tokens = new OneTimeTokensService(new OneTimeTokensRepository(ctx), derive('one-time-code'));
    const token = await tokens.issue(user.id, 'reset', { ttlMs: RESET_LINK_TTL_MS, replace: true });
    await services.activity.record({
      kind: 'password.reset-requested',
      userId: user.id,
      detail: { by: 'command line' },
    });
    return { link: `${config.publicUrl}/#/auth/reset-password?token=${encodeURIComponent(token)}` };
  }
  const password = generatePassword(16);
  await services.users.update(user.id, {
    passwordHash: await new PasswordHasher(config.passwordPepper).hash(sha512Hex(password)),
  });
  await services.sessions.revokeUser(user.id);
  await services.activity.record({ kind: 'password.reset', userId: user.id, detail: { by: 'command line' } });
  return { password };
}
