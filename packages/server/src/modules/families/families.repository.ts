import type { TFamilyFindRequest, TRevitFamily, TTifStatus } from '@portal/contract';
import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import {
  FindConditions,
  FindShapes,
  inlineParam,
  pageIdsOf,
  totalOf,
  type TParam,
} from '../../db/find-shapes.ts';
import { isoText, jsonArrayText } from '../../db/json-sql.ts';
import {
  categories,
  companies,
  downloadEvents,
  familyCounts,
  familyUploads,
  familyVersions,
  revitFamilies,
  users,
} from '../../db/schema/index.ts';
import { likePattern, orderOf, pageOf, sliceOf } from '../../lib/paging.ts';

export type TFamilyRow = typeof revitFamilies.$inferSelect;
export type TFamilyWrite = Omit<typeof revitFamilies.$inferInsert, 'id'>;
export type TVersionRow = typeof familyVersions.$inferSelect;
export type TVersionWithUploader = TVersionRow & { uploaderLogin: string | null };
export type TUploadRow = typeof familyUploads.$inferSelect;

/** Which families a caller may see: its company scope (null: every company) and the statuses. */
export type TFamilyVisibility = { scope: number[] | null; statuses: readonly TTifStatus[] };

/** The filters a facet leaves out when it counts (its own), so it shows what choosing another value gives. */
type TFacet = 'categories' | 'revitVersions' | 'ratings' | 'tags' | 'companies';

const f = revitFamilies;

/**
 * A family as lists answer it (TRevitFamily without its picture, types and versions), each column
 * under the record's own name, so PostgreSQL writes the API's JSON: one path from the table to
 * the answer, whether the portal passes the text on (finds) or parses it (every other answer).
 */
const RECORD_COLUMNS = sql.join(
  [
    sql`${f.id} as "revitFamilyId"`,
    sql`${f.name} as "revitFamilyName"`,
    sql`${f.revitVersion} as "revitVersion"`,
    sql`${f.familyVersion} as "revitFamilyVersion"`,
    sql`${f.internalVersion} as "revitFamilyInternalVersion"`,
    sql`${f.categoryId} as "revitFamilyCategoryId"`,
    sql`${categories.name} as "categoryName"`,
    sql`${f.rating} as "revitFamilyRating"`,
    sql`${f.description} as "revitFamilyDescription"`,
    sql`${f.tags} as "revitFamilyTags"`,
    sql`${f.fileName} as "revitFamilyFileName"`,
    sql`${f.fileHash} as "revitFamilyFileHash"`,
    sql`${f.fileSize} as "revitFamilyFileSize"`,
    sql`${f.pictureFileName} as "revitFamilyPictureFileName"`,
    sql`${f.pictureHash} as "revitFamilyPictureHash"`,
    sql`${f.pictureFromFile} as "pictureFromFile"`,
    sql`${f.omniClassCode} as "omniClassCode"`,
    sql`${f.revitCategory} as "revitCategory"`,
    sql`${f.typeCatalogFileName} as "typeCatalogFileName"`,
    sql`case when ${f.typeSource} in ('catalog', 'partAtom') then ${f.typeSource} end as "typeSource"`,
    sql`jsonb_array_length(${f.types}) as "typeCount"`,
    sql`${f.parameterListId} as "parameterListId"`,
    sql`${f.parameterListCode} as "parameterListCode"`,
    sql`${f.cost}::float8 as "cost"`,
    sql`${f.companyId} as "companyId"`,
    sql`${companies.name} as "companyName"`,
    sql`${f.downloads} as "downloads"`,
    sql`${f.tifStatus} as "tifStatus"`,
    sql`${f.tifAction} as "tifAction"`,
    sql`${f.tifOriginalId} as "tifOriginalId"`,
    sql`${f.tifTempId} as "tifTempId"`,
    sql`${isoText(f.createdOn)} as "createdOn"`,
    sql`${isoText(f.lastUpdate)} as "lastUpdate"`,
  ],
  sql`, `,
);

