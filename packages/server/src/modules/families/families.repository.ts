import {
  FAMILY_FACET_VALUES_MAX,
  type FAMILY_SORT_FIELDS,
  type TFamilyFindRequest,
  type TRevitFamily,
  type TTifStatus,
} from '@portal/contract';
import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbContext } from '../../db/context.ts';
import { PUBLISHED, type TFamilyVisibility, visibilityConditions } from '../../db/family-visibility.ts';
import { FindConditions, PagedFind } from '../../db/paged-find.ts';
import {
  categories,
  companies,
  familyCounts,
  familyUploads,
  familyVersions,
  parameterLists,
  revitFamilies,
  users,
} from '../../db/schema/index.ts';
import type { JsonPage } from '../../lib/json-page.ts';
import { likePattern, searchWords } from '../../lib/paging.ts';

export type TFamilyRow = typeof revitFamilies.$inferSelect;
export type TFamilyWrite = Omit<typeof revitFamilies.$inferInsert, 'id'>;
export type TVersionRow = typeof familyVersions.$inferSelect;
export type TVersionWithUploader = TVersionRow & { uploaderLogin: string | null };
export type TUploadRow = typeof familyUploads.$inferSelect;

export { PUBLISHED, type TFamilyVisibility };

/** The filters a facet leaves out when it counts (its own), so it shows what choosing another value gives. */
type TFacet = 'categories' | 'revitVersions' | 'ratings' | 'tags' | 'companies';

const f = revitFamilies;

/**
 * A family as lists answer it (TRevitFamily without its picture, types and versions): the row's
 * own fields as the database keeps them written as JSON (`list_json`, migration 0022), and beside
 * them the fields read from other tables and the workflow's, added to each record in one pass
 * (`completed`). One path from the table to the answer, whether the portal passes the text on
 * (finds) or parses it (every other answer). An end user's view (READER_FIND) answers null for the
 * fields that tell of requests.
 */
const STORED_RECORD = { stored: sql<string>`${f.listJson}` };

/** The record's fields from other tables, and the picture's hash (a service adds the thumbnail). */
const JOINED = {
  pictureHash: sql<string | null>`${f.pictureHash}`,
  categoryName: sql<string | null>`${categories.name}`,
  // The list's code as it is now (a list renamed renames it here); the typed code without a list.
  parameterListCode: sql<
    string | null
  >`coalesce((select ${parameterLists.code} from ${parameterLists} where ${parameterLists.id} = ${f.parameterListId}), ${f.parameterListCode})`,
  companyName: sql<string | null>`${companies.name}`,
};
/** The fields that tell of requests: not in an end user's view. */
const WORKFLOW = {
  tifAction: sql<TRevitFamily['tifAction']>`${f.tifAction}`,
  tifOriginalId: sql<number | null>`${f.tifOriginalId}`,
  tifTempId: sql<number | null>`${f.tifTempId}`,
};
type TJoinedKeys = typeof JOINED;
type TWorkflowKeys = typeof JOINED & typeof WORKFLOW;

const SORT_COLUMNS: Record<(typeof FAMILY_SORT_FIELDS)[number], AnyPgColumn | SQL> = {
  revitFamilyName: sql`lower(${f.name})`,
  revitVersion: f.revitVersion,
  revitFamilyRating: f.rating,
  cost: f.cost,
  categoryName: categories.name,
  companyName: companies.name,
  downloads: f.downloads,
  createdOn: f.createdOn,
  lastUpdate: f.lastUpdate,
};

/** The conditions family_counts also keeps: visibility, category and company. */
const COUNTED = new Set(['scope', 'statuses', 'categoryIds', 'companyIds']);

/**
 * The families' paged find: a family's list record as the database keeps it, with the fields
 * from other tables beside it. End users' finds are their own statements (READER_FIND), which
 * leave the workflow fields out.
 */
const findOf = <K extends TJoinedKeys>(name: string, keys: K) =>
  new PagedFind<TRevitFamily, (typeof FAMILY_SORT_FIELDS)[number], K>({
    name,
    table: f,
    id: f.id,
    from: sql`${f}
    left join ${categories} on ${categories.id} = ${f.categoryId}
    left join ${companies} on ${companies.id} = ${f.companyId}`,
    sort: SORT_COLUMNS,
    record: STORED_RECORD,
    keys,
    counts: { table: familyCounts, sum: familyCounts.families, keeps: COUNTED },
  });
const FIND = findOf('families_find', { ...JOINED, ...WORKFLOW });
const READER_FIND = findOf('families_read', JOINED);

