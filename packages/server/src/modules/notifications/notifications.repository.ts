import type { TNotificationFindRequest } from '@portal/contract';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbContext } from '../../db/context.ts';
import { companies, notificationReads, notifications, users } from '../../db/schema/index.ts';
import { likePattern, orderOf, pageOf } from '../../lib/paging.ts';

export type TNotificationRow = typeof notifications.$inferSelect & {
  companyName: string | null;
  recipientLogin: string | null;
  read: boolean;
};
export type TNotificationWrite = Omit<typeof notifications.$inferInsert, 'id'>;

/**
 * Whose notifications: a reader's (for everyone, for a company of its chain, or for the reader
 * alone), or every one (manage).
 */
export type TAudience = { userId: number; chain: number[] | null };

const n = notifications;
const SORT_COLUMNS = {
  createdOn: n.createdAt,
  notificationTitle: sql`lower(${n.title})`,
  lastUpdate: n.lastUpdate,
};

/** Notifications and who has read them. */
export class NotificationsRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async find(
    filter: TNotificationFindRequest,
    audience: TAudience,
  ): Promise<{ rows: TNotificationRow[]; total: number; unread: number }> {
    const db = this.#ctx.db;
    const readJoin = and(
      eq(notificationReads.notificationId, n.id),
      eq(notificationReads.userId, audience.userId),
    );
    const conditions: (SQL | undefined)[] = [audienceCondition(audience)];
    if (filter.ids?.length) conditions.push(inArray(n.id, filter.ids));
    if (filter.companyIds?.length) conditions.push(inArray(n.companyId, filter.companyIds));
    if (filter.unreadOnly) conditions.push(isNull(notificationReads.userId));
    const search = filter.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      conditions.push(
        sql`(lower(${n.title}) like ${pattern} or lower(coalesce(${n.description}, '')) like ${pattern})`,
      );
    }
    const where = and(...conditions);
    const page = pageOf(filter);
    const sort = filter.sort?.length
      ? orderOf(filter.sort, SORT_COLUMNS, n.id)
      : [desc(n.createdAt), desc(n.id)];
    const [rows, totals, unread] = await Promise.all([
      db
        .select({
          id: n.id,
          title: n.title,
          description: n.description,
          url: n.url,
          companyId: n.companyId,
          recipientUserId: n.recipientUserId,
          createdByUserId: n.createdByUserId,
          createdAt: n.createdAt,
          lastUpdate: n.lastUpdate,
          companyName: companies.name,
          recipientLogin: users.login,
          read: sql<boolean>`${notificationReads.userId} is not null`,
        })
        .from(n)
        .leftJoin(companies, eq(companies.id, n.companyId))
        .leftJoin(users, eq(users.id, n.recipientUserId))
        .leftJoin(notificationReads, readJoin)
        .where(where)
        .orderBy(...sort)
        .limit(page.limit)
        .offset(page.offset),
      db.select({ total: count() }).from(n).leftJoin(notificationReads, readJoin).where(where),
      db
        .select({ total: count() })
        .from(n)
        .leftJoin(notificationReads, readJoin)
        .where(and(audienceCondition(audience), isNull(notificationReads.userId))),
    ]);
    return { rows, total: totals[0]?.total ?? 0, unread: unread[0]?.total ?? 0 };
  }

  async load(id: number): Promise<typeof notifications.$inferSelect | undefined> {
    const [row] = await this.#ctx.db.select().from(n).where(eq(n.id, id));
    return row;
  }

  async insert(values: TNotificationWrite): Promise<number> {
    const [row] = await this.#ctx.db.insert(n).values(values).returning({ id: n.id });
    return row!.id;
  }

  async update(id: number, values: Partial<TNotificationWrite>): Promise<void> {
    await this.#ctx.db
      .update(n)
      .set({ ...values, lastUpdate: new Date() })
      .where(eq(n.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.#ctx.db.delete(n).where(eq(n.id, id));
  }

  /** Marks read those of `ids` (all when null) addressed to the audience; answers nothing. */
  /** Those of `ids` addressed to the audience. */
  async addressed(audience: TAudience, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.#ctx.db
      .select({ id: n.id })
      .from(n)
      .where(and(audienceCondition(audience), inArray(n.id, ids)));
    return rows.map((row) => row.id);
  }

  async markRead(audience: TAudience, ids: number[] | null): Promise<void> {
    const addressed = this.#ctx.db
      .select({
        notificationId: n.id,
        userId: sql<number>`${audience.userId}::integer`.as('user_id'),
        readAt: sql<Date>`now()`.as('read_at'),
      })
      .from(n)
      .where(and(audienceCondition(audience), ids ? inArray(n.id, ids.length ? ids : [0]) : undefined));
    await this.#ctx.db.insert(notificationReads).select(addressed).onConflictDoNothing();
  }
}

/**
 * Everyone's notifications, those for a company of the reader's chain (its company and ancestors),
 * and those addressed to the reader alone; one addressed to another user is never the reader's.
 */
function audienceCondition(audience: TAudience): SQL | undefined {
  if (audience.chain === null) return undefined;
  const tree = audience.chain.length
    ? or(isNull(n.companyId), inArray(n.companyId, audience.chain))
    : isNull(n.companyId);
  return or(and(isNull(n.recipientUserId), tree), eq(n.recipientUserId, audience.userId));
}
