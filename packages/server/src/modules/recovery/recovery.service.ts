import type { TBotCheck } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../lib/app-error.ts';
import type { BotCheck } from '../../lib/bot-check.ts';
import type { TClient } from '../../lib/client.ts';
import { mailIn } from '../../lib/mail-text.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { OneTimeTokensService } from '../one-time-tokens/one-time-tokens.service.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { SignInService } from '../sign-in/sign-in.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { RESET_MAIL } from './recovery.mails.ts';

const MINUTE = 60_000;
const RESET_TTL_MS = 60 * MINUTE;

export type TRecoveryDeps = {
  users: UsersService;
  signIn: SignInService;
  sessions: SessionsService;
  tokens: OneTimeTokensService;
  activity: ActivityService;
  passwords: PasswordHasher;
  mailer: Mailer;
  limiter: RateLimiter;
  botCheck: BotCheck;
  log: FastifyBaseLogger;
  publicUrl: () => string;
};

/** Forgotten, reset and changed passwords; each change ends the other sign-ins. */
export class RecoveryService {
  readonly #d: TRecoveryDeps;
  readonly #background = new Set<Promise<void>>();

  constructor(deps: TRecoveryDeps) {
    this.#d = deps;
  }

  /**
   * Always answers at once, the same for a known or unknown login (no enumeration by content or
   * by time): the look-up and the mail happen after the answer.
   */
  async forgotPassword(userLogin: string, botCheck: TBotCheck | undefined, client: TClient): Promise<void> {
    await this.#d.limiter.hit(`forgot-ip:${client.ip}`, 10, 15 * MINUTE);
    await this.#d.botCheck.verify(botCheck);
    // Counted for any login, known or not, the same way: its limit says nothing about the login.
    try {
      await this.#d.limiter.hit(`forgot-user:${userLogin.toLowerCase()}`, 3, 15 * MINUTE);
    } catch {
      return;
    }
    const work = this.#mailResetLink(userLogin, client).catch((error: unknown) =>
      this.#d.log.error({ err: error }, 'forgot-password mail failed'),
    );
    this.#background.add(work);
    void work.finally(() => this.#background.delete(work));
  }

  /** Resolves once the mails of forgot-password requests under way are sent (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.#background]);
  }

  async resetPassword(token: string, passwordHash: string, client: TClient): Promise<void> {
    await this.#d.limiter.hit(`reset-ip:${client.ip}`, 20, 15 * MINUTE);
    const userId = await this.#d.tokens.consume(token, 'reset');
    if (userId === undefined) throw badRequest('resetLinkNotValid', {}, 'token');
    await this.#d.users.update(userId, { passwordHash: await this.#d.passwords.hash(passwordHash) });
    await this.#d.sessions.revokeUser(userId);
    await this.#d.activity.record({ kind: 'password.reset', userId, ip: client.ip });
  }

  /** Under the same limits and lockout as sign-in; every other sign-in of the user ends. */
  async changePassword(auth: TAuth, oldHash: string, newHash: string, client: TClient): Promise<void> {
    await this.#d.limiter.hit(`login-ip:${client.ip}`, 30, MINUTE);
    await this.#d.limiter.hit(`login-user:${auth.login.toLowerCase()}`, 20, MINUTE);
    const user = await this.#d.users.byId(auth.userId);
    if (!(await this.#d.signIn.checkPassword(auth.login, user, oldHash, client)))
      throw badRequest('oldPasswordWrong', {}, 'oldPasswordHash');
    if (oldHash === newHash) throw badRequest('newPasswordSame', {}, 'newPasswordHash');
    await this.#d.users.update(auth.userId, { passwordHash: await this.#d.passwords.hash(newHash) });
    await this.#d.sessions.revokeUser(auth.userId, auth.sessionId);
    await this.#d.activity.record({ kind: 'password.changed', userId: auth.userId, ip: client.ip });
  }

  async #mailResetLink(userLogin: string, client: TClient): Promise<void> {
    const [user] = await this.#d.users.activeByLoginOrEmail(userLogin);
    if (!user) return;
    const token = await this.#d.tokens.issue(user.id, 'reset', { ttlMs: RESET_TTL_MS, replace: true });
    const link = `${this.#d.publicUrl()}/#/auth/reset-password?token=${encodeURIComponent(token)}`;
    await this.#d.mailer.enqueue({
      to: user.email,
      ...mailIn(RESET_MAIL, user.language, { firstName: user.firstName, login: user.login, link }),
    });
    await this.#d.activity.record({ kind: 'password.reset-requested', userId: user.id, ip: client.ip });
  }
}
