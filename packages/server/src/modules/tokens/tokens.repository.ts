import type {
  API_TOKEN_SORT_FIELDS,
  TApiToken,
  TApiTokenFindRequest,
  TApiTokenScope,
  TRolePermissionInfo,
} from '@portal/contract';
import { and, eq, lt, or, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import { isoText } from '../../db/json-sql.ts';
import { FindConditions, PagedFind } from '../../db/paged-find.ts';
import { apiTokens, companies, rolePermissions, roles, userRoles, users } from '../../db/schema/index.ts';
import type { JsonPage } from '../../lib/json-page.ts';
import { likePattern } from '../../lib/paging.ts';

/** What a request made with a token needs to know of it and of its creator. */
export type TTokenHolder = {
  id: number;
  scopes: TApiTokenScope[];
  validUntil: Date;
  lastUsed: Date | null;
  userId: number;
  login: string;
  userActive: boolean;
  userCompanyId: number | null;
  /** The creator's roles' names, sorted. */
  roleNames: string[];
  /** The creator's roles' permission rows (one per role and area). */
  grants: TRolePermissionInfo[];
};

const SORT_COLUMNS: Record<(typeof API_TOKEN_SORT_FIELDS)[number], AnyPgColumn | SQL> = {
  apiTokenName: sql`lower(${apiTokens.name})`,
  validUntil: apiTokens.validUntil,
  lastUsed: apiTokens.lastUsed,
  createdOn: apiTokens.createdAt,
  companyName: companies.name,
};

/** The record under its API names; never the hash (the secret itself is never stored). */
const RECORD_FIELDS = sql.join(
  [
    sql`${apiTokens.id} as "apiTokenId"`,
    sql`${apiTokens.name} as "apiTokenName"`,
    sql`${apiTokens.scopes} as "scopes"`,
    sql`${isoText(apiTokens.validUntil)} as "validUntil"`,
    sql`${isoText(apiTokens.lastUsed)} as "lastUsed"`,
    sql`${isoText(apiTokens.createdAt)} as "createdOn"`,
    sql`${apiTokens.hint} as "tokenHint"`,
    sql`${apiTokens.createdByUserId} as "createdByUserId"`,
    sql`${users.login} as "createdByLogin"`,
    sql`${apiTokens.companyId} as "companyId"`,
    sql`${companies.name} as "companyName"`,
  ],
  sql`, `,
);

const FIND = new PagedFind<TApiToken, (typeof API_TOKEN_SORT_FIELDS)[number]>({
  name: 'api_tokens_find',
  table: apiTokens,
  id: apiTokens.id,
  from: sql`${apiTokens} join ${users} on ${users.id} = ${apiTokens.createdByUserId} left join ${companies} on ${companies.id} = ${apiTokens.companyId}`,
  sort: SORT_COLUMNS,
  record: RECORD_FIELDS,
});

/**
 * The token stored under a hash with its creator and the creator's roles and grants: one
 * statement, prepared once per connection, for every request a token's remembered answer misses.
 */
const holderQuery = (db: TDb) =>
  db
    .select({
      id: apiTokens.id,
      scopes: apiTokens.scopes,
      validUntil: apiTokens.validUntil,
      lastUsed: apiTokens.lastUsed,
      userId: users.id,
      login: users.login,
      userActive: users.active,
      userCompanyId: users.companyId,
      roleNames: sql<string[]>`array(select distinct ${roles.name} from ${userRoles}
        join ${roles} on ${roles.id} = ${userRoles.roleId}
        where ${userRoles.userId} = ${users.id} order by 1)`,
      grants: sql<TRolePermissionInfo[]>`(select coalesce(json_agg(json_build_object(
          'rolePermissionName', ${rolePermissions.area},
          'permissionCreate', ${rolePermissions.canCreate},
          'permissionRead', ${rolePermissions.canRead},
          'permissionUpdate', ${rolePermissions.canUpdate},
          'permissionDelete', ${rolePermissions.canDelete})), '[]'::json)
        from ${userRoles} join ${rolePermissions} on ${rolePermissions.roleId} = ${userRoles.roleId}
        where ${userRoles.userId} = ${users.id})`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdByUserId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('api_tokens_holder');

/**
 * A token find's conditions inside `scope` (company ids; null: every company). A token of no
 * company (an admin's) belongs to no tree: only admins see it.
 */
function conditionsOf(filter: TApiTokenFindRequest, scope: number[] | null, search: string | undefined) {
  const find = new FindConditions();
  if (scope) find.oneOf('scope', apiTokens.companyId, scope);
  if (filter.ids?.length) find.oneOf('ids', apiTokens.id, filter.ids);
  if (filter.companyIds?.length) find.oneOf('companyIds', apiTokens.companyId, filter.companyIds);
  if (filter.scopes?.length)
    find.add('scopes', (p) => sql`${apiTokens.scopes} && ${p('scopes', filter.scopes)}::text[]`);
  if (filter.includeExpired === false) find.add('current', () => sql`${apiTokens.validUntil} > now()`);
  if (search)
    find.add('search', (p) => {
      const pattern = p('pattern', likePattern(search));
      return sql`(lower(${apiTokens.name}) like ${pattern} or lower(${users.login}) like ${pattern})`;
    });
  return find;
}

/** API tokens: the only place that queries their table. */
export class TokensRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  /** A page of tokens inside `scope` (null: every company) and the total, paged by the shared find. */
  async find(filter: TApiTokenFindRequest, scope: number[] | null): Promise<JsonPage<TApiToken>> {
    const search = filter.search?.trim() || undefined;
    const { page } = await FIND.find(this.#ctx, {
      query: filter,
      conditions: conditionsOf(filter, scope, search),
      collect: search !== undefined,
    });
    return page;
  }

  async insert(values: Omit<typeof apiTokens.$inferInsert, 'id'>): Promise<number> {
    const [row] = await this.#ctx.db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
    return row!.id;
  }

  /** Deletes the token; answers its hash, or undefined when it was not there. */
  async delete(id: number): Promise<string | undefined> {
    const [row] = await this.#ctx.db
      .delete(apiTokens)
      .where(eq(apiTokens.id, id))
      .returning({ tokenHash: apiTokens.tokenHash });
    return row?.tokenHash;
  }

  /** The token stored under `tokenHash`, with its creator, the creator's roles and their grants. */
  async holder(tokenHash: string): Promise<TTokenHolder | undefined> {
    const [row] = await this.#ctx.runPrepared('api_tokens_holder', holderQuery, { tokenHash });
    return row ? { ...row, scopes: row.scopes as TApiTokenScope[] } : undefined;
  }

  /** Records a use; a write only when the stored one is older than `before` (another process may have written it). */
  async touch(id: number, at: Date, before: Date): Promise<void> {
    await this.#ctx.db
      .update(apiTokens)
      .set({ lastUsed: at })
      .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsed), lt(apiTokens.lastUsed, before))));
  }
}
