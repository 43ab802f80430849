import {
  ACTIVATION_CODE_MAX_FAILURES,
  isActivationCode,
  type TActivation,
  type TBotCheck,
  type TInterfaceLanguage,
  type TUser,
  type TUserData,
} from '@portal/contract';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../lib/app-error.ts';
import type { BotCheck } from '../../lib/bot-check.ts';
import type { TClient } from '../../lib/client.ts';
import { mailIn } from '../../lib/mail-text.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { OneTimeTokensService } from '../one-time-tokens/one-time-tokens.service.ts';
import type { RolesService } from '../roles/roles.service.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { SignInService } from '../sign-in/sign-in.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { ACTIVATION_MAIL, REGISTERED_MAIL } from './registration.mails.ts';

const HOUR = 3_600_000;
/** The mailed link carries a full-entropy token and may wait a day, as CONTRACT 2 says. */
const ACTIVATION_LINK_TTL_MS = 24 * HOUR;
const ACTIVATION_LINK_BYTES = 24;
/** The short code has about 40 bits: an hour and ACTIVATION_CODE_MAX_FAILURES tries keep guessing hopeless. */
const ACTIVATION_CODE_TTL_MS = HOUR;

export type TRegistrationDeps = {
  users: UsersService;
  roles: RolesService;
  companies: CompaniesService;
  sessions: SessionsService;
  signIn: SignInService;
  tokens: OneTimeTokensService;
  activity: ActivityService;
  passwords: PasswordHasher;
  mailer: Mailer;
  limiter: RateLimiter;
  botCheck: BotCheck;
  publicUrl: () => string;
};

/**
 * Sign-up (spec 4: inactive until approved) and self-care activation by a mailed short code or
 * link (CONTRACT 2); a completed activation signs the user in.
 */
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
    await this.#d.limiter.hit(`register-ip:${client.ip}`, 10, HOUR);
    await this.#d.botCheck.verify(botCheck);
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
    await this.#d.activity.record({ kind: 'user.registered', userId: id, companyId, ip: client.ip });
    const link = `${this.#d.publicUrl()}/#/users?active=false&q=${encodeURIComponent(input.login)}`;
    for (const admin of await this.#d.users.administrators()) {
      await this.#d.mailer.enqueue({
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

  /** Mails a short activation code (valid 1 h) and a link that activates at once (valid 24 h). */
  async sendActivationToken(auth: TAuth): Promise<void> {
    await this.#d.limiter.hit(`activate-send:${auth.userId}`, 5, HOUR);
    const user = await this.#d.users.byId(auth.userId);
    if (!user) throw notFound('notFound', { name: 'user' });
    if (user.registrationCompleted) throw conflict('alreadyActivated');
    const token = await this.#d.tokens.issue(user.id, 'activate', {
      ttlMs: ACTIVATION_LINK_TTL_MS,
      bytes: ACTIVATION_LINK_BYTES,
      replace: true,
    });
    const code = await this.#d.tokens.issueCode(user.id, 'activate-code', ACTIVATION_CODE_TTL_MS);
    const link = `${this.#d.publicUrl()}/#/auth/activate?token=${encodeURIComponent(token)}`;
    await this.#d.mailer.enqueue({
      to: user.email,
      ...mailIn(ACTIVATION_MAIL, user.language, { firstName: user.firstName, code, link }),
    });
  }

  /**
   * Activates the signed-in self-care user with the typed short code (or the link's token, pasted),
   * then signs them in. Each wrong short code counts; the last allowed one kills the code.
   */
  async activate(auth: TAuth, typed: string, client: TClient): Promise<TActivation> {
    await this.#d.limiter.hit(`activate:${auth.userId}`, 10, 15 * 60_000);
    if (isActivationCode(typed)) {
      const outcome = await this.#d.tokens.tryCode(
        auth.userId,
        'activate-code',
        typed,
        ACTIVATION_CODE_MAX_FAILURES,
      );
      if (outcome === 'locked') {
        await this.#d.activity.record({ kind: 'activation.locked', userId: auth.userId, ip: client.ip });
        throw tooManyRequests('activationCodeLocked', {}, 'token');
      }
      if (outcome !== 'used') throw badRequest('activationCodeNotValid', {}, 'token');
    } else if ((await this.#d.tokens.consume(typed.trim(), 'activate', auth.userId)) === undefined) {
      throw badRequest('activationCodeNotValid', {}, 'token');
    }
    return this.#completeActivation(auth.userId, client);
  }

  /** Activates by the mailed link's token alone (no sign-in needed), then signs the user in. */
  async activateByLink(token: string, client: TClient): Promise<TActivation> {
    await this.#d.limiter.hit(`activate-link-ip:${client.ip}`, 30, 15 * 60_000);
    const userId = await this.#d.tokens.consume(token.trim(), 'activate');
    if (userId === undefined) throw badRequest('activationCodeNotValid', {}, 'token');
    return this.#completeActivation(userId, client);
  }

  async #completeActivation(userId: number, client: TClient): Promise<TActivation> {
    await this.#d.users.update(userId, { registrationCompleted: true });
    await this.#d.tokens.discard(userId, 'activate');
    await this.#d.tokens.discard(userId, 'activate-code');
    // The self-care sign-ins end; the sign-in below is a full one.
    await this.#d.sessions.revokeUser(userId);
    await this.#d.activity.record({ kind: 'user.activated', userId, ip: client.ip });
    const user = await this.#d.users.byId(userId);
    if (!user) throw notFound('notFound', { name: 'user' });
    try {
      const signedIn = await this.#d.signIn.signInProven(user, client);
      return 'userInfos' in signedIn
        ? signedIn
        : { ...signedIn, userInfos: await this.#d.users.load([userId]) };
    } catch (error) {
      // The activation stands when its sign-in is refused (approval withdrawn, licence full): the
      // next sign-in says why.
      if (error instanceof AppError && error.status === 403)
        return { userInfos: await this.#d.users.load([userId]) };
      throw error;
    }
  }
}
