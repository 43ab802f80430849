import {
  LOOKUP_DEFAULT_LIMIT,
  LOOKUP_NEAR_MISSES,
  type TLookupFailure,
  type TLookupQuery,
  type TPlacementRuleLookupInfo,
  type TScenarioLookupInfo,
} from '@portal/contract';
import { badRequest } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import { Json } from '../../lib/json-page.ts';
import { FreshAnswers, type WriteClock } from '../../lib/write-clock.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { TCodeLists } from '../scenarios/scenarios.service.ts';
import type {
  PlacementLookupRepository,
  TLookupMode,
  TRuleCandidate,
  TScenarioCandidate,
} from './placement-rules-lookup.repository.ts';
import { isContentReader } from '../approvals/approvable-records.service.ts';

export type TPlacementLookupDeps = {
  repo: PlacementLookupRepository;
  companies: CompaniesService;
  /** The generic lists of the codes (PLACEMENT_RULE_CODE_LISTS, SCENARIO_CODE_LISTS). */
  codeLists: TCodeLists;
  /**
   * Whole answers are remembered for `ttlMs` per caller scope and query, and forgotten on any
   * write this process answers (docs/performance.md "What the portal remembers"); 0: never.
   */
  answers: { clock: WriteClock; ttlMs: number };
};

/** The most whole answers remembered (each at most LOOKUP_MAX_LIMIT records). */
const REMEMBERED_ANSWERS = 2000;

/** The parameters that are codes of a generic list, with the record field the list is named for. */
const LISTED_CODES = {
  TypeCode: 'typeCode',
  MaterialCode: 'materialCode',
  AdditionalInsulationTypeCode: 'additionalInsulationTypeCode',
  ConstructionMaterialCode: 'constructionMaterialCode',
} as const satisfies Partial<Record<keyof TLookupQuery, string>>;

/** The most candidates one lookup reads: matches, or the pool near misses are chosen from. */
const MATCH_CAP = 1000;
const NEAR_CAP = 500;

/**
 * The minutes of a fire rating: "EI 60", "EI60", "60", "F90", "REI 120-U/U" (the first number),
 * "2h" or "1.5 h" (hours); "0" is none. Null when the text holds no number.
 */
export function fireMinutes(rating: string | null | undefined): number | null {
  const found = /(\d+(?:[.,]\d+)?)\s*(h(?:ours?|rs?)?\b)?/i.exec(rating ?? '');
  if (!found) return null;
  const value = Number(found[1]!.replace(',', '.'));
  return found[2] ? Math.round(value * 60) : value;
}

type TCode = { parameter: keyof TLookupQuery; value: string | null };
type TRange = { parameter: keyof TLookupQuery; low: number | null; high: number | null };
/** A record as the matcher sees it: its codes and the bounds of each limit. */
type TView = { codes: TCode[]; ranges: TRange[]; closures: number; lastUpdate: Date; id: number };

type TEvaluated = { failures: TLookupFailure[]; distance: number };

function evaluate(view: TView, query: TLookupQuery, asked: number | null): TEvaluated {
  const failures: TLookupFailure[] = [];
  let distance = 0;
  for (const { parameter, value } of view.codes) {
    const want = query[parameter];
    if (typeof want !== 'string' || value === null || value === want) continue;
    failures.push({
      parameter,
      asked: want,
      low: value,
      high: value,
      by: null,
      message: `${parameter} ${want} is not the record's ${value}`,
    });
    distance += 1;
  }
  for (const { parameter, low, high } of view.ranges) {
    const want = parameter === 'FireRating' ? asked : (query[parameter] as number | undefined);
    if (want === undefined || want === null) continue;
    if (low !== null && want < low) {
      failures.push({
        parameter,
        asked: want,
        low,
        high,
        by: low - want,
        message: `${parameter} ${want} below the low bound ${low}`,
      });
      distance += (low - want) / Math.max(Math.abs(want), 1);
    } else if (high !== null && want > high) {
      failures.push({
        parameter,
        asked: want,
        low,
        high,
        by: want - high,
        message:
          parameter === 'FireRating'
            ? `FireRating ${want} min above the record's rating ${high} min`
            : `${parameter} ${want} above the high bound ${high}`,
      });
      distance += (want - high) / Math.max(Math.abs(want), 1);
    }
  }
  return { failures, distance };
}

