import { randomUUID } from 'node:crypto';
import { SELFCARE, type TBotCheck, type TUser } from '@portal/contract';
import type { TConfig } from '../../config.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../lib/app-error.ts';
import type { BotCheck } from '../../lib/bot-check.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { TokenSigner } from '../../lib/jwt.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { newTotpSecret, otpauthUrl, verifyTotp } from '../../lib/totp.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { CompaniesRepository } from '../companies/companies.repository.ts';
import type { RolesRepository } from '../roles/roles.repository.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { TUserRow, UsersRepository } from '../users/users.repository.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AuthRepository } from './auth.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const RESET_TTL_MS = HOUR;
const ACTIVATION_TTL_MS = 24 * HOUR;
const MFA_LOGIN_TTL_MS = 5 * MINUTE;
const RECOVERY_CODES = 10;

export type TSignIn = { id: number; authToken: string; refreshToken: string; userInfos: TUser[] };
export type TLoginResult = TSignIn | { mfaRequired: true; mfaToken: string };
export type TClient = { ip: string; userAgent?: string | undefined };

export type TAuthDeps = {
  config: TConfig;
  auth: AuthRepository;
  users: UsersRepository;
  usersService: UsersService;
  companies: CompaniesRepository;
  roles: RolesRepository;
  terms: TermsService;
  passwords: PasswordHasher;
  signer: TokenSigner;
  mailer: Mailer;
  limiter: RateLimiter;
  botCheck: BotCheck;
  secretBox: SecretBox;
  sleep: (ms: number) => Promise<void>;
};

const incorrect = () => unauthorized('The login detail is incorrect');

/** Sign-in, tokens, self-care, password recovery and the second factor (CONTRACT 2). */
export class AuthService {
  readonly #d: TAuthDeps;
  /** Failures of logins that do not exist, so they lock like real ones and reveal nothing. */
  readonly #phantomFailures = new Map<string, { count: number; lockedUntil: number }>();

  constructor(deps: TAuthDeps) {
    this.#d = deps;
  }