/** Families' records, complete, with their pictures' hashes. */
export type TFamilyRecords = { page: JsonPage<TRevitFamily>; keys: { pictureHash: Array<string | null> } };

type TFound<K extends TJoinedKeys> = Awaited<ReturnType<PagedFind<TRevitFamily, string, K>['page']>>;

/** The records with the fields read beside them added (null workflow fields in an end user's view). */
function completed(found: TFound<TJoinedKeys> | TFound<TWorkflowKeys>): TFamilyRecords {
  const { pictureHash, categoryName, parameterListCode, companyName } = found.keys;
  const none = () => pictureHash.map(() => null);
  const workflow =
    'tifAction' in found.keys ? found.keys : { tifAction: none(), tifOriginalId: none(), tifTempId: none() };
  return {
    page: found.page.with({
      categoryName,
      parameterListCode,
      companyName,
      tifAction: workflow.tifAction,
      tifOriginalId: workflow.tifOriginalId,
      tifTempId: workflow.tifTempId,
    }),
    keys: { pictureHash },
  };
}

/** A family find as the paged find takes it. */
function findRequestOf(filter: TFamilyFindRequest, visibility: TFamilyVisibility) {
  return {
    query: filter,
    conditions: conditionsOf(filter, visibility),
    collect: searchWords(filter.search).length > 0,
    counted: () => countedConditionsOf(filter, visibility, familyCounts),
  };
}

