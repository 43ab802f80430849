import type { SCENARIO_SORT_FIELDS, TScenario, TScenarioFindRequest, TTifStatus } from '@portal/contract';
import { count, eq, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbContext } from '../../db/context.ts';
import { isoText } from '../../db/json-sql.ts';
import { FindConditions, PagedFind } from '../../db/paged-find.ts';
import {
  companies,
  parameterLists,
  placementRules,
  revitFamilies,
  scenarios,
} from '../../db/schema/index.ts';
import type { JsonPage } from '../../lib/json-page.ts';
import { likePattern } from '../../lib/paging.ts';

export type TScenarioRow = typeof scenarios.$inferSelect;
export type TScenarioWrite = Omit<typeof scenarios.$inferInsert, 'id'>;

/**
 * Which scenarios a caller sees: its company scope (null: every company) and the statuses;
 * `reader`: an end user's view, the active published ones without the workflow fields.
 */
export type TScenarioVisibility = {
  scope: number[] | null;
  statuses: readonly TTifStatus[];
  reader?: boolean;
};

const s = scenarios;

/** A scenario as the API answers it, each column under its API name, so PostgreSQL writes the JSON. */
const recordColumns = (workflow: boolean) =>
  sql.join(
    [
      sql`${s.id} as "scenarioId"`,
      sql`${s.name} as "scenarioName"`,
      sql`${s.revitFamilyId} as "revitFamilyId"`,
      sql`${revitFamilies.name} as "revitFamilyName"`,
      sql`${s.companyId} as "companyId"`,
      sql`${companies.name} as "companyName"`,
      sql`${s.documentType} as "documentType"`,
      sql`${s.pageNumber} as "pageNumber"`,
      sql`${s.detailReference} as "detailReference"`,
      sql`${s.parameterListId} as "parameterListId"`,
      sql`${parameterLists.code} as "parameterListCode"`,
      sql`${s.fireRating} as "fireRating"`,
      sql`${s.acousticPerformance} as "acousticPerformance"`,
      sql`${s.apertureSizeMinWidth} as "apertureSizeMinWidth"`,
      sql`${s.apertureSizeMinHeight} as "apertureSizeMinHeight"`,
      sql`${s.apertureSizeMaxWidth} as "apertureSizeMaxWidth"`,
      sql`${s.apertureSizeMaxHeight} as "apertureSizeMaxHeight"`,
      sql`${s.constructionElement} as "constructionElement"`,
      sql`${s.constructionMaterialCode} as "constructionMaterialCode"`,
      sql`${s.constructionThickness} as "constructionThickness"`,
      sql`${s.serviceSupport} as "serviceSupport"`,
      sql`${s.active} as "active"`,
      sql`${s.tifStatus} as "tifStatus"`,
      workflow ? sql`${s.tifAction} as "tifAction"` : sql`null::text as "tifAction"`,
      workflow ? sql`${s.tifOriginalId} as "tifOriginalId"` : sql`null::integer as "tifOriginalId"`,
      workflow ? sql`${s.tifTempId} as "tifTempId"` : sql`null::integer as "tifTempId"`,
      sql`${isoText(s.createdOn)} as "createdOn"`,
      sql`${isoText(s.lastUpdate)} as "lastUpdate"`,
    ],
    sql`, `,
  );

const SORT_COLUMNS: Record<(typeof SCENARIO_SORT_FIELDS)[number], AnyPgColumn | SQL> = {
  scenarioName: sql`lower(${s.name})`,
  revitFamilyName: sql`lower(${revitFamilies.name})`,
  companyName: companies.name,
  fireRating: s.fireRating,
  constructionElement: s.constructionElement,
  constructionMaterialCode: s.constructionMaterialCode,
  createdOn: s.createdOn,
  lastUpdate: s.lastUpdate,
};

const findOf = (name: string, workflow: boolean) =>
  new PagedFind<TScenario, (typeof SCENARIO_SORT_FIELDS)[number]>({
    name,
    table: s,
    id: s.id,
    from: sql`${s}
    left join ${revitFamilies} on ${revitFamilies.id} = ${s.revitFamilyId}
    left join ${companies} on ${companies.id} = ${s.companyId}
    left join ${parameterLists} on ${parameterLists.id} = ${s.parameterListId}`,
    sort: SORT_COLUMNS,
    record: recordColumns(workflow),
  });
const FIND = findOf('scenarios_find', true);
/** End users' finds: their own statements, whose records leave the workflow fields out. */
const READER_FIND = findOf('scenarios_read', false);

/** The words of a search, at most eight. */
function searchWords(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
}

/** `size` within low and high, both inclusive; an empty bound (or none) holds any size. */
function heldBy(low: AnyPgColumn, high: AnyPgColumn | null, size: SQL | Placeholder): SQL {
  // The cast types the parameter once for both comparisons of a prepared statement.
  const value = sql`${size}::double precision`;
  const above = sql`(${low} is null or ${low} <= ${value})`;
  return high ? sql`(${above} and (${high} is null or ${high} >= ${value}))` : above;
}

