import type { TLookupQuery } from '@portal/contract';
import { and, asc, desc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import { inlineParam, type TParam } from '../../db/paged-find.ts';
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

/**
 * A code given: the record's equals it, or the record leaves it empty (matches anything). Each
 * value goes through `p` under its parameter's name, as a placeholder when the read is prepared.
 */
const codeMatches = (p: TParam, name: keyof TLookupQuery, column: AnyPgColumn, value: string | undefined) =>
  value === undefined ? undefined : or(isNull(column), eq(column, p(name, value)));

/** A size given: within the record's bounds, inclusive; an empty bound is open. */
const within = (
  p: TParam,
  name: keyof TLookupQuery,
  low: AnyPgColumn | null,
  high: AnyPgColumn | null,
  value: number | undefined,
) => {
  if (value === undefined) return undefined;
  const asked = p(name, value);
  return and(
    low ? or(isNull(low), lte(low, asked)) : undefined,
    high ? or(isNull(high), gte(high, asked)) : undefined,
  );
};

/**
 * Type, material and size as placement_rules_lookup_idx reads them. Written as `(type = t or type
 * is null) and (material = m or ...)`, PostgreSQL used only the index's first column and read
 * every rule of the type from the table (2,346 rows for 138 matches in bench/lookup.bench.ts).
 * Spelled out as one OR of equalities and IS NULLs (four arms with both codes, two with the type
 * alone), each arm with the size bounds beside it, every arm is one range of the index; an empty
 * bound is open, as the index's coalesce(…, ∓infinity) columns store it.
 */
function ruleKeyMatches(p: TParam, query: TLookupQuery): SQL | undefined {
  const asked = query.ServiceSize === undefined ? undefined : p('ServiceSize', query.ServiceSize);
  const size =
    asked === undefined
      ? []
      : [
          sql`coalesce(${r.serviceSizeRangeLow}, '-infinity'::float8) <= ${asked}::float8`,
          sql`coalesce(${r.serviceSizeRangeHigh}, 'infinity'::float8) >= ${asked}::float8`,
        ];
  if (query.TypeCode === undefined)
    return and(codeMatches(p, 'MaterialCode', r.materialCode, query.MaterialCode), ...size);
  const types = [eq(r.typeCode, p('TypeCode', query.TypeCode)), isNull(r.typeCode)];
  const materials =
    query.MaterialCode === undefined
      ? [undefined]
      : [eq(r.materialCode, p('MaterialCode', query.MaterialCode)), isNull(r.materialCode)];
  return or(...types.flatMap((type) => materials.map((material) => and(type, material, ...size))));
}

/** The caller's companies as one array parameter: one statement for any number (none matches nothing). */
function visible(p: TParam, table: typeof r | typeof s, scope: TLookupScope): SQL | undefined {
  return and(
    scope.scope === null ? undefined : sql`${table.companyId} = any(${p('scope', scope.scope)}::int[])`,
    scope.companyId === undefined ? undefined : eq(table.companyId, p('CompanyId', scope.companyId)),
  );
}

function scenarioConditions(p: TParam, query: TLookupQuery): Array<SQL | undefined> {
  return [
    codeMatches(p, 'ConstructionElement', s.constructionElement, query.ConstructionElement),
    codeMatches(p, 'ConstructionMaterialCode', s.constructionMaterialCode, query.ConstructionMaterialCode),
    codeMatches(p, 'AcousticPerformance', s.acousticPerformance, query.AcousticPerformance),
    within(p, 'ConstructionThickness', s.constructionThickness, null, query.ConstructionThickness),
    within(p, 'ApertureWidth', s.apertureSizeMinWidth, s.apertureSizeMaxWidth, query.ApertureWidth),
    within(p, 'ApertureHeight', s.apertureSizeMinHeight, s.apertureSizeMaxHeight, query.ApertureHeight),
  ];
}

/** A statement Drizzle built: run as it is, or prepared under a name and run with its placeholders' values. */
type TStatement<T> = {
  execute(): Promise<T>;
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<T> };
};

/**
 * Most prepared shapes per read (a shape: which parameters a lookup gives, whether it is scoped);
 * rarer ones are built for each request, so the server's statement cache stays bounded.
 */
const MAX_SHAPES = 32;

/** Gathers each value into `values` under its name and answers its placeholder. */
const placeholderParam =
  (values: Record<string, unknown>): TParam =>
  (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };

/**
 * A read in two ways: prepared once per connection and shape when the shape has a name (the
 * placeholders' names, gathered as the conditions are built, make the shape), else built with its
 * values written in. A match read is one short statement, as runPrepared asks; a near read (every
 * published record of the scope, ordered) is not, and never goes there.
 */