/** The limits of a match: every size asked with the record's bounds (fire ratings in minutes). */
function limitsOf(view: TView, query: TLookupQuery, asked: number | null) {
  const limits: Record<string, { asked: number; low: number | null; high: number | null }> = {};
  for (const { parameter, low, high } of view.ranges) {
    const want = parameter === 'FireRating' ? asked : (query[parameter] as number | undefined);
    if (want !== undefined && want !== null) limits[parameter] = { asked: want, low, high };
  }
  return limits;
}

/** Best first: exact codes, narrowest ranges, smallest rating margin, fewest closures, newest, id. */
function compareMatches(query: TLookupQuery, asked: number | null) {
  const exact = (view: TView) =>
    view.codes.filter((code) => query[code.parameter] !== undefined && code.value !== null).length;
  const widths = (view: TView) =>
    view.ranges
      .filter((range) => range.parameter !== 'FireRating' && query[range.parameter] !== undefined)
      .map((range) => (range.low === null || range.high === null ? Infinity : range.high - range.low));
  const margin = (view: TView) => {
    const rating = view.ranges.find((range) => range.parameter === 'FireRating')?.high;
    return asked === null || rating === undefined || rating === null ? 0 : rating - asked;
  };
  return (a: TView, b: TView): number => {
    const byExact = exact(b) - exact(a);
    if (byExact) return byExact;
    const [wa, wb] = [widths(a), widths(b)];
    for (let i = 0; i < wa.length; i++) if (wa[i] !== wb[i]) return wa[i]! < wb[i]! ? -1 : 1;
    return (
      margin(a) - margin(b) ||
      a.closures - b.closures ||
      b.lastUpdate.getTime() - a.lastUpdate.getTime() ||
      a.id - b.id
    );
  };
}

function scenarioView(row: TScenarioCandidate): Omit<TView, 'closures' | 'lastUpdate' | 'id'> {
  return {
    codes: [
      { parameter: 'ConstructionElement', value: row.constructionElement },
      { parameter: 'ConstructionMaterialCode', value: row.constructionMaterialCode },
      { parameter: 'AcousticPerformance', value: row.acousticPerformance },
    ],
    ranges: [
      { parameter: 'ConstructionThickness', low: row.constructionThickness, high: null },
      { parameter: 'ApertureWidth', low: row.apertureSizeMinWidth, high: row.apertureSizeMaxWidth },
      { parameter: 'ApertureHeight', low: row.apertureSizeMinHeight, high: row.apertureSizeMaxHeight },
      // A rating meets any asked at or below it: the record's minutes are the high bound.
      { parameter: 'FireRating', low: null, high: fireMinutes(row.fireRating) ?? 0 },
    ],
  };
}

function ruleView(row: TRuleCandidate): TView {
  const scenario = scenarioView(row);
  return {
    codes: [
      { parameter: 'TypeCode', value: row.typeCode },
      { parameter: 'MaterialCode', value: row.materialCode },
      { parameter: 'ClosureDeviceSystemType', value: row.closureDeviceSystemType },
      { parameter: 'AdditionalInsulationTypeCode', value: row.additionalInsulationTypeCode },
      ...scenario.codes,
    ],
    ranges: [
      { parameter: 'ServiceSize', low: row.serviceSizeRangeLow, high: row.serviceSizeRangeHigh },
      ...scenario.ranges,
    ],
    closures: row.closureDeviceSystemCount ?? 0,
    lastUpdate: row.lastUpdate,
    id: row.placementRuleId,
  };
}

