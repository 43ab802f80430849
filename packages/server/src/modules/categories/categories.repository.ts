import type { TCategoryFindRequest } from '@portal/contract';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import { PUBLISHED, visibilityConditions } from '../../db/family-visibility.ts';
import { categories, familyCounts, revitFamilies } from '../../db/schema/index.ts';
import { likePattern, orderOf, pageOf } from '../../lib/paging.ts';

export type TCategoryRow = typeof categories.$inferSelect;
export type TCategoryWrite = Omit<typeof categories.$inferInsert, 'id'>;

/**
 * How many families (any status) are filed under a category: what blocks its delete. A change
 * request's copy filed under it counts for its family (it blocks the delete as the foreign key
 * would), and a family and its copy count once. The outer id is qualified by hand: in a one-table
 * select list Drizzle writes a column bare, and a bare "id" inside the subquery would be the
 * family's own id.
 */
const familyCountOf = (categoryId: SQL) =>
  sql<number>`(select count(distinct coalesce(f.tif_original_id, f.id)) from ${revitFamilies} f where f.category_id = ${categoryId})`.mapWith(
    Number,
  );

/**
 * What a category's card shows: its published families within the caller's scope (null: every
 * company), summed from family_counts under the very condition the library's facets count with.
 */
const publishedCountOf = (scope: number[] | null) =>
  sql<number>`(select coalesce(sum(${familyCounts.families}), 0) from ${familyCounts} where ${familyCounts.categoryId} = ${categories}.id and ${visibilityConditions({ scope, statuses: PUBLISHED }, familyCounts).where()})`.mapWith(
    Number,
  );

const sortColumns = (familyCount: SQL) => ({
  categoryName: sql`lower(${categories.name})`,
  active: categories.active,
  familyCount,
});

/** Categories: a portal-wide list of names with a picture. */
export class CategoriesRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  /** A page of categories with their published families within `scope` (null: every company). */
  async find(
    filter: TCategoryFindRequest,
    scope: number[] | null,
  ): Promise<{ rows: (TCategoryRow & { familyCount: number })[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.ids?.length) conditions.push(inArray(categories.id, filter.ids));
    if (filter.names?.length)
      conditions.push(
        inArray(
          sql`lower(${categories.name})`,
          filter.names.map((n) => n.toLowerCase()),
        ),
      );
    if (filter.active !== undefined) conditions.push(eq(categories.active, filter.active));
    const search = filter.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      conditions.push(
        sql`(lower(${categories.name}) like ${pattern} or lower(coalesce(${categories.description}, '')) like ${pattern})`,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const page = pageOf(filter);
    const familyCount = publishedCountOf(scope);
    const [rows, totals] = await Promise.all([
      this.#ctx.db
        .select({ ...this.#columns(), familyCount })
        .from(categories)
        .where(where)
        .orderBy(...orderOf(filter.sort, sortColumns(familyCount), categories.id))
        .limit(page.limit)
        .offset(page.offset),
      this.#ctx.db.select({ total: count() }).from(categories).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  async load(id: number): Promise<TCategoryRow | undefined> {
    const [row] = await this.#ctx.db.select().from(categories).where(eq(categories.id, id));
    return row;
  }

  /** The category whose name matches (any case), for suggestions read from a family file. */
  async byName(name: string): Promise<TCategoryRow | undefined> {
    const [row] = await this.#ctx.db
      .select()
      .from(categories)
      .where(eq(sql`lower(${categories.name})`, name.toLowerCase()));
    return row;
  }

  async insert(values: TCategoryWrite): Promise<number> {
    const [row] = await this.#ctx.db.insert(categories).values(values).returning({ id: categories.id });
    return row!.id;
  }

  async update(id: number, values: Partial<TCategoryWrite>): Promise<void> {
    await this.#ctx.db.update(categories).set(values).where(eq(categories.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.#ctx.db.delete(categories).where(eq(categories.id, id));
  }

  /** How many families are filed under a category (see familyCountOf). */
  async familiesIn(id: number): Promise<number> {
    const [row] = await queryRows<{ total: number }>(
      this.#ctx.db,
      sql`select ${familyCountOf(sql`${id}`)} as total`,
    );
    return Number(row?.total ?? 0);
  }

  #columns() {
    return {
      id: categories.id,
      name: categories.name,
      description: categories.description,
      pictureFileName: categories.pictureFileName,
      pictureHash: categories.pictureHash,
      active: categories.active,
    };
  }
}
