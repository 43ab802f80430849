import { randomUUID } from 'node:crypto';
import { isSelfcareClaim, SELFCARE } from '@portal/contract';
import { unauthorized } from '../../lib/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { TokenSigner } from '../../lib/jwt.ts';
import type { TClient } from '../../lib/client.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { RolesService } from '../roles/roles.service.ts';
import { LiveSessions } from './live-sessions.service.ts';
import type { SessionsRepository } from './sessions.repository.ts';

export type TTokenPair = { authToken: string; refreshToken: string };
/** What a sign-in needs to know of its user. */
export type TSessionUser = {
  id: number;
  login: string;
  companyId: number | null;
  mfaEnabled: boolean;
};

export type TSessionsDeps = {
  repo: SessionsRepository;
  roles: RolesService;
  activity: ActivityService;
  signer: TokenSigner;
  refreshTokenTtlSeconds: number;
  mfaRequiredForAdmins: boolean;
  /** Which sign-ins are live, remembered for a few seconds (tests pass their own clock). */
  liveSessions?: LiveSessions;
};

const SESSION_ID = /^[0-9a-f-]{36}$/;

/** Sign-ins: the authToken and its rotating refresh token (CONTRACT 2), and who a token belongs to. */
export class SessionsService {
  readonly #d: TSessionsDeps;
  readonly #live: LiveSessions;

  constructor(deps: TSessionsDeps) {
    this.#d = deps;
    this.#live = deps.liveSessions ?? new LiveSessions();
  }

  /** The caller behind an authToken: a valid signature, every claim, and a live sign-in. */
  async authenticate(token: string): Promise<TAuth | null> {
    const claims = await this.#d.signer.verify(token);
    if (!claims || !SESSION_ID.test(claims.sid)) return null;
    const userId = Number(claims.sub);
    const live = await this.#live.isLive(claims.sid, userId, () =>
      this.#d.repo.liveUntil(claims.sid, userId),
    );
    if (!live) return null;
    const permissions = new Set(
      Array.isArray(claims.permissions) ? claims.permissions : [claims.permissions],
    );
    return {
      userId,
      sessionId: claims.sid,
      login: claims.login,
      companyId: claims.companyId,
      roles: claims.roles,
      permissions,
      selfcare: isSelfcareClaim(claims.permissions),
      mfaSetup: claims.mfaSetup === true,
      isAdmin: permissions.has('adminmanagement.read'),
    };
  }

  /** Starts a sign-in: a session, its first refresh token and an authToken. */
  async start(user: TSessionUser, selfcare: boolean, client: TClient): Promise<TTokenPair> {
    const sessionId = randomUUID();
    const refreshToken = randomToken();
    await this.#d.repo.create(
      {
        id: sessionId,
        userId: user.id,
        selfcare,
        expiresAt: new Date(Date.now() + this.#d.refreshTokenTtlSeconds * 1000),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
      },
      sha256Hex(refreshToken),
    );
    return { authToken: await this.#authToken(user, sessionId, selfcare), refreshToken };
  }

  /** Rotates a refresh token; a token used twice revokes the whole sign-in (reuse detection). */
  async renew(refreshToken: string | undefined, client: TClient): Promise<TTokenPair> {
    if (!refreshToken) throw unauthorized('refreshTokenRequired');
    const tokenHash = sha256Hex(refreshToken);
    const record = await this.#d.repo.byRefreshToken(tokenHash);
    if (!record) throw unauthorized('refreshTokenNotValid');
    if (record.usedAt) {
      await this.revoke(record.sessionId);
      await this.#d.activity.record({
        kind: 'token.reuse-detected',
        userId: record.user.id,
        recordId: record.sessionId,
        ip: client.ip,
      });
      throw unauthorized('refreshTokenReused');
    }
    if (record.revokedAt || record.expiresAt <= new Date()) throw unauthorized('signInExpired');
    if (!record.user.active) throw unauthorized('accountNotActive');
    const next = randomToken();
    if (!(await this.#d.repo.rotate(tokenHash, sha256Hex(next), record.sessionId))) {
      await this.revoke(record.sessionId);
      throw unauthorized('refreshTokenReused');
    }
    return {
      authToken: await this.#authToken(record.user, record.sessionId, record.selfcare),
      refreshToken: next,
    };
  }

  async logout(auth: TAuth): Promise<void> {
    await this.revoke(auth.sessionId);
    await this.#d.activity.record({ kind: 'logout', userId: auth.userId, companyId: auth.companyId });
  }

  /** Ends a sign-in; its authToken is refused from the next request on. */
  revoke(sessionId: string): Promise<void> {
    this.#live.forgetSession(sessionId);
    return this.#d.repo.revoke(sessionId);
  }

  /**
   * Ends every sign-in of a user (password, roles, company or state changed, or the user is
   * deleted), but the one kept; their authTokens are refused from the next request on.
   */
  revokeUser(userId: number, keepSessionId?: string): Promise<void> {
    this.#live.forgetUser(userId, keepSessionId);
    return this.#d.repo.revokeUser(userId, keepSessionId);
  }

  async #authToken(user: TSessionUser, sessionId: string, selfcare: boolean): Promise<string> {
    const { roleNames, permissions } = await this.#d.roles.ofUser(user.id);
    const mfaSetup =
      this.#d.mfaRequiredForAdmins && permissions.includes('adminmanagement.read') && !user.mfaEnabled;
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
}