function scenarioRecord(row: TScenarioCandidate): Omit<TScenarioLookupInfo, 'limits'> {
  return {
    scenarioId: row.scenarioId,
    scenarioName: row.scenarioName,
    companyId: row.scenarioCompanyId,
    documentType: row.documentType,
    pageNumber: row.pageNumber,
    detailReference: row.detailReference,
    fireRating: row.fireRating,
    acousticPerformance: row.acousticPerformance,
    apertureSizeMinWidth: row.apertureSizeMinWidth,
    apertureSizeMaxWidth: row.apertureSizeMaxWidth,
    apertureSizeMinHeight: row.apertureSizeMinHeight,
    apertureSizeMaxHeight: row.apertureSizeMaxHeight,
    constructionElement: row.constructionElement,
    constructionMaterialCode: row.constructionMaterialCode,
    constructionThickness: row.constructionThickness,
    serviceSupport: row.serviceSupport,
    lastUpdate: row.scenarioLastUpdate.toISOString(),
    ...familyOf(row),
  };
}

function familyOf(row: TScenarioCandidate) {
  return {
    revitFamilyId: row.revitFamilyId,
    revitFamilyName: row.revitFamilyName,
    revitVersion: row.revitVersion,
    revitFamilyFileHash: row.revitFamilyFileHash,
    downloadPath: row.revitFamilyId === null ? null : `/api/family/download/content/${row.revitFamilyId}`,
  };
}

function ruleRecord(row: TRuleCandidate): Omit<TPlacementRuleLookupInfo, 'limits'> {
  return {
    placementRuleId: row.placementRuleId,
    placementRuleName: row.placementRuleName,
    companyId: row.companyId,
    typeCode: row.typeCode,
    materialCode: row.materialCode,
    serviceSizeRangeLow: row.serviceSizeRangeLow,
    serviceSizeRangeHigh: row.serviceSizeRangeHigh,
    closureDeviceSystemType: row.closureDeviceSystemType,
    closureDeviceSystemCount: row.closureDeviceSystemCount,
    closureDeviceSystemThickness: row.closureDeviceSystemThickness,
    additionalInsulationTypeCode: row.additionalInsulationTypeCode,
    additionalInsulationThickness: row.additionalInsulationThickness,
    lastUpdate: row.lastUpdate.toISOString(),
    ...familyOf(row),
    scenario: scenarioRecord(row),
  };
}

/** An answer's members as JSON text: written once, sent as often as it is remembered. */
type TJsonMembers<T> = { [K in keyof T]: Json<T[K]> };
const jsonMembers = <T extends object>(answer: T): TJsonMembers<T> =>
  Object.fromEntries(Object.entries(answer).map(([key, value]) => [key, Json.of(value)])) as TJsonMembers<T>;

/**
 * End users look up every published record, as their finds show them; contributors and any API
 * token (which acts for a contributor) their tree's.
 */
const readsEveryPublished = (auth: TAuth) => isContentReader(auth) && !auth.apiToken;

/**
 * The lookup for design tools (CONTRACT 8, docs/api.md "The lookup"): the published records of
 * the caller's tree that pass every constraint, best first; near misses when none does.
 */
export class PlacementLookupService {
  readonly #d: TPlacementLookupDeps;
  readonly #answers: FreshAnswers<TJsonMembers<object>>;

  constructor(deps: TPlacementLookupDeps) {
    this.#d = deps;
    this.#answers = new FreshAnswers({ ...deps.answers, maxEntries: REMEMBERED_ANSWERS });
  }

