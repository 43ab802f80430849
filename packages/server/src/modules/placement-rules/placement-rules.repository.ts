import type {
  PLACEMENT_RULE_SORT_FIELDS,
  TPlacementRule,
  TPlacementRuleFindRequest,
  TTifStatus,
} from '@portal/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbContext } from '../../db/context.ts';
import { isoText } from '../../db/json-sql.ts';
import { FindConditions, PagedFind } from '../../db/paged-find.ts';
import { placementRules, scenarios } from '../../db/schema/index.ts';
import type { JsonPage } from '../../lib/json-page.ts';
import { likePattern } from '../../lib/paging.ts';

export type TPlacementRuleRow = typeof placementRules.$inferSelect;
export type TPlacementRuleWrite = Omit<typeof placementRules.$inferInsert, 'id'>;

/**
 * Which rules a caller sees: its company scope (null: every company) and the statuses; `reader`:
 * an end user's view, the active published ones without the workflow fields.
 */
export type TPlacementRuleVisibility = {
  scope: number[] | null;
  statuses: readonly TTifStatus[];
  reader?: boolean;
};

const r = placementRules;

/** A rule as the API answers it, each column under its API name, so PostgreSQL writes the JSON. */
const recordColumns = (workflow: boolean) =>
  sql.join(
    [
      sql`${r.id} as "placementRuleId"`,
      sql`${r.name} as "placementRuleName"`,
      sql`${r.scenarioId} as "scenarioId"`,
      sql`${scenarios.name} as "scenarioName"`,
      sql`${r.typeCode} as "typeCode"`,
      sql`${r.materialCode} as "materialCode"`,
      sql`${r.serviceSizeRangeLow} as "serviceSizeRangeLow"`,
      sql`${r.serviceSizeRangeHigh} as "serviceSizeRangeHigh"`,
      sql`${r.closureDeviceSystemType} as "closureDeviceSystemType"`,
      sql`${r.closureDeviceSystemCount} as "closureDeviceSystemCount"`,
      sql`${r.closureDeviceSystemThickness} as "closureDeviceSystemThickness"`,
      sql`${r.additionalInsulationTypeCode} as "additionalInsulationTypeCode"`,
      sql`${r.additionalInsulationThickness} as "additionalInsulationThickness"`,
      sql`${r.active} as "active"`,
      sql`${r.companyId} as "companyId"`,
      sql`${r.tifStatus} as "tifStatus"`,
      workflow ? sql`${r.tifAction} as "tifAction"` : sql`null::text as "tifAction"`,
      workflow ? sql`${r.tifOriginalId} as "tifOriginalId"` : sql`null::integer as "tifOriginalId"`,
      workflow ? sql`${r.tifTempId} as "tifTempId"` : sql`null::integer as "tifTempId"`,
      sql`${isoText(r.lastUpdate)} as "lastUpdate"`,
      sql`${isoText(r.createdOn)} as "createdOn"`,
    ],
    sql`, `,
  );

const SORT_COLUMNS: Record<(typeof PLACEMENT_RULE_SORT_FIELDS)[number], AnyPgColumn | SQL> = {
  placementRuleName: sql`lower(${r.name})`,
  scenarioName: sql`lower(${scenarios.name})`,
  typeCode: r.typeCode,
  materialCode: r.materialCode,
  serviceSizeRangeLow: r.serviceSizeRangeLow,
  serviceSizeRangeHigh: r.serviceSizeRangeHigh,
  createdOn: r.createdOn,
  lastUpdate: r.lastUpdate,
};

const findOf = (name: string, workflow: boolean) =>
  new PagedFind<TPlacementRule, (typeof PLACEMENT_RULE_SORT_FIELDS)[number]>({
    name,
    table: r,
    id: r.id,
    from: sql`${r} left join ${scenarios} on ${scenarios.id} = ${r.scenarioId}`,
    sort: SORT_COLUMNS,
    record: recordColumns(workflow),
  });
const FIND = findOf('placement_rules_find', true);
/** End users' finds: their own statements, whose records leave the workflow fields out. */
const READER_FIND = findOf('placement_rules_read', false);

/** The words of a search, at most eight. */
function searchWords(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
}

