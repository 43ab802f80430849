import type { ACTIVITY_SORT_FIELDS, TActivityFindRequest, TActivityInfo } from '@portal/contract';
import { inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbContext } from '../../db/context.ts';
import { isoText } from '../../db/json-sql.ts';
import { FindConditions, PagedFind } from '../../db/paged-find.ts';
import { activity, companies, users } from '../../db/schema/index.ts';
import type { JsonPage } from '../../lib/json-page.ts';
import { likePattern, orderOf } from '../../lib/paging.ts';
import type { TActivityEntry } from './activity.service.ts';

/** The contract's sort fields, and the id the newest-first order ends in. */
type TSortField = (typeof ACTIVITY_SORT_FIELDS)[number] | 'activityId';

const SORT_COLUMNS: Record<TSortField, AnyPgColumn | SQL> = {
  at: activity.at,
  kind: activity.kind,
  userLogin: sql`lower(${users.login})`,
  companyName: sql`lower(${companies.name})`,
  recordType: activity.recordType,
  activityId: activity.id,
};

/** Newest first; every sort ends in the id, newest first too, so rows of one transaction stay in order. */
const LAST: { field: TSortField; dir: 'desc' } = { field: 'activityId', dir: 'desc' };

const sortOf = (filter: TActivityFindRequest) => [
  ...(filter.sort?.length ? filter.sort : [{ field: 'at' as const, dir: 'desc' as const }]),
  LAST,
];

/** The row under its API names; the login and company name read while they exist (else null). */
const RECORD_FIELDS = sql.join(
  [
    sql`${activity.id} as "activityId"`,
    sql`${isoText(activity.at)} as "at"`,
    sql`${activity.kind} as "kind"`,
    sql`${activity.userId} as "userId"`,
    sql`${users.login} as "userLogin"`,
    sql`${activity.companyId} as "companyId"`,
    sql`${companies.name} as "companyName"`,
    sql`${activity.recordType} as "recordType"`,
    sql`${activity.recordId} as "recordId"`,
    sql`${activity.changes} as "changes"`,
    sql`${activity.detail} as "detail"`,
    sql`${activity.ip} as "ip"`,
  ],
  sql`, `,
);

const FROM = sql`${activity} left join ${users} on ${users.id} = ${activity.userId}
  left join ${companies} on ${companies.id} = ${activity.companyId}`;

const FIND = new PagedFind<TActivityInfo, TSortField>({
  name: 'activity_find',
  table: activity,
  id: activity.id,
  from: FROM,
  sort: SORT_COLUMNS,
  record: RECORD_FIELDS,
});

/**
 * A find's conditions inside `scope` (company ids; null: every company): a row belongs to the
 * company of whoever acted and to the company owning the record it names.
 */
function conditionsOf(filter: TActivityFindRequest, scope: number[] | null, search: string | undefined) {
  const find = new FindConditions();
  const ofCompanies = (name: string, ids: readonly number[]) =>
    find.add(name, (p) => {
      const list = p(name, ids);
      return sql`(${activity.companyId} = any(${list}) or ${activity.ownerCompanyId} = any(${list}))`;
    });
  if (scope) ofCompanies('scope', scope);
  if (filter.companyIds?.length) ofCompanies('companyIds', filter.companyIds);
  if (filter.userIds?.length) find.oneOf('userIds', activity.userId, filter.userIds);
  if (filter.kinds?.length) find.oneOf('kinds', activity.kind, filter.kinds);
  if (filter.recordTypes?.length) find.oneOf('recordTypes', activity.recordType, filter.recordTypes);
  if (filter.recordId !== undefined) find.oneOf('recordId', activity.recordId, [filter.recordId]);
  const { from, to } = filter;
  // Not named from and to: the paged find's own slice takes those names.
  if (from) find.add('atFrom', (p) => sql`${activity.at} >= ${p('atFrom', from)}::timestamptz`);
  if (to) find.add('atTo', (p) => sql`${activity.at} < ${p('atTo', to)}::timestamptz`);
  if (search)
    find.add('search', (p) => {
      const pattern = p('pattern', likePattern(search));
      return sql`(lower(${activity.kind}) like ${pattern} or lower(${users.login}) like ${pattern}
        or lower(${activity.recordId}) like ${pattern})`;
    });
  return find;
}

/** The append-only activity log: the only place that queries its table. */
export class ActivityRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async insert(entry: TActivityEntry): Promise<void> {
    await this.#ctx.db.insert(activity).values({
      kind: entry.kind,
      userId: entry.userId ?? null,
      companyId: entry.companyId ?? null,
      ownerCompanyId: entry.ownerCompanyId ?? null,
      recordType: entry.recordType ?? null,
      recordId: entry.recordId === undefined ? null : String(entry.recordId),
      changes: entry.changes ?? null,
      detail: entry.detail ?? null,
      ip: entry.ip ?? null,
    });
  }

  /** A page of rows inside `scope` (null: every company) and the total. */
  async find(filter: TActivityFindRequest, scope: number[] | null): Promise<JsonPage<TActivityInfo>> {
    const search = filter.search?.trim() || undefined;
    const { page } = await FIND.find(this.#ctx, {
      query: { ...filter, sort: sortOf(filter) },
      conditions: conditionsOf(filter, scope, search),
      collect: search !== undefined,
    });
    return page;
  }

  /**
   * The ids of every row the find matches, in its order (no paging): an export reads the rows in
   * pages of these, so only ids (never every row) sit in memory and rows written meanwhile stay out.
   */
  async matchingIds(filter: TActivityFindRequest, scope: number[] | null): Promise<number[]> {
    const search = filter.search?.trim() || undefined;
    const where = conditionsOf(filter, scope, search).where();
    const order = sql.join(orderOf(sortOf(filter), SORT_COLUMNS), sql`, `);
    const [row] = await this.#ctx.db
      .select({ ids: sql<Array<string | number> | null>`m.ids` })
      .from(
        sql`(select array_agg(${activity.id} order by ${order}) as ids from ${FROM} where ${where}) as m`,
      );
    return (row?.ids ?? []).map(Number);
  }

  /** The rows of these ids in the order given, as the find answers them. */
  async rows(ids: readonly number[]): Promise<TActivityInfo[]> {
    return (await FIND.page(this.#ctx, ids)).page.records();
  }

  /** Deletes up to `limit` rows older than `before` (one retention batch); how many went. */
  async deleteBefore(before: Date, limit: number): Promise<number> {
    const batch = this.#ctx.db
      .select({ id: activity.id })
      .from(activity)
      .where(lt(activity.at, before))
      .limit(limit);
    const gone = await this.#ctx.db
      .delete(activity)
      .where(inArray(activity.id, batch))
      .returning({ id: activity.id });
    return gone.length;
  }
}