/** Families, their file versions, pending uploads and downloads: the only code querying them. */
export class FamiliesRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.db;
  }

  /**
   * A page of families as PostgreSQL wrote their records, and the total: one statement, prepared
   * once per shape of find (db/paged-find.ts). A search collects its matches once (the category
   * and trigram indexes answer both conditions in one scan); a list filtered by visibility,
   * category and company sums family_counts.
   */
  async find(filter: TFamilyFindRequest, visibility: TFamilyVisibility): Promise<TFamilyRecords> {
    const request = findRequestOf(filter, visibility);
    return completed(
      visibility.reader ? await READER_FIND.find(this.#ctx, request) : await FIND.find(this.#ctx, request),
    );
  }

  /** The SQL of a find (the checked-in copies in db/sql/). */
  findSql(filter: TFamilyFindRequest, visibility: TFamilyVisibility) {
    const request = findRequestOf(filter, visibility);
    return visibility.reader ? READER_FIND.sqlOf(this.#ctx.db, request) : FIND.sqlOf(this.#ctx.db, request);
  }

  /** Counts per facet value over the other filters. */
  async facets(filter: TFamilyFindRequest, visibility: TFamilyVisibility) {
    const whereWithout = (facet: TFacet) => conditionsOf(filter, visibility, facet).where();
    // Categories and companies grow with the portal: the FAMILY_FACET_VALUES_MAX holding the most
    // families, by name.
    const topNamed = (
      facet: TFacet,
      id: typeof f.categoryId | typeof f.companyId,
      named: typeof categories | typeof companies,
      alias: string,
    ) =>
      this.#db
        .select({ id, label: named.name, count: count().as('count') })
        .from(f)
        .innerJoin(named, eq(named.id, id))
        .where(whereWithout(facet))
        .groupBy(id, named.name)
        .orderBy(desc(count()), asc(named.name))
        .limit(FAMILY_FACET_VALUES_MAX)
        .as(alias);
    const topCategories = topNamed('categories', f.categoryId, categories, 'top_categories');
    const topCompanies = topNamed('companies', f.companyId, companies, 'top_companies');
    const [byCategory, byVersion, byRating, byTag, byCompany] = await Promise.all([
      this.#db.select().from(topCategories).orderBy(asc(topCategories.label)),
      this.#db
        .select({ value: f.revitVersion, count: count() })
        .from(f)
        .where(and(whereWithout('revitVersions'), sql`${f.revitVersion} is not null`))
        .groupBy(f.revitVersion)
        .orderBy(desc(f.revitVersion))
        .limit(FAMILY_FACET_VALUES_MAX),
      this.#db
        .select({ value: sql<number>`floor(${f.rating})`.mapWith(Number), count: count() })
        .from(f)
        .where(and(whereWithout('ratings'), sql`${f.rating} >= 1`))
        .groupBy(sql`floor(${f.rating})`),
      this.#db
        .select({ value: sql<string>`tag`, count: sql<number>`count(*)`.mapWith(Number) })
        .from(sql`${f}, jsonb_array_elements_text(${f.tags}) as tag`)
        .where(whereWithout('tags'))
        .groupBy(sql`tag`)
        .orderBy(sql`count(*) desc`, sql`tag`)
        .limit(30),
      this.#db.select().from(topCompanies).orderBy(asc(topCompanies.label)),
    ]);
    return { byCategory, byVersion, byRating, byTag, byCompany };
  }

  async load(id: number): Promise<TFamilyRow | undefined> {
    const [row] = await this.#db.select().from(f).where(eq(f.id, id));
    return row;
  }

  /** The row, locked until the transaction ends: two requests on one family never both copy it. */
  async loadForUpdate(id: number): Promise<TFamilyRow | undefined> {
    const [row] = await this.#db.select().from(f).where(eq(f.id, id)).for('update');
    return row;
  }

  /** The records of the given families, in the order of `ids` (`reader`: an end user's view, see TFamilyVisibility). */
  async records(ids: number[], reader = false): Promise<TRevitFamily[]> {
    return completed(
      reader ? await READER_FIND.page(this.#ctx, ids) : await FIND.page(this.#ctx, ids),
    ).page.records();
  }

  async insert(values: TFamilyWrite): Promise<number> {
    const [row] = await this.#db.insert(f).values(values).returning({ id: f.id });
    return row!.id;
  }

  /** Writes the values; `touch: false` leaves lastUpdate, which tells of content changes, as it is. */
  async update(id: number, values: Partial<TFamilyWrite>, touch = true): Promise<void> {
    await this.#db
      .update(f)
      .set(touch ? { ...values, lastUpdate: new Date() } : values)
      .where(eq(f.id, id));
  }

  /** Deletes a family and the copies standing for requests on it. */
  async delete(id: number): Promise<void> {
    await this.#db.delete(f).where(eq(f.tifOriginalId, id));
    await this.#db.delete(f).where(eq(f.id, id));
  }

  /** These families' rows (types and all), in no particular order. */
  async loadMany(ids: number[]): Promise<TFamilyRow[]> {
    if (!ids.length) return [];
    return this.#db.select().from(f).where(inArray(f.id, ids));
  }

  /** Requests waiting for an admin within a scope (null: every company). */
  async pendingCount(scope: number[] | null, statuses: readonly TTifStatus[]): Promise<number> {
    const [row] = await this.#db
      .select({ total: count() })
      .from(f)
      .where(and(inArray(f.tifStatus, [...statuses]), scopeCondition(scope)));
    return row?.total ?? 0;
  }

  /**
   * At most `limit` versions of a family: `keep` (the current one, however old) and the newest,
   * newest first.
   */
  async versions(
    familyId: number,
    limit: number,
    keep: number | null = null,
  ): Promise<TVersionWithUploader[]> {
    const rows = await this.#db
      .select({ ...getColumns(familyVersions), uploaderLogin: users.login })
      .from(familyVersions)
      .leftJoin(users, eq(users.id, familyVersions.uploadedBy))
      .where(eq(familyVersions.familyId, familyId))
      .orderBy(sql`${familyVersions.id} = ${keep ?? 0} desc`, desc(familyVersions.id))
      .limit(limit);
    return rows.sort((a, b) => b.id - a.id);
  }

  /** How many versions a family has. */
  async versionCount(familyId: number): Promise<number> {
    const [row] = await this.#db
      .select({ total: count() })
      .from(familyVersions)
      .where(eq(familyVersions.familyId, familyId));
    return row?.total ?? 0;
  }

  async version(id: number): Promise<TVersionRow | undefined> {
    const [row] = await this.#db.select().from(familyVersions).where(eq(familyVersions.id, id));
    return row;
  }

  async insertVersion(values: Omit<typeof familyVersions.$inferInsert, 'id'>): Promise<number> {
    const [row] = await this.#db.insert(familyVersions).values(values).returning({ id: familyVersions.id });
    return row!.id;
  }

  /** Hands a copy's versions to its original when the change is applied. */
  async moveVersions(fromFamilyId: number, toFamilyId: number): Promise<void> {
    await this.#db
      .update(familyVersions)
      .set({ familyId: toFamilyId })
      .where(eq(familyVersions.familyId, fromFamilyId));
  }

  async insertUpload(values: typeof familyUploads.$inferInsert): Promise<void> {
    await this.#db.insert(familyUploads).values(values);
  }

  /** An upload of that user made after `since`. */
  async upload(id: string, userId: number, since: Date): Promise<TUploadRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(familyUploads)
      .where(
        and(
          eq(familyUploads.id, id),
          eq(familyUploads.userId, userId),
          sql`${familyUploads.createdAt} > ${since}`,
        ),
      );
    return row;
  }

  /**
   * A family of the company (null: of none) whose current file is `hash`, in any status but
   * removed or disapproved: what a bulk upload skips as already in the library. The company's
   * index narrows it to that company's families.
   */
  async withCurrentFile(companyId: number | null, hash: string): Promise<TFamilyRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(f)
      .where(
        and(
          companyId === null ? isNull(f.companyId) : eq(f.companyId, companyId),
          eq(f.fileHash, hash),
          sql`${f.tifStatus} <> 'D'`,
        ),
      )
      .orderBy(asc(f.id))
      .limit(1);
    return row;
  }

  async deleteUpload(id: string): Promise<void> {
    await this.#db.delete(familyUploads).where(eq(familyUploads.id, id));
  }

  /** Deletes the uploads made before `before`; answers how many. */
  async deleteUploadsBefore(before: Date): Promise<number> {
    const gone = await this.#db
      .delete(familyUploads)
      .where(lt(familyUploads.createdAt, before))
      .returning({ id: familyUploads.id });
    return gone.length;
  }

  /**
   * Deletes the file versions uploaded before `before` that no family (a request's copy included)
   * has as its current one; answers how many.
   */
  async deleteVersionsBefore(before: Date): Promise<number> {
    const gone = await this.#db
      .delete(familyVersions)
      .where(
        and(
          lt(familyVersions.uploadedAt, before),
          sql`not exists (select 1 from ${f} where ${f.currentVersionId} = ${familyVersions.id})`,
        ),
      )
      .returning({ id: familyVersions.id });
    return gone.length;
  }

  /** One more download on the family's counter. */
  async countDownload(familyId: number): Promise<void> {
    await this.#db
      .update(f)
      .set({ downloads: sql`${f.downloads} + 1` })
      .where(eq(f.id, familyId));
  }
}

