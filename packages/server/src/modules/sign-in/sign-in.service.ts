import type { TLoginResponse, TSignIn } from '@portal/contract';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/app-error.ts';
import type { TClient } from '../../lib/client.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { LicencesService } from '../licences/licences.service.ts';
import type { MfaService } from '../mfa/mfa.service.ts';
import type { OneTimeTokensService } from '../one-time-tokens/one-time-tokens.service.ts';
import type { RolesService } from '../roles/roles.service.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { SignInRepository } from './sign-in.repository.ts';

const MINUTE = 60_000;
const MFA_LOGIN_TTL_MS = 5 * MINUTE;

type TUserRow = NonNullable<Awaited<ReturnType<UsersService['byLogin']>>>;

export type TSignInDeps = {
  repo: SignInRepository;
  users: UsersService;
  roles: RolesService;
  sessions: SessionsService;
  licences: LicencesService;
  mfa: MfaService;
  tokens: OneTimeTokensService;
  activity: ActivityService;
  passwords: PasswordHasher;
  limiter: RateLimiter;
  login: { maxFailures: number; lockMinutes: number; failureDelayMs: number };
  sleep: (ms: number) => Promise<void>;
};

const incorrect = () => unauthorized('loginIncorrect');

/** Sign-in with password and second factor, and the lockout that guards every password check. */
export class SignInService {
  readonly #d: TSignInDeps;

  constructor(deps: TSignInDeps) {
    this.#d = deps;
  }

  async login(
    username: string,
    passwordHash: string,
    client: TClient,
    language?: string,
  ): Promise<TLoginResponse> {
    await this.#d.limiter.hit(`login-ip:${client.ip}`, 30, MINUTE);
    await this.#d.limiter.hit(`login-user:${username.toLowerCase()}`, 20, MINUTE);
    const user = await this.#d.users.byLogin(username);
    if (!(await this.checkPassword(username, user, passwordHash, client))) throw incorrect();
    if (!user) throw incorrect();
    return this.signInProven(user, client, language);
  }

  /**
   * Signs in a user who proved who they are (a password, or a mailed activation link or code): the
   * approval and licence checks, the second factor when on, then the session; login's own path.
   */
  async signInProven(user: TUserRow, client: TClient, language?: string): Promise<TLoginResponse> {
    if (!user.active) throw forbidden('accountNotApproved');
    if (!(await this.#isAdmin(user.id))) await this.#d.licences.assertUsable(user);
    if (language && language !== user.language) await this.#d.users.update(user.id, { language });
    if (user.mfaEnabled) {
      const mfaToken = await this.#d.tokens.issue(user.id, 'mfa-login', { ttlMs: MFA_LOGIN_TTL_MS });
      return { mfaRequired: true, mfaToken };
    }
    return this.#signIn(user, client);
  }

  /** Second step of a sign-in with TOTP: a code from the app or an unused recovery code. */
  async loginMfa(mfaToken: string, code: string, client: TClient): Promise<TSignIn> {
    await this.#d.limiter.hit(`mfa-ip:${client.ip}`, 20, MINUTE);
    const pending = await this.#d.tokens.peek(mfaToken, 'mfa-login');
    if (pending === undefined) throw unauthorized('signInExpired');
    const user = await this.#d.users.byId(pending);
    if (!user?.active) throw incorrect();
    const key = user.login.toLowerCase();
    await this.#assertNotLocked(key);
    const { ok, recovery } = await this.#d.mfa.verifySignIn(user.id, code);
    if (!ok) {
      await this.#recordFailure(key, user, client);
      throw unauthorized('codeNotValid');
    }
    if ((await this.#d.tokens.consume(mfaToken, 'mfa-login')) === undefined)
      throw unauthorized('signInExpired');
    if (recovery)
      await this.#d.activity.record({ kind: 'mfa.recovery-code-used', userId: user.id, ip: client.ip });
    return this.#signIn(user, client);
  }

  /**
   * Checks a password under the lockout: a locked login is refused before any hash is spent,
   * repeated failures slow down, and each failure is counted atomically, for unknown logins too.
   * Used by sign-in and by change-password.
   */
  async checkPassword(
    login: string,
    user: TUserRow | undefined,
    passwordHash: string,
    client: TClient,
  ): Promise<boolean> {
    const key = login.toLowerCase();
    await this.#assertNotLocked(key);
    const valid = user
      ? await this.#d.passwords.verify(user.passwordHash, passwordHash)
      : await this.#d.passwords.verifyDummy(passwordHash);
    if (!valid) {
      await this.#recordFailure(key, user, client);
      return false;
    }
    await this.#d.repo.clearFailures(key);
    // A lock that parallel failures set while this check ran applies to it too.
    await this.#assertNotLocked(key, false);
    return true;
  }

  async #signIn(user: TUserRow, client: TClient): Promise<TSignIn> {
    const selfcare = !user.registrationCompleted;
    const pair = await this.#d.sessions.start(user, selfcare, client);
    // lastLogin marks a completed sign-in; a self-care sign-in does not count (CONTRACT 2).
    if (!selfcare) await this.#d.users.update(user.id, { lastLogin: new Date() });
    await this.#d.activity.record({
      kind: selfcare ? 'login.selfcare' : 'login',
      userId: user.id,
      companyId: user.companyId,
      ip: client.ip,
    });
    return { id: user.id, ...pair, userInfos: await this.#d.users.load([user.id]) };
  }

  async #isAdmin(userId: number): Promise<boolean> {
    return (await this.#d.roles.ofUser(userId)).permissions.includes('adminmanagement.read');
  }

  async #assertNotLocked(key: string, slowDown = true): Promise<void> {
    const attempts = await this.#d.repo.attempts(key);
    const lockedUntil = attempts?.lockedUntil?.getTime() ?? 0;
    const now = Date.now();
    if (lockedUntil > now)
      throw tooManyRequests('loginLocked', { minutes: Math.ceil((lockedUntil - now) / MINUTE) });
    // Repeated failures slow down before they lock.
    const excess = (attempts?.failures ?? 0) - 2;
    if (slowDown && excess > 0) await this.#d.sleep(Math.min(excess * this.#d.login.failureDelayMs, 3000));
  }

  async #recordFailure(key: string, user: TUserRow | undefined, client: TClient): Promise<void> {
    const { maxFailures, lockMinutes } = this.#d.login;
    const { failures, locked } = await this.#d.repo.recordFailure(key, maxFailures, lockMinutes * 60);
    if (!user) return;
    await this.#d.activity.record({
      kind: 'login.failed',
      userId: user.id,
      companyId: user.companyId,
      ip: client.ip,
    });
    if (locked && failures === 0)
      await this.#d.activity.record({
        kind: 'login.locked',
        userId: user.id,
        companyId: user.companyId,
        ip: client.ip,
      });
  }
}
