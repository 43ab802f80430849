import {
  API_TOKEN_PREFIX,
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
import type { AuditService } from '../audit/audit.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { RolesService } from '../roles/roles.service.ts';
import type { TokensRepository } from './tokens.repository.ts';

export type TTokensDeps = {
  repo: TokensRepository;
  roles: RolesService;
  companies: CompaniesService;
  audit: AuditService;
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
  /** When this process last wrote each token's lastUsed. */
  readonly #touched = new Map<number, number>();

  constructor(deps: TTokensDeps) {
    this.#d = deps;
    this.#now = deps.now ?? Date.now;
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
        const id = await this.#d.repo.insert({
          name: input.apiTokenName,
          tokenHash: sha256Hex(secret),
          hint: secret.slice(0, API_TOKEN_PREFIX.length + 4),
          scopes: [...input.scopes],
          companyId: auth.companyId,
          createdByUserId: auth.userId,
          validUntil: new Date(input.validUntil),
        });
        await this.#d.audit.record({
          action: 'apiToken.create',
          userId: auth.userId,
          companyId: auth.companyId,
          targetType: 'apiToken',
          targetId: id,
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
      for (const id of unique) {
        if (!(await this.#d.repo.delete(id))) throw tokenNotFound();
        this.#touched.delete(id);
        await this.#d.audit.record({
          action: 'apiToken.revoke',
          userId: auth.userId,
          companyId: auth.companyId,
          targetType: 'apiToken',
          targetId: id,
          ip: client.ip,
        });
      }
      return found;
    });
  }

  /**
   * The caller behind a token: its creator as it is now (company, roles), marked with the token's
   * scopes. Unknown, expired or revoked tokens, and those of a creator no longer active, are 401.
   */
  async authenticate(token: string): Promise<TAuth> {
    if (!TOKEN_SHAPE.test(token)) throw unauthorized('apiTokenNotValid');
    const holder = await this.#d.repo.holder(sha256Hex(token));
    const now = this.#now();
    if (!holder || holder.validUntil.getTime() <= now || !holder.userActive)
      throw unauthorized('apiTokenNotValid');
    const last = this.#touched.get(holder.id) ?? holder.lastUsed?.getTime() ?? 0;
    if (now - last >= LAST_USED_EVERY_MS) {
      // Marked before the write, so the requests of one burst write once.
      this.#touched.set(holder.id, now);
      await this.#d.repo.touch(holder.id, new Date(now), new Date(now - LAST_USED_EVERY_MS));
    }
    const { roleNames, permissions } = await this.#d.roles.ofUser(holder.userId);
    const granted = new Set(permissions);
    return {
      userId: holder.userId,
      sessionId: `api-token:${holder.id}`,
      login: holder.login,
      companyId: holder.userCompanyId,
      roles: roleNames,
      permissions: granted,
      selfcare: false,
      mfaSetup: false,
      isAdmin: granted.has('adminmanagement.read'),
      apiToken: { id: holder.id, scopes: holder.scopes },
    };
  }
}