  /**
   * The answer for this caller's scope (everything published, an admin's everything, or a
   * company's tree) and query, remembered (FreshAnswers) or computed. The scope key holds all an
   * answer depends on besides the query: a company's tree changes only through a write.
   */
  #remembered<T extends object>(
    kind: string,
    auth: TAuth,
    query: TLookupQuery,
    compute: () => Promise<T>,
  ): Promise<TJsonMembers<T>> {
    const scope = readsEveryPublished(auth) ? '*' : auth.isAdmin ? 'admin' : `c${auth.companyId}`;
    const asked = Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1));
    return this.#answers.get(`${kind}|${scope}|${JSON.stringify(asked)}`, async () =>
      jsonMembers(await compute()),
    ) as Promise<TJsonMembers<T>>;
  }

  /**
   * The codes asked as their lists spell them (records store that spelling, so the match stays an
   * equality the lookup index serves); a code no list holds is compared as it is.
   */
  async #spelled(query: TLookupQuery): Promise<TLookupQuery> {
    const spelled = { ...query };
    for (const [parameter, field] of Object.entries(LISTED_CODES) as Array<
      [keyof typeof LISTED_CODES, string]
    >) {
      const asked = query[parameter];
      if (asked === undefined) continue;
      const list = await this.#d.codeLists.codesOf(field);
      spelled[parameter] = list?.codes.get(asked.toLowerCase()) ?? asked;
    }
    return spelled;
  }

  rules(auth: TAuth, asked: TLookupQuery) {
    return this.#remembered('rules', auth, asked, () => this.#rules(auth, asked));
  }

  scenarios(auth: TAuth, asked: TLookupQuery) {
    return this.#remembered('scenarios', auth, asked, () => this.#scenarios(auth, asked));
  }

  async #rules(auth: TAuth, asked: TLookupQuery) {
    const query = await this.#spelled(asked);
    const { records, nearMisses } = await this.#lookup(
      auth,
      query,
      (mode, cap, scope) => this.#d.repo.rules(query, scope, mode, cap),
      ruleView,
      ruleRecord,
    );
    return { placementRuleInfos: records, nearMisses };
  }

  async #scenarios(auth: TAuth, asked: TLookupQuery) {
    const query = await this.#spelled(asked);
    const { records, nearMisses } = await this.#lookup(
      auth,
      query,
      (mode, cap, scope) => this.#d.repo.scenarios(query, scope, mode, cap),
      (row) => ({
        ...scenarioView(row),
        closures: 0,
        lastUpdate: row.scenarioLastUpdate,
        id: row.scenarioId,
      }),
      scenarioRecord,
    );
    return { scenarioInfos: records, nearMisses };
  }

  async #lookup<Row, Out>(
    auth: TAuth,
    query: TLookupQuery,
    read: (
      mode: TLookupMode,
      cap: number,
      scope: { scope: number[] | null; companyId?: number },
    ) => Promise<Row[]>,
    viewOf: (row: Row) => TView,
    recordOf: (row: Row) => Out,
  ) {
    const asked = query.FireRating === undefined ? null : fireMinutes(query.FireRating);
    if (query.FireRating !== undefined && asked === null)
      throw badRequest('notValid', { name: 'FireRating' }, 'FireRating');
    const scope = {
      scope: readsEveryPublished(auth) ? null : await this.#d.companies.scopeOf(auth),
      ...(query.CompanyId === undefined ? {} : { companyId: query.CompanyId }),
    };
    const views = (rows: Row[]) => rows.map((row) => ({ row, view: viewOf(row) }));
    // SQL decided all but the fire rating; the check again here keeps one definition of a match.
    const matches = views(await read('match', MATCH_CAP, scope)).filter(
      ({ view }) => evaluate(view, query, asked).failures.length === 0,
    );
    const order = compareMatches(query, asked);
    const records = matches
      .sort((a, b) => order(a.view, b.view))
      .slice(0, query.limit ?? LOOKUP_DEFAULT_LIMIT)
      .map(({ row, view }) => ({ ...recordOf(row), limits: limitsOf(view, query, asked) }));
    if (records.length) return { records, nearMisses: [] };
    // Closest: fewest failed constraints, then the smallest relative distance, then the id.
    const nearMisses = views(await read('near', NEAR_CAP, scope))
      .map(({ row, view }) => ({ row, view, ...evaluate(view, query, asked) }))
      .filter((miss) => miss.failures.length > 0)
      .sort(
        (a, b) => a.failures.length - b.failures.length || a.distance - b.distance || a.view.id - b.view.id,
      )
      .slice(0, LOOKUP_NEAR_MISSES)
      .map(({ row, failures }) => ({ record: recordOf(row), failures }));
    return { records, nearMisses };
  }
}