/** The conditions of a find: visibility first, then each filter of the request. */
function conditionsOf(
  filter: TPlacementRuleFindRequest,
  visibility: TPlacementRuleVisibility,
): FindConditions {
  const find = new FindConditions();
  if (visibility.scope !== null) find.oneOf('scope', r.companyId, visibility.scope);
  find.oneOf('statuses', r.tifStatus, visibility.statuses);
  const active = visibility.reader ? true : filter.active;
  if (active !== undefined) find.add('active', (p) => sql`${r.active} = ${p('active', active)}`);
  if (filter.ids?.length) find.oneOf('ids', r.id, filter.ids);
  if (filter.companyIds?.length) find.oneOf('companyIds', r.companyId, filter.companyIds);
  if (filter.scenarioIds?.length) find.oneOf('scenarioIds', r.scenarioId, filter.scenarioIds);
  if (filter.typeCodes?.length) find.oneOf('typeCodes', r.typeCode, filter.typeCodes);
  if (filter.materialCodes?.length) find.oneOf('materialCodes', r.materialCode, filter.materialCodes);
  if (filter.additionalInsulationTypeCodes?.length)
    find.oneOf(
      'additionalInsulationTypeCodes',
      r.additionalInsulationTypeCode,
      filter.additionalInsulationTypeCodes,
    );
  if (filter.closureDeviceSystemTypes?.length)
    find.oneOf('closureDeviceSystemTypes', r.closureDeviceSystemType, filter.closureDeviceSystemTypes);
  const { serviceSize } = filter;
  if (serviceSize !== undefined)
    // Both ends inclusive and an empty bound open, as the lookup reads a rule's range.
    find.add('serviceSize', (p) => {
      const size = sql`${p('serviceSize', serviceSize)}::double precision`;
      return sql`((${r.serviceSizeRangeLow} is null or ${r.serviceSizeRangeLow} <= ${size}) and (${r.serviceSizeRangeHigh} is null or ${r.serviceSizeRangeHigh} >= ${size}))`;
    });
  for (const [index, word] of searchWords(filter.search).entries())
    // lower(name) is what the trigram index holds, so each LIKE is served by it.
    find.add(`word${index}`, (p) => sql`lower(${r.name}) like ${p(`word${index}`, likePattern(word))}`);
  return find;
}

function findRequestOf(filter: TPlacementRuleFindRequest, visibility: TPlacementRuleVisibility) {
  return {
    query: filter,
    conditions: conditionsOf(filter, visibility),
    collect: searchWords(filter.search).length > 0,
  };
}

/** Placement rules: the only code querying them. */
export class PlacementRulesRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.db;
  }

  /** A page of rules as PostgreSQL wrote their records, and the total (db/paged-find.ts). */
  async find(
    filter: TPlacementRuleFindRequest,
    visibility: TPlacementRuleVisibility,
  ): Promise<JsonPage<TPlacementRule>> {
    const finder = visibility.reader ? READER_FIND : FIND;
    return (await finder.find(this.#ctx, findRequestOf(filter, visibility))).page;
  }

  /** The SQL of a find (the checked-in copies in db/sql/). */
  findSql(filter: TPlacementRuleFindRequest, visibility: TPlacementRuleVisibility) {
    return (visibility.reader ? READER_FIND : FIND).sqlOf(this.#ctx.db, findRequestOf(filter, visibility));
  }

  /** The records of the given rules, in the order of `ids`. */
  async records(ids: number[]): Promise<TPlacementRule[]> {
    return (await FIND.page(this.#ctx, ids)).page.records();
  }

  /** The row, locked until the transaction ends: two requests on one rule never both copy it. */
  async loadForUpdate(id: number): Promise<TPlacementRuleRow | undefined> {
    const [row] = await this.#db.select().from(r).where(eq(r.id, id)).for('update');
    return row;
  }

  async insert(values: TPlacementRuleWrite): Promise<number> {
    const [row] = await this.#db.insert(r).values(values).returning({ id: r.id });
    return row!.id;
  }

  /** Writes the values; `touch: false` leaves lastUpdate, which tells of content changes, as it is. */
  async update(id: number, values: Partial<TPlacementRuleWrite>, touch = true): Promise<void> {
    await this.#db
      .update(r)
      .set(touch ? { ...values, lastUpdate: new Date() } : values)
      .where(eq(r.id, id));
  }

  /** Deletes a rule and the copies standing for requests on it. */
  async delete(id: number): Promise<void> {
    await this.#db.delete(r).where(eq(r.tifOriginalId, id));
    await this.#db.delete(r).where(eq(r.id, id));
  }
}