class PreparedShapes {
  readonly #prefix: string;
  readonly #names = new Map<string, string>();

  constructor(prefix: string) {
    this.#prefix = prefix;
  }

  /**
   * Runs the read `statement(p)(db)` builds, its values given through `p`. `shape`: what sets it
   * apart beside its parameters' names (undefined: never prepared).
   */
  run<T>(
    ctx: DbContext,
    shape: string | undefined,
    statement: (p: TParam) => (db: TDb) => TStatement<T>,
  ): Promise<T> {
    if (shape !== undefined) {
      const values: Record<string, unknown> = {};
      const build = statement(placeholderParam(values));
      const name = this.#nameOf([shape, ...Object.keys(values)].join('|'));
      if (name) return ctx.runPrepared(name, (db) => build(db).prepare(name), values);
    }
    return statement(inlineParam)(ctx.db).execute();
  }

  #nameOf(shape: string): string | undefined {
    let name = this.#names.get(shape);
    if (!name && this.#names.size < MAX_SHAPES)
      this.#names.set(shape, (name = `${this.#prefix}_${this.#names.size}`));
    return name;
  }
}

const ruleReads = new PreparedShapes('placement_lookup_rules');
const scenarioReads = new PreparedShapes('placement_lookup_scenarios');

/** The lookup's reads: bounded candidates, never every record (the ranking runs over them). */
export class PlacementLookupRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  /**
   * Rules with their published scenario and its family. `match`: type, material and size are
   * decided by placement_rules_lookup_idx (ruleKeyMatches); the pre-order (exact material first,
   * narrowest range, fewest closures, newest) keeps the best ones inside the cap. A match read is
   * prepared once per shape (which parameters are given, whether scoped): the lookup's hot statement.
   */
  rules(query: TLookupQuery, scope: TLookupScope, mode: TLookupMode, cap: number): Promise<TRuleCandidate[]> {
    return ruleReads.run(this.#ctx, mode === 'match' ? `match:${cap}` : undefined, (p) => {
      const where =
        mode === 'match'
          ? [
              ruleKeyMatches(p, query),
              codeMatches(
                p,
                'ClosureDeviceSystemType',
                r.closureDeviceSystemType,
                query.ClosureDeviceSystemType,
              ),
              codeMatches(
                p,
                'AdditionalInsulationTypeCode',
                r.additionalInsulationTypeCode,
                query.AdditionalInsulationTypeCode,
              ),
              ...scenarioConditions(p, query),
            ]
          : [];
      const conditions = and(published(r), published(s), visible(p, r, scope), ...where);
      const nearType =
        mode === 'near' && query.TypeCode !== undefined
          ? [sql`(${r.typeCode} is not distinct from ${p('TypeCode', query.TypeCode)}) desc`]
          : [];
      return (db) =>
        db
          .select({ ...ruleColumns, ...scenarioColumns })
          .from(r)
          .innerJoin(s, eq(s.id, r.scenarioId))
          .leftJoin(f, eq(f.id, s.revitFamilyId))
          .where(conditions)
          .orderBy(
            ...nearType,
            sql`(${r.materialCode} is null)`,
            sql`coalesce(${r.serviceSizeRangeHigh} - ${r.serviceSizeRangeLow}, 'infinity'::float8)`,
            sql`coalesce(${r.closureDeviceSystemCount}, 0)`,
            desc(r.lastUpdate),
            asc(r.id),
          )
          .limit(cap);
    });
  }

  /** Published scenarios with their family, as `rules` reads them. */
  scenarios(
    query: TLookupQuery,
    scope: TLookupScope,
    mode: TLookupMode,
    cap: number,
  ): Promise<TScenarioCandidate[]> {
    return scenarioReads.run(this.#ctx, mode === 'match' ? `match:${cap}` : undefined, (p) => {
      const conditions = and(
        published(s),
        visible(p, s, scope),
        ...(mode === 'match' ? scenarioConditions(p, query) : []),
      );
      const nearElement =
        mode === 'near' && query.ConstructionElement !== undefined
          ? [
              sql`(${s.constructionElement} is not distinct from ${p('ConstructionElement', query.ConstructionElement)}) desc`,
            ]
          : [];
      return (db) =>
        db
          .select(scenarioColumns)
          .from(s)
          .leftJoin(f, eq(f.id, s.revitFamilyId))
          .where(conditions)
          .orderBy(
            ...nearElement,
            sql`(${s.constructionMaterialCode} is null)`,
            desc(s.lastUpdate),
            asc(s.id),
          )
          .limit(cap);
    });
  }
}