  async login(username: string, passwordHash: string, client: TClient): Promise<TLoginResult> {
    const { limiter } = this.#d;
    const key = username.toLowerCase();
    limiter.hit(`login-ip:${client.ip}`, 30, MINUTE);
    limiter.hit(`login-user:${key}`, 20, MINUTE);
    const user = await this.#d.users.byLogin(username);
    await this.#assertNotLocked(user, key);
    const valid = user
      ? await this.#d.passwords.verify(user.passwordHash, passwordHash)
      : await this.#d.passwords.verifyDummy(passwordHash);
    if (!user || !valid) {
      await this.#recordFailure(user, key, client);
      throw incorrect();
    }
    if (user.failedLogins > 0 || user.lockedUntil)
      await this.#d.users.update(user.id, { failedLogins: 0, lockedUntil: null });
    if (!user.active) throw forbidden('The account is not approved yet');
    await this.#assertLicence(user);
    if (user.mfaEnabled) {
      const mfaToken = randomToken();
      await this.#d.auth.createOneTimeToken({
        tokenHash: sha256Hex(mfaToken),
        userId: user.id,
        purpose: 'mfa-login',
        expiresAt: new Date(Date.now() + MFA_LOGIN_TTL_MS),
      });
      return { mfaRequired: true, mfaToken };
    }
    return this.#signIn(user, client);
  }

  /** Second step of a sign-in with TOTP: a code from the app or an unused recovery code. */
  async loginMfa(mfaToken: string, code: string, client: TClient): Promise<TSignIn> {
    this.#d.limiter.hit(`mfa-ip:${client.ip}`, 20, MINUTE);
    const tokenHash = sha256Hex(mfaToken);
    const pending = await this.#d.auth.peekOneTimeToken(tokenHash, 'mfa-login');
    if (pending === undefined) throw unauthorized('The sign-in has expired; sign in again');
    const user = await this.#d.users.byId(pending);
    if (!user?.active || !user.mfaSecret) throw incorrect();
    await this.#assertNotLocked(user, user.login.toLowerCase());
    const totpOk = /^\d{6}$/.test(code) && verifyTotp(this.#d.secretBox.open(user.mfaSecret), code);
    const recoveryOk =
      !totpOk &&
      (await this.#d.auth.consumeOneTimeToken(
        sha256Hex(code.replace(/[\s-]/g, '').toLowerCase()),
        'mfa-recovery',
        user.id,
      )) !== undefined;
    if (!totpOk && !recoveryOk) {
      await this.#recordFailure(user, user.login.toLowerCase(), client);
      throw unauthorized('The code is not valid');
    }
    if ((await this.#d.auth.consumeOneTimeToken(tokenHash, 'mfa-login')) === undefined) {
      throw unauthorized('The sign-in has expired; sign in again');
    }
    if (recoveryOk)
      await this.#d.auth.audit({ action: 'mfa.recovery-code-used', userId: user.id, ip: client.ip });
    return this.#signIn(user, client);
  }

  /** Rotates a refresh token; a token used twice revokes the whole sign-in (reuse detection). */
  async renew(
    refreshToken: string | undefined,
    client: TClient,
  ): Promise<{ authToken: string; refreshToken: string }> {
    if (!refreshToken) throw unauthorized('A refreshToken is required');
    const tokenHash = sha256Hex(refreshToken);
    const record = await this.#d.auth.refreshToken(tokenHash);
    if (!record) throw unauthorized('The refreshToken is not valid');
    if (record.usedAt) {
      await this.#d.auth.revokeSession(record.sessionId);
      await this.#d.auth.audit({
        action: 'token.reuse-detected',
        userId: record.userId,
        targetId: record.sessionId,
        ip: client.ip,
      });
      throw unauthorized('The refreshToken was already used; the sign-in is revoked');
    }
    if (record.revokedAt || record.expiresAt <= new Date())
      throw unauthorized('The sign-in has ended; sign in again');
    const user = await this.#d.users.byId(record.userId);
    if (!user?.active) throw unauthorized('The account is not active');
    const next = randomToken();
    if (!(await this.#d.auth.rotateRefreshToken(tokenHash, sha256Hex(next), record.sessionId))) {
      await this.#d.auth.revokeSession(record.sessionId);
      throw unauthorized('The refreshToken was already used; the sign-in is revoked');
    }
    const authToken = await this.#authToken(user, record.sessionId, record.selfcare);
    return { authToken, refreshToken: next };
  }

  async logout(auth: TAuth): Promise<void> {
    await this.#d.auth.revokeSession(auth.sessionId);
    await this.#d.auth.audit({ action: 'logout', userId: auth.userId, companyId: auth.companyId });
  }

  async me(auth: TAuth): Promise<TUser> {
    const [user] = await this.#d.usersService.withPhotos(await this.#d.users.load([auth.userId]));
    if (!user) throw notFound('The requested user is not found');
    return user;
  }

  /** Creates an inactive user who waits for approval (spec 4). */
  async register(
    input: {
      login: string;
      passwordHash: string;
      userData: {
        firstName: string;
        lastName: string;
        email: string;
        phone?: string | null | undefined;
        companyName?: string | null | undefined;
        company?: { companyId: number } | null | undefined;
      };
    },
    botCheck: TBotCheck | undefined,
    client: TClient,
  ): Promise<TUser> {
    this.#d.limiter.hit(`register-ip:${client.ip}`, 10, HOUR);
    this.#d.botCheck.verify(botCheck);
    if (await this.#d.users.byLogin(input.login)) throw conflict(`login ${input.login} is already taken`);
    const companyId = input.userData.company?.companyId ?? null;
    if (companyId !== null) {
      const company = await this.#d.companies.byId(companyId);
      if (!company?.active) throw badRequest('company is not valid');
    }
    const id = await this.#d.users.insert(
      {
        login: input.login,
        passwordHash: await this.#d.passwords.hash(input.passwordHash),
        active: false,
        firstName: input.userData.firstName,
        lastName: input.userData.lastName,
        email: input.userData.email,
        phone: input.userData.phone ?? null,
        companyName: input.userData.companyName ?? null,
        companyId,
        registrationCompleted: false,
      },
      await this.#defaultRoleIds(),
    );
    await this.#d.auth.audit({ action: 'user.registered', userId: id, companyId, ip: client.ip });
    const [user] = await this.#d.users.load([id]);
    if (!user) throw new Error('registered user vanished');
    return user;
  }

  /** Always succeeds, so nobody learns which logins exist; mails a reset link to a real one. */
  async forgotPassword(userLogin: string, botCheck: TBotCheck | undefined, client: TClient): Promise<void> {
    this.#d.limiter.hit(`forgot-ip:${client.ip}`, 10, 15 * MINUTE);
    this.#d.botCheck.verify(botCheck);
    try {
      this.#d.limiter.hit(`forgot-user:${userLogin.toLowerCase()}`, 3, 15 * MINUTE);
    } catch {
      return;
    }
    const [user] = (await this.#d.users.byLoginOrEmail(userLogin)).filter((u) => u.active);
    if (!user) return;
    const token = randomToken();
    await this.#d.auth.discardOneTimeTokens(user.id, 'reset');
    await this.#d.auth.createOneTimeToken({
      tokenHash: sha256Hex(token),
      userId: user.id,
      purpose: 'reset',
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    const link = `${this.#d.config.publicUrl}/#/auth/reset-password?token=${encodeURIComponent(token)}`;
    await this.#d.mailer.send({
      to: user.email,
      subject: 'Reset your Family Portal password',
      text: `Hello ${user.firstName},\n\nsomeone asked to reset the password of your account "${user.login}".\nOpen this link within one hour to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
    });
    await this.#d.auth.audit({ action: 'password.reset-requested', userId: user.id, ip: client.ip });
  }

  async resetPassword(token: string, passwordHash: string, client: TClient): Promise<void> {
    this.#d.limiter.hit(`reset-ip:${client.ip}`, 20, 15 * MINUTE);
    const userId = await this.#d.auth.consumeOneTimeToken(sha256Hex(token), 'reset');
    if (userId === undefined)
      throw badRequest('The reset link is not valid or has expired; ask for a new one');
    await this.#d.users.update(userId, {
      passwordHash: await this.#d.passwords.hash(passwordHash),
      failedLogins: 0,
      lockedUntil: null,
    });
    await this.#d.auth.revokeUserSessions(userId);
    await this.#d.auth.audit({ action: 'password.reset', userId, ip: client.ip });
  }

  async changePassword(auth: TAuth, oldHash: string, newHash: string): Promise<void> {
    const user = await this.#d.users.byId(auth.userId);
    if (!user || !(await this.#d.passwords.verify(user.passwordHash, oldHash))) {
      throw badRequest('old password is not valid');
    }
    if (oldHash === newHash) throw badRequest('new password must differ from the old one');
    await this.#d.users.update(user.id, { passwordHash: await this.#d.passwords.hash(newHash) });
    await this.#d.auth.audit({ action: 'password.changed', userId: user.id });
  }

  /** Mails a one-time activation code to a self-care user (valid 24 h). */
  async sendActivationToken(auth: TAuth): Promise<void> {
    this.#d.limiter.hit(`activate-send:${auth.userId}`, 5, HOUR);
    const user = await this.#d.users.byId(auth.userId);
    if (!user) throw notFound('The requested user is not found');
    if (user.registrationCompleted) throw conflict('The account is already activated');
    const token = randomToken(16);
    await this.#d.auth.discardOneTimeTokens(user.id, 'activate');
    await this.#d.auth.createOneTimeToken({
      tokenHash: sha256Hex(token),
      userId: user.id,
      purpose: 'activate',
      expiresAt: new Date(Date.now() + ACTIVATION_TTL_MS),
    });
    const link = `${this.#d.config.publicUrl}/#/auth/activate?token=${encodeURIComponent(token)}`;
    await this.#d.mailer.send({
      to: user.email,
      subject: 'Activate your Family Portal account',
      text: `Hello ${user.firstName},\n\nyour activation code is:\n\n${token}\n\nEnter it on the activation page, or open ${link}\nThe code is valid for 24 hours.\n`,
    });
  }

  async activate(auth: TAuth, token: string): Promise<TUser> {
    this.#d.limiter.hit(`activate:${auth.userId}`, 10, 15 * MINUTE);
    const userId = await this.#d.auth.consumeOneTimeToken(sha256Hex(token.trim()), 'activate', auth.userId);
    if (userId === undefined) throw badRequest('token is not valid or has expired');
    await this.#d.users.update(userId, { registrationCompleted: true });
    await this.#d.auth.revokeSession(auth.sessionId);
    await this.#d.auth.audit({ action: 'user.activated', userId });
    return this.me(auth);
  }

  async acceptTerms(auth: TAuth, termsId: number): Promise<TUser> {
    const terms = await this.#d.terms.byId(termsId);
    if (!terms?.active) throw notFound('The requested terms is not found');
    const current = await this.#d.terms.currentFor(auth.companyId);
    if (current?.termsId !== termsId) throw badRequest('termsId is not valid; accept the current terms');
    await this.#d.users.update(auth.userId, { termsId, licenseAcceptanceDate: new Date() });
    await this.#d.auth.audit({
      action: 'terms.accepted',
      userId: auth.userId,
      targetType: 'terms',
      targetId: termsId,
    });
    return this.me(auth);
  }

  /** Starts second-factor setup: a new secret, stored sealed, active only after enable. */
  async mfaSetup(auth: TAuth): Promise<{ secret: string; otpauthUrl: string }> {
    const user = await this.#d.users.byId(auth.userId);
    if (!user) throw notFound('The requested user is not found');
    if (user.mfaEnabled) throw conflict('The second factor is already enabled');
    const secret = newTotpSecret();
    await this.#d.users.update(user.id, { mfaSecret: this.#d.secretBox.seal(secret) });
    return { secret, otpauthUrl: otpauthUrl(secret, user.login) };
  }

  async mfaEnable(auth: TAuth, code: string): Promise<{ recoveryCodes: string[] }> {
    const user = await this.#d.users.byId(auth.userId);
    if (!user?.mfaSecret) throw conflict('Start the second-factor setup first');
    if (user.mfaEnabled) throw conflict('The second factor is already enabled');
    if (!verifyTotp(this.#d.secretBox.open(user.mfaSecret), code)) throw badRequest('code is not valid');
    await this.#d.auth.discardOneTimeTokens(user.id, 'mfa-recovery');
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () =>
      randomToken(10)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x'),
    );
    for (const recovery of recoveryCodes) {
      await this.#d.auth.createOneTimeToken({
        tokenHash: sha256Hex(recovery),
        userId: user.id,
        purpose: 'mfa-recovery',
      });
    }
    await this.#d.users.update(user.id, { mfaEnabled: true });
    await this.#d.auth.audit({ action: 'mfa.enabled', userId: user.id });
    return { recoveryCodes };
  }

  async mfaDisable(auth: TAuth, code: string): Promise<void> {
    const user = await this.#d.users.byId(auth.userId);
    if (!user?.mfaEnabled || !user.mfaSecret) throw conflict('The second factor is not enabled');
    if (this.#d.config.mfaRequiredForAdmins && auth.isAdmin)
      throw forbidden('Administrators must keep the second factor');
    if (!verifyTotp(this.#d.secretBox.open(user.mfaSecret), code)) throw badRequest('code is not valid');
    await this.#d.users.update(user.id, { mfaEnabled: false, mfaSecret: null });
    await this.#d.auth.discardOneTimeTokens(user.id, 'mfa-recovery');
    await this.#d.auth.audit({ action: 'mfa.disabled', userId: user.id });
  }

  async #signIn(user: TUserRow, client: TClient): Promise<TSignIn> {
    const selfcare = !user.registrationCompleted;
    const sessionId = randomUUID();
    const refreshToken = randomToken();
    await this.#d.auth.createSession(
      {
        id: sessionId,
        userId: user.id,
        selfcare,
        expiresAt: new Date(Date.now() + this.#d.config.refreshTokenTtlSeconds * 1000),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
      },
      sha256Hex(refreshToken),
    );
    // lastLogin marks a completed sign-in; a self-care sign-in does not count (CONTRACT 2).
    if (!selfcare) await this.#d.users.update(user.id, { lastLogin: new Date() });
    await this.#d.auth.audit({
      action: selfcare ? 'login.selfcare' : 'login',
      userId: user.id,
      companyId: user.companyId,
      ip: client.ip,
    });
    const authToken = await this.#authToken(user, sessionId, selfcare);
    const userInfos = await this.#d.users.load([user.id]);
    return { id: user.id, authToken, refreshToken, userInfos };
  }

  async #authToken(user: TUserRow, sessionId: string, selfcare: boolean): Promise<string> {
    const { roleNames, permissions } = await this.#d.users.rolesAndPermissions(user.id);
    const mfaSetup =
      this.#d.config.mfaRequiredForAdmins && permissions.includes('adminmanagement.read') && !user.mfaEnabled;
    return this.#d.signer.sign({
      ...(mfaSetup && !selfcare ? { mfaSetup: true } : {}),
      sub: String(user.id),
      sid: sessionId,
      login: user.login,
      roles: roleNames,
      companyId: user.companyId,
      permissions: selfcare ? SELFCARE : permissions,
    });
  }

  async #assertNotLocked(user: TUserRow | undefined, key: string): Promise<void> {
    const now = Date.now();
    const lockedUntil = user
      ? (user.lockedUntil?.getTime() ?? 0)
      : (this.#phantomFailures.get(key)?.lockedUntil ?? 0);
    if (lockedUntil > now) {
      throw tooManyRequests(
        `Too many failed sign-ins; try again in ${Math.ceil((lockedUntil - now) / MINUTE)} minutes`,
      );
    }
    const failures = user ? user.failedLogins : (this.#phantomFailures.get(key)?.count ?? 0);
    // Repeated failures slow down before they lock.
    const excess = failures - 2;
    if (excess > 0) await this.#d.sleep(Math.min(excess * this.#d.config.login.failureDelayMs, 3000));
  }

  async #recordFailure(user: TUserRow | undefined, key: string, client: TClient): Promise<void> {
    const { maxFailures, lockMinutes } = this.#d.config.login;
    const lockUntil = new Date(Date.now() + lockMinutes * MINUTE);
    if (!user) {
      const entry = this.#phantomFailures.get(key) ?? { count: 0, lockedUntil: 0 };
      entry.count += 1;
      if (entry.count >= maxFailures) {
        entry.lockedUntil = lockUntil.getTime();
        entry.count = 0;
      }
      this.#phantomFailures.set(key, entry);
      if (this.#phantomFailures.size > 50_000) this.#phantomFailures.clear();
      return;
    }
    const failures = user.failedLogins + 1;
    if (failures >= maxFailures) {
      await this.#d.users.update(user.id, { failedLogins: 0, lockedUntil: lockUntil });
      await this.#d.auth.audit({
        action: 'login.locked',
        userId: user.id,
        companyId: user.companyId,
        ip: client.ip,
        detail: { until: lockUntil.toISOString() },
      });
    } else {
      await this.#d.users.update(user.id, { failedLogins: failures });
    }
    await this.#d.auth.audit({
      action: 'login.failed',
      userId: user.id,
      companyId: user.companyId,
      ip: client.ip,
    });
  }

  /** A company's licence must be active, unexpired and not over its seats (admins are exempt). */
  async #assertLicence(user: TUserRow): Promise<void> {
    const [record] = await this.#d.users.load([user.id]);
    const licence = record?.licenseInfo;
    if (!licence) return;
    const { permissions } = await this.#d.users.rolesAndPermissions(user.id);
    if (permissions.includes('adminmanagement.read')) return;
    if (!licence.active) throw forbidden('The company licence is inactive');
    if (licence.licenseValidUntil && new Date(licence.licenseValidUntil) < new Date())
      throw forbidden('The company licence has expired');
    if (licence.currentNumberOfUsers > licence.maxNumberOfUsers)
      throw forbidden('The company licence is full');
  }

  /** Self-registered users get the end-user role. */
  async #defaultRoleIds(): Promise<number[]> {
    const role = await this.#d.roles.byName('userrole');
    return role ? [role.id] : [];
  }
}
