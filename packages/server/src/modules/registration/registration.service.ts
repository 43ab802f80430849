import type { TBotCheck, TInterfaceLanguage, TUser, TUserData } from '@portal/contract';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { BotCheck } from '../../lib/bot-check.ts';
import type { TClient } from '../../lib/client.ts';
import { mailIn } from '../../lib/mail-text.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { OneTimeTokensService } from '../one-time-tokens/one-time-tokens.service.ts';
import type { RolesService } from '../roles/roles.service.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { ACTIVATION_MAIL, REGISTERED_MAIL } from './registration.mails.ts';

const HOUR = 3_600_000;
const ACTIVATION_TTL_MS = 24 * HOUR;

export type TRegistrationDeps = {
  users: UsersService;
  roles: RolesService;
  companies: CompaniesService;
  sessions: SessionsService;
  tokens: OneTimeTokensService;
  audit: AuditService;
  passwords: PasswordHasher;
  mailer: Mailer;
  limiter: RateLimiter;
  botCheck: BotCheck;
  publicUrl: () => string;
};

/** Sign-up (spec 4: inactive until approved) and self-care activation by mailed code (CONTRACT 2). */
export class RegistrationService {
  readonly #d: TRegistrationDeps;

  constructor(deps: TRegistrationDeps) {
    this.#d = deps;
  }

  async register(
    input: { login: string; passwordHash: string; userData: TUserData },
    botCheck: TBotCheck | undefined,
    client: TClient,
    headerLanguage: TInterfaceLanguage | undefined,
  ): Promise<TUser> {
    this.#d.limiter.hit(`register-ip:${client.ip}`, 10, HOUR);
    this.#d.botCheck.verify(botCheck);
    if (await this.#d.users.byLogin(input.login))
      throw conflict('loginTaken', { login: input.login }, 'login');
    const { userData } = input;
    const companyId = userData.company?.companyId ?? null;
    if (companyId !== null && !(await this.#d.companies.isActive(companyId)))
      throw badRequest('companyNotValid', {}, 'company');
    const id = await this.#d.users.create(
      {
        login: input.login,
        passwordHash: await this.#d.passwords.hash(input.passwordHash),
        active: false,
        firstName: userData.firstName,
        lastName: userData.lastName,
        email: userData.email,
        phone: userData.phone ?? null,
        companyName: userData.companyName ?? null,
        companyId,
        registrationCompleted: false,
        language: userData.language ?? headerLanguage ?? 'en',
      },
      await this.#d.roles.defaultRoleIds(),
    );
    await this.#d.audit.record({ action: 'user.registered', userId: id, companyId, ip: client.ip });
    const link = `${this.#d.publicUrl()}/#/users?active=false&q=${encodeURIComponent(input.login)}`;
    for (const admin of await this.#d.users.administrators()) {
      await this.#d.mailer.send({
        to: admin.email,
        ...mailIn(REGISTERED_MAIL, admin.language, {
          firstName: admin.firstName,
          login: input.login,
          name: `${userData.firstName} ${userData.lastName}`,
          email: userData.email,
          link,
        }),
      });
    }
    const [user] = await this.#d.users.load([id]);
    if (!user) throw new Error('registered user vanished');
    return user;
  }

  /** Mails a one-time activation code to a self-care user (valid 24 h). */
  async sendActivationToken(auth: TAuth): Promise<void> {
    this.#d.limiter.hit(`activate-send:${auth.userId}`, 5, HOUR);
    const user = await this.#d.users.byId(auth.userId);
    if (!user) throw notFound('notFound', { name: 'user' });
    if (user.registrationCompleted) throw conflict('alreadyActivated');
    const code = await this.#d.tokens.issue(user.id, 'activate', {
      ttlMs: ACTIVATION_TTL_MS,
      bytes: 16,
      replace: true,
    });
    const link = `${this.#d.publicUrl()}/#/auth/activate?token=${encodeURIComponent(code)}`;
    await this.#d.mailer.send({
      to: user.email,
      ...mailIn(ACTIVATION_MAIL, user.language, { firstName: user.firstName, code, link }),
    });
  }

  /** Completes activation; this self-care sign-in ends, the next one gets the full token. */
  async activate(auth: TAuth, token: string): Promise<TUser> {
    this.#d.limiter.hit(`activate:${auth.userId}`, 10, 15 * 60_000);
    const userId = await this.#d.tokens.consume(token.trim(), 'activate', auth.userId);
    if (userId === undefined) throw badRequest('activationCodeNotValid', {}, 'token');
    await this.#d.users.update(userId, { registrationCompleted: true });
    await this.#d.sessions.revoke(auth.sessionId);
    await this.#d.audit.record({ action: 'user.activated', userId });
    return this.#d.users.me(auth);
  }
}