/** The records of the families `where` selects, in `order` (a list as the JSON text of an array). */
const recordsQuery = (where: SQL, order?: SQL) => sql`
  select ${RECORD_COLUMNS} from ${f}
  left join ${categories} on ${categories.id} = ${f.categoryId}
  left join ${companies} on ${companies.id} = ${f.companyId}
  where ${where}${order ? sql` order by ${order}` : sql``}`;

const SORT_COLUMNS = {
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

/** Families, their file versions, pending uploads and downloads: the only code querying them. */
export class FamiliesRepository {
  readonly #ctx: DbContext;
  readonly #findShapes = new FindShapes('families_find');

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.db;
  }

  /**
   * A page of families as the JSON text of their records, and the total. One statement, prepared
   * once per shape of find. A search collects the matching ids once (the category and trigram
   * index answers both conditions in one scan), counts them and pages through them; otherwise the
   * total is an index-only count and the page's ids are read from the sort's index (pageIdsOf).
   */
  async find(
    filter: TFamilyFindRequest,
    visibility: TFamilyVisibility,
  ): Promise<{ recordsJson: string; total: number }> {
    const page = pageOf(filter);
    const words = searchWords(filter.search);
    const order = sql.join(orderOf(filter, SORT_COLUMNS, f.id), sql`, `);
    const { name, values, param, where, shape } = this.#findShapes.statementOf(filter.sort, (p) =>
      conditionsOf(filter, visibility, p),
    );
    // Every value is given (and gathered for the prepared statement) before the query is built,
    // which happens once per connection.
    const slice = sliceOf(page);
    const joined = sql`${f}
      left join ${categories} on ${categories.id} = ${f.categoryId}
      left join ${companies} on ${companies.id} = ${f.companyId}`;
    // A search lists its matches' ids in the page's order as it counts them, and the page is
    // those ids' slice; otherwise the total is an index-only count and the page's ids are read
    // from the sort's index. Either way only the page's own rows are read again.
    const found = words.length
      ? {
          from: sql`(select array_agg(${f.id} order by ${order}) as ids from ${joined} where ${where}) as m`,
          total: sql<number>`coalesce(cardinality(m.ids), 0)`,
          pageIds: sql`m.ids[${param('from', slice.from)}::int : ${param('to', slice.to)}::int]`,
          order: sql`array_position(m.ids, ${f.id})`,
        }
      : {
          from: sql`${totalOf({
            table: f,
            where,
            shape,
            counts: {
              table: familyCounts,
              sum: familyCounts.families,
              keeps: COUNTED,
              conditions: () => countedConditionsOf(filter, visibility, param, familyCounts),
            },
          })} as m cross join ${pageIdsOf({
            id: f.id,
            from: joined,
            where,
            order,
            limit: param('limit', page.limit),
            offset: param('offset', page.offset),
          })} as p`,
          total: sql<number>`m.total`,
          pageIds: sql`p.ids`,
          order: sql`array_position(p.ids, ${f.id})`,
        };
    const query = (db: TDb) =>
      db
        .select({
          total: found.total.mapWith(Number),
          recordsJson: jsonArrayText(recordsQuery(sql`${f.id} = any(${found.pageIds})`, found.order)),
        })
        .from(found.from);
    const [row] = name
      ? await this.#ctx.runPrepared(name, (db) => query(db).prepare(name), values)
      : await query(this.#db);
    return { recordsJson: row?.recordsJson ?? '[]', total: row?.total ?? 0 };
  }

  /** Counts per facet value over the other filters. */
  async facets(filter: TFamilyFindRequest, visibility: TFamilyVisibility) {
    const whereWithout = (facet: TFacet) =>
      and(...conditionsOf(filter, visibility, inlineParam, facet).conditions);
    const [byCategory, byVersion, byRating, byTag, byCompany] = await Promise.all([
      this.#db
        .select({ id: f.categoryId, label: categories.name, count: count() })
        .from(f)
        .innerJoin(categories, eq(categories.id, f.categoryId))
        .where(whereWithout('categories'))
        .groupBy(f.categoryId, categories.name)
        .orderBy(asc(categories.name)),
      this.#db
        .select({ value: f.revitVersion, count: count() })
        .from(f)
        .where(and(whereWithout('revitVersions'), sql`${f.revitVersion} is not null`))
        .groupBy(f.revitVersion)
        .orderBy(desc(f.revitVersion)),
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
      this.#db
        .select({ id: f.companyId, label: companies.name, count: count() })
        .from(f)
        .innerJoin(companies, eq(companies.id, f.companyId))
        .where(whereWithout('companies'))
        .groupBy(f.companyId, companies.name)
        .orderBy(asc(companies.name)),
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

  /** The records of the given families, in the order of `ids`. */
  async records(ids: number[]): Promise<TRevitFamily[]> {
    if (!ids.length) return [];
    const [row] = await queryRows<{ records: string }>(
      this.#db,
      sql`select ${jsonArrayText(recordsQuery(sql`${f.id} = any(${sql.param(ids)})`))} as records`,
    );
    const byId = new Map(
      (JSON.parse(row?.records ?? '[]') as TRevitFamily[]).map((record) => [record.revitFamilyId, record]),
    );
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async insert(values: TFamilyWrite): Promise<number> {
    const [row] = await this.#db.insert(f).values(values).returning({ id: f.id });
    return row!.id;
  }

  async update(id: number, values: Partial<TFamilyWrite>): Promise<void> {
    await this.#db
      .update(f)
      .set({ ...values, lastUpdate: new Date() })
      .where(eq(f.id, id));
  }

  /** Deletes a family and the copies standing for requests on it. */
  async delete(id: number): Promise<void> {
    await this.#db.delete(f).where(eq(f.tifOriginalId, id));
    await this.#db.delete(f).where(eq(f.id, id));
  }

  /** Requests waiting for an admin within a scope (null: every company). */
  async pendingCount(scope: number[] | null, statuses: readonly TTifStatus[]): Promise<number> {
    const [row] = await this.#db
      .select({ total: count() })
      .from(f)
      .where(and(inArray(f.tifStatus, [...statuses]), scopeCondition(scope)));
    return row?.total ?? 0;
  }

  async versions(familyId: number): Promise<TVersionWithUploader[]> {
    return this.#db
      .select({ ...getColumns(familyVersions), uploaderLogin: users.login })
      .from(familyVersions)
      .leftJoin(users, eq(users.id, familyVersions.uploadedBy))
      .where(eq(familyVersions.familyId, familyId))
      .orderBy(desc(familyVersions.id));
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

  async deleteUpload(id: string): Promise<void> {
    await this.#db.delete(familyUploads).where(eq(familyUploads.id, id));
  }

  async deleteUploadsBefore(before: Date): Promise<void> {
    await this.#db.delete(familyUploads).where(lt(familyUploads.createdAt, before));
  }

  /** One download: an event for statistics and the family's counter, in one statement each. */
  async recordDownload(familyId: number, userId: number, companyId: number | null): Promise<void> {
    await this.#db.insert(downloadEvents).values({ revitFamilyId: familyId, userId, companyId });
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
  param: TParam,
  omit?: TFacet,
): FindConditions {
  const find = countedConditionsOf(filter, visibility, param, f, omit);
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

/** The conditions family_counts also keeps: visibility, category and company. */
const COUNTED = new Set(['scope', 'statuses', 'categoryIds', 'companyIds']);

/** The conditions of a find that family_counts also keeps, on `columns` (the families' or the counts'). */
function countedConditionsOf(
  filter: TFamilyFindRequest,
  visibility: TFamilyVisibility,
  param: TParam,
  columns: Pick<typeof f | typeof familyCounts, 'categoryId' | 'companyId' | 'tifStatus'>,
  omit?: TFacet,
): FindConditions {
  const find = new FindConditions(param);
  if (visibility.scope !== null) find.oneOf('scope', columns.companyId, visibility.scope);
  find.oneOf('statuses', columns.tifStatus, visibility.statuses);
  if (filter.categoryIds?.length && omit !== 'categories')
    find.oneOf('categoryIds', columns.categoryId, filter.categoryIds);
  if (filter.companyIds?.length && omit !== 'companies')
    find.oneOf('companyIds', columns.companyId, filter.companyIds);
  return find;
}

/** The words of a search, at most eight. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
}