function getColumns<T extends typeof familyVersions>(table: T) {
  return {
    id: table.id,
    familyId: table.familyId,
    fileHash: table.fileHash,
    fileName: table.fileName,
    size: table.size,
    revitVersion: table.revitVersion,
    contents: table.contents,
    previewHash: table.previewHash,
    uploadedBy: table.uploadedBy,
    uploadedAt: table.uploadedAt,
  };
}

function scopeCondition(scope: number[] | null): SQL | undefined {
  if (scope === null) return undefined;
  return scope.length ? inArray(f.companyId, scope) : sql`false`;
}

/** The conditions of a find: visibility, then every filter but the one facet counting itself. */
function conditionsOf(
  filter: TFamilyFindRequest,
  visibility: TFamilyVisibility,
  omit?: TFacet,
): FindConditions {
  const find = countedConditionsOf(filter, visibility, f, omit);
  if (filter.ids?.length) find.oneOf('ids', f.id, filter.ids);
  if (filter.names?.length)
    find.oneOf(
      'names',
      sql`lower(${f.name})`,
      filter.names.map((n) => n.toLowerCase()),
    );
  if (filter.revitVersions?.length && omit !== 'revitVersions')
    find.oneOf('revitVersions', f.revitVersion, filter.revitVersions);
  if (filter.minRating !== undefined && omit !== 'ratings')
    find.add('minRating', (p) => sql`${f.rating} >= ${p('minRating', filter.minRating)}`);
  if (filter.tags?.length && omit !== 'tags')
    find.add('tags', (p) => sql`${f.tags} @> ${p('tags', JSON.stringify(filter.tags))}::jsonb`);
  for (const [index, word] of searchWords(filter.search).entries()) {
    // search_text is what the trigram index holds, so each LIKE is served by it.
    find.add(`word${index}`, (p) => sql`${f.searchText} like ${p(`word${index}`, likePattern(word))}`);
  }
  return find;
}

/** The conditions of a find that family_counts also keeps, on `columns` (the families' or the counts'). */
function countedConditionsOf(
  filter: TFamilyFindRequest,
  visibility: TFamilyVisibility,
  columns: Pick<typeof f | typeof familyCounts, 'categoryId' | 'companyId' | 'tifStatus'>,
  omit?: TFacet,
): FindConditions {
  const find = visibilityConditions(visibility, columns);
  if (filter.categoryIds?.length && omit !== 'categories')
    find.oneOf('categoryIds', columns.categoryId, filter.categoryIds);
  if (filter.companyIds?.length && omit !== 'companies')
    find.oneOf('companyIds', columns.companyId, filter.companyIds);
  return find;
}
