import type { TFamilyFindRequest, TTifStatus } from '@portal/contract';
import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import {
  categories,
  companies,
  downloadEvents,
  familyUploads,
  familyVersions,
  revitFamilies,
  users,
} from '../../db/schema/index.ts';
import { likePattern, orderOf, pageOf } from '../../lib/paging.ts';

export type TFamilyRow = typeof revitFamilies.$inferSelect;
export type TFamilyWrite = Omit<typeof revitFamilies.$inferInsert, 'id'>;
export type TFamilyListRow = Omit<TFamilyRow, 'types' | 'searchText'> & {
  categoryName: string | null;
  companyName: string | null;
  typeCount: number;
};
export type TVersionRow = typeof familyVersions.$inferSelect;
export type TVersionWithUploader = TVersionRow & { uploaderLogin: string | null };
export type TUploadRow = typeof familyUploads.$inferSelect;

/** Which families a caller may see: its company scope (null: every company) and the statuses. */
export type TFamilyVisibility = { scope: number[] | null; statuses: readonly TTifStatus[] };

/** The filters a facet leaves out when it counts (its own), so it shows what choosing another value gives. */
type TFacet = 'categories' | 'revitVersions' | 'ratings' | 'tags' | 'companies';

const f = revitFamilies;
const listColumns = {
  id: f.id,
  name: f.name,
  revitVersion: f.revitVersion,
  familyVersion: f.familyVersion,
  internalVersion: f.internalVersion,
  categoryId: f.categoryId,
  rating: f.rating,
  description: f.description,
  tags: f.tags,
  fileName: f.fileName,
  fileHash: f.fileHash,
  fileSize: f.fileSize,
  currentVersionId: f.currentVersionId,
  pictureFileName: f.pictureFileName,
  pictureHash: f.pictureHash,
  pictureFromFile: f.pictureFromFile,
  omniClassCode: f.omniClassCode,
  revitCategory: f.revitCategory,
  typeCatalogFileName: f.typeCatalogFileName,
  typeSource: f.typeSource,
  parameterListId: f.parameterListId,
  parameterListCode: f.parameterListCode,
  cost: f.cost,
  companyId: f.companyId,
  downloads: f.downloads,
  createdByUserId: f.createdByUserId,
  tifStatus: f.tifStatus,
  tifAction: f.tifAction,
  tifOriginalId: f.tifOriginalId,
  tifTempId: f.tifTempId,
  createdOn: f.createdOn,
  lastUpdate: f.lastUpdate,
  categoryName: categories.name,
  companyName: companies.name,
  typeCount: sql<number>`jsonb_array_length(${f.types})`.mapWith(Number),
};

/** The list columns as `<column> as "<key>"`, for a page built as JSON. */
const LIST_SELECT = sql.join(
  Object.entries(listColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
  sql`, `,
);

/** A list row as JSON brings it: timestamps as text. */
type TJsonListRow = Omit<TFamilyListRow, 'createdOn' | 'lastUpdate'> & {
  createdOn: string;
  lastUpdate: string;
};

function fromJsonRow(row: TJsonListRow): TFamilyListRow {
  return { ...row, createdOn: new Date(row.createdOn), lastUpdate: new Date(row.lastUpdate) };
}

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

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.db;
  }

  /** A page of families and the total, each beside its category's and company's names. */
  async find(
    filter: TFamilyFindRequest,
    visibility: TFamilyVisibility,
  ): Promise<{ rows: TFamilyListRow[]; total: number }> {
    const where = conditionsOf(filter, visibility) ?? sql`true`;
    const page = pageOf(filter);
    const order = sql.join(orderOf(filter, SORT_COLUMNS, f.id), sql`, `);
    // One statement, one row: the total beside the page built as JSON by PostgreSQL, so neither
    // a second round trip nor a row-by-row decode of 50 x 36 columns is spent on it.
    const [row] = await queryRows<{ total: string | number; page: string | TJsonListRow[] }>(
      this.#db,
      sql`select
        (select count(*) from ${f} where ${where}) as total,
        coalesce((select json_agg(p) from (
          select ${LIST_SELECT} from ${f}
          left join ${categories} on ${categories.id} = ${f.categoryId}
          left join ${companies} on ${companies.id} = ${f.companyId}
          where ${where} order by ${order} limit ${page.limit} offset ${page.offset}
        ) p), '[]') as page`,
    );
    const rows = typeof row?.page === 'string' ? (JSON.parse(row.page) as TJsonListRow[]) : (row?.page ?? []);
    return { rows: rows.map(fromJsonRow), total: Number(row?.total ?? 0) };
  }

  /** Counts per facet value over the other filters. */
  async facets(filter: TFamilyFindRequest, visibility: TFamilyVisibility) {
    const whereWithout = (facet: TFacet) => conditionsOf(filter, visibility, facet);
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

  /** Rows for the answer, with names, in the order of `ids`. */
  async list(ids: number[]): Promise<TFamilyListRow[]> {
    if (!ids.length) return [];
    const rows = await this.#db
      .select(listColumns)
      .from(f)
      .leftJoin(categories, eq(categories.id, f.categoryId))
      .leftJoin(companies, eq(companies.id, f.companyId))
      .where(inArray(f.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
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

/** The WHERE of a find: visibility, then every filter except the one facet counting itself. */
function conditionsOf(
  filter: TFamilyFindRequest,
  visibility: TFamilyVisibility,
  omit?: TFacet,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    scopeCondition(visibility.scope),
    visibility.statuses.length === 1
      ? eq(f.tifStatus, visibility.statuses[0]!)
      : inArray(f.tifStatus, [...visibility.statuses]),
  ];
  if (filter.ids?.length) conditions.push(inArray(f.id, filter.ids));
  if (filter.names?.length)
    conditions.push(
      inArray(
        sql`lower(${f.name})`,
        filter.names.map((n) => n.toLowerCase()),
      ),
    );
  if (filter.categoryIds?.length && omit !== 'categories')
    conditions.push(inArray(f.categoryId, filter.categoryIds));
  if (filter.revitVersions?.length && omit !== 'revitVersions')
    conditions.push(inArray(f.revitVersion, filter.revitVersions));
  if (filter.minRating !== undefined && omit !== 'ratings')
    conditions.push(sql`${f.rating} >= ${filter.minRating}`);
  if (filter.companyIds?.length && omit !== 'companies')
    conditions.push(inArray(f.companyId, filter.companyIds));
  if (filter.tags?.length && omit !== 'tags')
    conditions.push(sql`${f.tags} @> ${JSON.stringify(filter.tags)}::jsonb`);
  for (const word of searchWords(filter.search)) {
    // search_text is what the trigram index holds, so each LIKE is served by it.
    conditions.push(sql`${f.searchText} like ${likePattern(word)}`);
  }
  return and(...conditions.filter((c) => c !== undefined));
}

/** The words of a search, at most eight. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
}