/** The conditions of a find: visibility first, then each filter of the request. */
function conditionsOf(filter: TScenarioFindRequest, visibility: TScenarioVisibility): FindConditions {
  const find = new FindConditions();
  if (visibility.scope !== null) find.oneOf('scope', s.companyId, visibility.scope);
  find.oneOf('statuses', s.tifStatus, visibility.statuses);
  const active = visibility.reader ? true : filter.active;
  if (active !== undefined) find.add('active', (p) => sql`${s.active} = ${p('active', active)}`);
  if (filter.ids?.length) find.oneOf('ids', s.id, filter.ids);
  if (filter.companyIds?.length) find.oneOf('companyIds', s.companyId, filter.companyIds);
  if (filter.revitFamilyIds?.length) find.oneOf('revitFamilyIds', s.revitFamilyId, filter.revitFamilyIds);
  if (filter.constructionMaterialCodes?.length)
    find.oneOf('constructionMaterialCodes', s.constructionMaterialCode, filter.constructionMaterialCodes);
  if (filter.constructionElements?.length)
    find.oneOf('constructionElements', s.constructionElement, filter.constructionElements);
  if (filter.fireRatings?.length) find.oneOf('fireRatings', s.fireRating, filter.fireRatings);
  // Sizes as the lookup reads them: an empty bound holds any size.
  const { apertureWidth, apertureHeight, constructionThickness } = filter;
  if (apertureWidth !== undefined)
    find.add('apertureWidth', (p) =>
      heldBy(s.apertureSizeMinWidth, s.apertureSizeMaxWidth, p('apertureWidth', apertureWidth)),
    );
  if (apertureHeight !== undefined)
    find.add('apertureHeight', (p) =>
      heldBy(s.apertureSizeMinHeight, s.apertureSizeMaxHeight, p('apertureHeight', apertureHeight)),
    );
  if (constructionThickness !== undefined)
    find.add('constructionThickness', (p) =>
      heldBy(s.constructionThickness, null, p('constructionThickness', constructionThickness)),
    );
  for (const [index, word] of searchWords(filter.search).entries())
    // lower(name) is what the trigram index holds, so each LIKE is served by it.
    find.add(`word${index}`, (p) => sql`lower(${s.name}) like ${p(`word${index}`, likePattern(word))}`);
  return find;
}

function findRequestOf(filter: TScenarioFindRequest, visibility: TScenarioVisibility) {
  return {
    query: filter,
    conditions: conditionsOf(filter, visibility),
    collect: searchWords(filter.search).length > 0,
  };
}

/** Scenarios: the only code querying them. */
export class ScenariosRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.db;
  }

  /** A page of scenarios as PostgreSQL wrote their records, and the total (db/paged-find.ts). */
  async find(filter: TScenarioFindRequest, visibility: TScenarioVisibility): Promise<JsonPage<TScenario>> {
    const finder = visibility.reader ? READER_FIND : FIND;
    return (await finder.find(this.#ctx, findRequestOf(filter, visibility))).page;
  }

  /** The SQL of a find (the checked-in copies in db/sql/). */
  findSql(filter: TScenarioFindRequest, visibility: TScenarioVisibility) {
    return (visibility.reader ? READER_FIND : FIND).sqlOf(this.#ctx.db, findRequestOf(filter, visibility));
  }

  /** The records of the given scenarios, in the order of `ids`. */
  async records(ids: number[]): Promise<TScenario[]> {
    return (await FIND.page(this.#ctx, ids)).page.records();
  }

  async load(id: number): Promise<TScenarioRow | undefined> {
    const [row] = await this.#db.select().from(s).where(eq(s.id, id));
    return row;
  }

  /** The row, locked until the transaction ends: two requests on one scenario never both copy it. */
  async loadForUpdate(id: number): Promise<TScenarioRow | undefined> {
    const [row] = await this.#db.select().from(s).where(eq(s.id, id)).for('update');
    return row;
  }

  async insert(values: TScenarioWrite): Promise<number> {
    const [row] = await this.#db.insert(s).values(values).returning({ id: s.id });
    return row!.id;
  }

  /** Writes the values; `touch: false` leaves lastUpdate, which tells of content changes, as it is. */
  async update(id: number, values: Partial<TScenarioWrite>, touch = true): Promise<void> {
    await this.#db
      .update(s)
      .set(touch ? { ...values, lastUpdate: new Date() } : values)
      .where(eq(s.id, id));
  }

  /** Deletes a scenario and the copies standing for requests on it. */
  async delete(id: number): Promise<void> {
    await this.#db.delete(s).where(eq(s.tifOriginalId, id));
    await this.#db.delete(s).where(eq(s.id, id));
  }

  /** How many placement rules (any status) point at the scenario. */
  async ruleCount(id: number): Promise<number> {
    const [row] = await this.#db
      .select({ n: count() })
      .from(placementRules)
      .where(eq(placementRules.scenarioId, id));
    return row?.n ?? 0;
  }

  /** How many scenarios (any status) point at the family. */
  async familyUses(familyId: number): Promise<number> {
    const [row] = await this.#db.select({ n: count() }).from(s).where(eq(s.revitFamilyId, familyId));
    return row?.n ?? 0;
  }
}
