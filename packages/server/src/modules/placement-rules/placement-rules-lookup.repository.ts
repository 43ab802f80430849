import type { TLookupQuery } from '@portal/contract';
import { and, asc, desc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbContext } from '../../db/context.ts';
import { placementRules, revitFamilies, scenarios } from '../../db/schema/index.ts';

const r = placementRules;
const s = scenarios;
const f = revitFamilies;

/** Which records a lookup may answer: the caller's company scope (null: every company). */
export type TLookupScope = { scope: number[] | null; companyId?: number };

/**
 * How the candidates are read: `match` applies every constraint SQL can decide (all but the fire
 * rating), `near` only the visibility, for the near misses of an empty answer.
 */
export type TLookupMode = 'match' | 'near';

const scenarioColumns = {
  scenarioId: s.id,
  scenarioName: s.name,
  scenarioCompanyId: s.companyId,
  documentType: s.documentType,
  pageNumber: s.pageNumber,
  detailReference: s.detailReference,
  fireRating: s.fireRating,
  acousticPerformance: s.acousticPerformance,
  apertureSizeMinWidth: s.apertureSizeMinWidth,
  apertureSizeMaxWidth: s.apertureSizeMaxWidth,
  apertureSizeMinHeight: s.apertureSizeMinHeight,
  apertureSizeMaxHeight: s.apertureSizeMaxHeight,
  constructionElement: s.constructionElement,
  constructionMaterialCode: s.constructionMaterialCode,
  constructionThickness: s.constructionThickness,
  serviceSupport: s.serviceSupport,
  scenarioLastUpdate: s.lastUpdate,
  revitFamilyId: s.revitFamilyId,
  revitFamilyName: f.name,
  revitVersion: f.revitVersion,
  revitFamilyFileHash: f.fileHash,
};

const ruleColumns = {
  placementRuleId: r.id,
  placementRuleName: r.name,
  companyId: r.companyId,
  typeCode: r.typeCode,
  materialCode: r.materialCode,
  serviceSizeRangeLow: r.serviceSizeRangeLow,
  serviceSizeRangeHigh: r.serviceSizeRangeHigh,
  closureDeviceSystemType: r.closureDeviceSystemType,
  closureDeviceSystemCount: r.closureDeviceSystemCount,
  closureDeviceSystemThickness: r.closureDeviceSystemThickness,
  additionalInsulationTypeCode: r.additionalInsulationTypeCode,
  additionalInsulationThickness: r.additionalInsulationThickness,
  lastUpdate: r.lastUpdate,
};

export type TScenarioCandidate = {
  [K in keyof typeof scenarioColumns]: (typeof scenarioColumns)[K]['_']['data'] | null;
} & { scenarioId: number; scenarioName: string; fireRating: string; scenarioLastUpdate: Date };
export type TRuleCandidate = TScenarioCandidate & {
  [K in keyof typeof ruleColumns]: (typeof ruleColumns)[K]['_']['data'] | null;
} & { placementRuleId: number; placementRuleName: string; lastUpdate: Date };

/** Published and in use: approved, not a request's copy, active. */
const published = (table: typeof r | typeof s) =>
  and(eq(table.tifStatus, 'A'), isNull(table.tifOriginalId), eq(table.active, true));

/** A code given: the record's equals it, or the record leaves it empty (matches anything). */
const codeMatches = (column: AnyPgColumn, value: string | undefined) =>
  value === undefined ? undefined : or(isNull(column), eq(column, value));

/** A size given: within the record's bounds, inclusive; an empty bound is open. */
const within = (low: AnyPgColumn | null, high: AnyPgColumn | null, value: number | undefined) =>
  value === undefined
    ? undefined
    : and(
        low ? or(isNull(low), lte(low, value)) : undefined,
        high ? or(isNull(high), gte(high, value)) : undefined,
      );

function visible(table: typeof r | typeof s, scope: TLookupScope): SQL | undefined {
  return and(
    scope.scope === null
      ? undefined
      : scope.scope.length
        ? sql`${table.companyId} in (${sql.join(
            scope.scope.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    scope.companyId === undefined ? undefined : eq(table.companyId, scope.companyId),
  );
}

function scenarioConditions(query: TLookupQuery): Array<SQL | undefined> {
  return [
    codeMatches(s.constructionElement, query.ConstructionElement),
    codeMatches(s.constructionMaterialCode, query.ConstructionMaterialCode),
    codeMatches(s.acousticPerformance, query.AcousticPerformance),
    within(s.constructionThickness, null, query.ConstructionThickness),
    within(s.apertureSizeMinWidth, s.apertureSizeMaxWidth, query.ApertureWidth),
    within(s.apertureSizeMinHeight, s.apertureSizeMaxHeight, query.ApertureHeight),
  ];
}

/** The lookup's reads: bounded candidates, never every record (the ranking runs over them). */
export class PlacementLookupRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  /**
   * Rules with their published scenario and its family. `match`: type, material and size are
   * decided by placement_rules_lookup_idx (type_code, material_code) and the range columns; the
   * pre-order (exact material first, narrowest range, fewest closures, newest) keeps the best ones
   * inside the cap.
   */
  async rules(
    query: TLookupQuery,
    scope: TLookupScope,
    mode: TLookupMode,
    cap: number,
  ): Promise<TRuleCandidate[]> {
    const where =
      mode === 'match'
        ? [
            codeMatches(r.typeCode, query.TypeCode),
            codeMatches(r.materialCode, query.MaterialCode),
            codeMatches(r.closureDeviceSystemType, query.ClosureDeviceSystemType),
            codeMatches(r.additionalInsulationTypeCode, query.AdditionalInsulationTypeCode),
            within(r.serviceSizeRangeLow, r.serviceSizeRangeHigh, query.ServiceSize),
            ...scenarioConditions(query),
          ]
        : [];
    const rows = await this.#ctx.db
      .select({ ...ruleColumns, ...scenarioColumns })
      .from(r)
      .innerJoin(s, eq(s.id, r.scenarioId))
      .leftJoin(f, eq(f.id, s.revitFamilyId))
      .where(and(published(r), published(s), visible(r, scope), ...where))
      .orderBy(
        ...(mode === 'near' && query.TypeCode !== undefined
          ? [sql`(${r.typeCode} is not distinct from ${query.TypeCode}) desc`]
          : []),
        sql`(${r.materialCode} is null)`,
        sql`coalesce(${r.serviceSizeRangeHigh} - ${r.serviceSizeRangeLow}, 'infinity'::float8)`,
        sql`coalesce(${r.closureDeviceSystemCount}, 0)`,
        desc(r.lastUpdate),
        asc(r.id),
      )
      .limit(cap);
    return rows;
  }

  /** Published scenarios with their family, as `rules` reads them. */
  async scenarios(
    query: TLookupQuery,
    scope: TLookupScope,
    mode: TLookupMode,
    cap: number,
  ): Promise<TScenarioCandidate[]> {
    const rows = await this.#ctx.db
      .select(scenarioColumns)
      .from(s)
      .leftJoin(f, eq(f.id, s.revitFamilyId))
      .where(and(published(s), visible(s, scope), ...(mode === 'match' ? scenarioConditions(query) : [])))
      .orderBy(
        ...(mode === 'near' && query.ConstructionElement !== undefined
          ? [sql`(${s.constructionElement} is not distinct from ${query.ConstructionElement}) desc`]
          : []),
        sql`(${s.constructionMaterialCode} is null)`,
        desc(s.lastUpdate),
        asc(s.id),
      )
      .limit(cap);
    return rows;
  }
}
