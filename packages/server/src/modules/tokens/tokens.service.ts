import {
  API_TOKEN_PREFIX,
  grantedPermissions,
  type TApiToken,
  type TApiTokenFindRequest,
  type TApiTokenInput,
} from '@portal/contract';
import { notFound, unauthorized } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { TClient } from '../../lib/client.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { JsonPage } from '../../lib/json-page.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import { changesOf, type ActivityService } from '../activity/activity.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import { LiveSessions } from '../sessions/live-sessions.service.ts';
import type { TokensRepository } from './tokens.repository.ts';

export type TTokensDeps = {
  repo: TokensRepository;
  companies: CompaniesService;
  /**
   * Who each token acts for, remembered for a few seconds: the sign-ins' instance, so ending a
   * user's sign-ins forgets its tokens' answers too (tests may pass their own or none).
   */
  liveSessions?: LiveSessions;
  activity: ActivityService;
  transaction: TTransaction;
  /** Now, in milliseconds (tests pass their own). */
  now?: () => number;
};

/** The secret: the prefix, then 32 CSPRNG bytes (256 bits) as base64url. */
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** lastUsed is written at most this often per token, so a busy add-in costs no write per request. */
const LAST_USED_EVERY_MS = 60_000;

const tokenNotFound = () => notFound('notFound', { name: 'apiToken' });

/**
 * API tokens for design tools and scripts (CONTRACT 8): admins and partners make named, expiring
 * tokens with scopes, shown once and stored hashed; a token acts as its creator (its company tree
 * and no more than the creator may now) on the routes its scopes name.
 */
export class TokensService {
  readonly #d: TTokensDeps;
  readonly #now: () => number;
  readonly #live: LiveSessions;
  /** Each token's last use as this process knows it: written by it, or read with the token. */
  readonly #touched = new Map<number, number>();

  constructor(deps: TTokensDeps) {
    this.#d = deps;
    this.#now = deps.now ?? Date.now;
    this.#live = deps.liveSessions ?? new LiveSessions({ now: this.#now });
  }

  /** The caller's tree's tokens (admins: every one), never their secrets. */
  async find(auth: TAuth, filter: TApiTokenFindRequest): Promise<JsonPage<TApiToken>> {
    return this.#d.repo.find(filter, await this.#d.companies.scopeOf(auth));
  }

  /** Makes tokens for the caller, bound to its company; the answer is the only place their secrets appear. */
  async save(auth: TAuth, inputs: TApiTokenInput[], client: TClient): Promise<TApiToken[]> {
    const made = await this.#d.transaction(async () => {
      const secrets = new Map<number, string>();
      for (const input of inputs) {
        const secret = `${API_TOKEN_PREFIX}${randomToken(32)}`;
        const values = {
          name: input.apiTokenName,
          tokenHash: sha256Hex(secret),
          hint: secret.slice(0, API_TOKEN_PREFIX.length + 4),
          scopes: [...input.scopes],
          companyId: auth.companyId,
          createdByUserId: auth.userId,
          validUntil: new Date(input.validUntil),
        };
        const id = await this.#d.repo.insert(values);
        await this.#d.activity.record({
          kind: 'apiToken.create',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: auth.companyId,
          recordType: 'apiToken',
          recordId: id,
          // changesOf leaves the hash out; the secret itself is never in what it is given.
          changes: changesOf(undefined, values),
          detail: { name: input.apiTokenName, scopes: input.scopes, validUntil: input.validUntil },
          ip: client.ip,
        });
        secrets.set(id, secret);
      }
      return secrets;
    });
    const page = await this.#d.repo.find({ ids: [...made.keys()], pageSize: made.size }, null);
    return page.records().map((record) => ({ ...record, token: made.get(record.apiTokenId) }));
  }

  /** Revokes tokens of the caller's tree at once (all or none); answers them as they were. */
  async delete(auth: TAuth, ids: number[], client: TClient): Promise<TApiToken[]> {
    const unique = [...new Set(ids)];
    const scope = await this.#d.companies.scopeOf(auth);
    return this.#d.transaction(async () => {
      const found = (await this.#d.repo.find({ ids: unique, pageSize: unique.length }, scope)).records();
      if (found.length !== unique.length) throw tokenNotFound();
      const byId = new Map(found.map((record) => [record.apiTokenId, record]));
      for (const id of unique) {
        const tokenHash = await this.#d.repo.delete(id);
        if (tokenHash === undefined) throw tokenNotFound();
        this.#live.forgetApiToken(tokenHash);
        this.#touched.delete(id);
        await this.#d.activity.record({
          kind: 'apiToken.delete',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: byId.get(id)?.companyId ?? null,
          recordType: 'apiToken',
          recordId: id,
          changes: changesOf(byId.get(id), undefined),
          ip: client.ip,
        });
      }
      return found;
    });
  }

  /**
   * The caller behind a token: its creator as it is now (company, roles), marked with the token's
   * scopes. Unknown, expired or revoked tokens, and those of a creator no longer active, are 401.
   * The answer is remembered for a few seconds (LiveSessions), never past the token's validUntil;
   * a token revoked, or a creator changed, through this process is refused on the next request.
   */
  async authenticate(token: string): Promise<TAuth> {
    if (!TOKEN_SHAPE.test(token)) throw unauthorized('apiTokenNotValid');
    const tokenHash = sha256Hex(token);
    const auth = await this.#live.apiToken(tokenHash, () => this.#holderOf(tokenHash));
    if (!auth?.apiToken) throw unauthorized('apiTokenNotValid');
    const { id } = auth.apiToken;
    const now = this.#now();
    if (now - (this.#touched.get(id) ?? 0) >= LAST_USED_EVERY_MS) {
      // Marked before the write, so the requests of one burst write once.
      this.#touched.set(id, now);
      await this.#d.repo.touch(id, new Date(now), new Date(now - LAST_USED_EVERY_MS));
    }
    return auth;
  }

  /** The caller a token acts for as the database holds it, with its validUntil; undefined when not valid. */
  async #holderOf(tokenHash: string): Promise<{ auth: TAuth; validUntil: Date } | undefined> {
    const holder = await this.#d.repo.holder(tokenHash);
    if (!holder || holder.validUntil.getTime() <= this.#now() || !holder.userActive) return undefined;
    if (!this.#touched.has(holder.id)) this.#touched.set(holder.id, holder.lastUsed?.getTime() ?? 0);
    const granted = new Set(grantedPermissions(holder.grants).sort());
    const auth: TAuth = {
      userId: holder.userId,
      sessionId: `api-token:${holder.id}`,
      login: holder.login,
      companyId: holder.userCompanyId,
      roles: holder.roleNames,
      permissions: granted,
      selfcare: false,
      mfaSetup: false,
      isAdmin: granted.has('adminmanagement.read'),
      apiToken: { id: holder.id, scopes: holder.scopes },
    };
    return { auth, validUntil: holder.validUntil };
  }
}
