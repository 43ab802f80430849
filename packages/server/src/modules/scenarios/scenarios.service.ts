import {
  reversedRanges,
  SCENARIO_CODE_LISTS,
  SCENARIO_RANGES,
  type TScenario,
  type TScenarioFindRequest,
  type TEnvEntry,
  type TEnvKey,
  type TScenarioInput,
} from '@portal/contract';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { JsonPage } from '../../lib/json-page.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import { ColumnRecords, keeperOf } from '../approvals/approvable-records.service.ts';
import type { ApprovalsService, TRequestSource } from '../approvals/approvals.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { FamiliesService } from '../families/families.service.ts';
import type { ListsService } from '../lists/lists.service.ts';
import type { ParameterListsService } from '../parameter-lists/parameter-lists.service.ts';
import type { ScenariosRepository, TScenarioRow, TScenarioWrite } from './scenarios.repository.ts';

/**
 * The generic list a code field takes its values from: the list's code and its item codes, each
 * lower-cased to its spelling in the list; null when the field has none.
 */
export type TCodeLists = {
  codesOf(field: string): Promise<{ list: string; codes: Map<string, string> } | null>;
};

/**
 * The code lists of an area: each field's list is the one /info/env names under the field's key
 * (SCENARIO_CODE_LISTS, PLACEMENT_RULE_CODE_LISTS), read when a save checks it.
 */
export function codeListsOf(
  environment: readonly TEnvEntry[],
  lists: Pick<ListsService, 'codesOf'>,
  fields: Readonly<Record<string, TEnvKey>>,
): TCodeLists {
  const named = new Map(environment.map((entry) => [entry.key, entry.value]));
  // The lists service answers the same map while it remembers a list: spelled once per map.
  const spelled = new WeakMap<Map<number, string>, Map<string, string>>();
  return {
    async codesOf(field) {
      const key = fields[field];
      const list = key ? named.get(key) : undefined;
      if (!list) return null;
      const items = await lists.codesOf(list);
      let codes = spelled.get(items);
      if (!codes)
        spelled.set(items, (codes = new Map([...items.values()].map((code) => [code.toLowerCase(), code]))));
      return { list, codes };
    },
  };
}

export type TScenariosDeps = {
  repo: ScenariosRepository;
  companies: CompaniesService;
  /** A scenario's family must be one its saver may see. */
  families: FamiliesService;
  parameterLists: ParameterListsService;
  /** The generic lists /info/env names for codes (SCENARIO_CODE_LISTS). */
  codeLists: TCodeLists;
  /** The approval workflow every change goes through. */
  approvals: ApprovalsService;
  transaction: TTransaction;
};

const scenarioNotFound = (field?: string) => notFound('notFound', { name: 'scenario' }, field);

/** A save's input with what was checked against the database: the codes as their lists spell them. */
type TPrepared = { input: TScenarioInput; codes: Partial<Record<keyof typeof SCENARIO_CODE_LISTS, string>> };
type TContent = Omit<TScenarioWrite, 'companyId' | 'createdByUserId'>;

/**
 * Scenarios: tested details (which family to place, in which construction, for which fire rating
 * and aperture). An admin's change applies at once; anyone else's becomes a request an admin
 * decides (CONTRACT 4, through the approvals module). Contributors see their tree's scenarios;
 * readers (end users) every active published one.
 */
export class ScenariosService {
  readonly #d: TScenariosDeps;
  readonly #records: ColumnRecords<TScenarioRow, TPrepared, TContent, TScenario>;

  constructor(deps: TScenariosDeps) {
    this.#d = deps;
    this.#records = new ColumnRecords(deps, {
      kind: 'scenario',
      idOf: (input) => input.scenarioId,
      recordIdOf: (record) => record.scenarioId,
      pageOf: (id) => `/scenarios/${id}`,
      notFound: () => scenarioNotFound(),
      repo: deps.repo,
      contentOf,
      merged,
    });
  }

  /** The approvals inbox's way to this kind's requests and decisions. */
  get requestSource(): TRequestSource<TScenario> {
    return this.#records;
  }

  /** A page of scenarios as PostgreSQL wrote their records, and the total. */
  async find(auth: TAuth, filter: TScenarioFindRequest): Promise<JsonPage<TScenario>> {
    return this.#d.repo.find(filter, await this.#records.visibility(auth, filter));
  }

  /** Creates scenarios (an id among them updates that one), all or nothing. */
  async save(auth: TAuth, inputs: TScenarioInput[]): Promise<TScenario[]> {
    const prepared: TPrepared[] = [];
    for (const input of inputs) prepared.push(await this.#prepare(auth, input));
    return this.#records.save(auth, prepared);
  }

  /** Updates scenarios; an admin may act on a request with `tifAction` (CONTRACT 4). */
  async update(auth: TAuth, inputs: TScenarioInput[]): Promise<TScenario[]> {
    if (inputs.some((input) => input.scenarioId === undefined))
      throw badRequest('required', { name: 'scenarioId' }, 'scenarioId');
    return this.save(auth, inputs);
  }

  /**
   * Deletes at once for admins; anyone else's delete becomes a removal request (RfR). A scenario
   * placement rules point at is refused (409 scenarioInUse), whoever asks.
   */
  delete(auth: TAuth, ids: number[]): Promise<TScenario[]> {
    return this.#records.delete(auth, ids, async (row) => {
      const rules = await this.#d.repo.ruleCount(row.id);
      if (rules > 0) throw conflict('scenarioInUse', { count: rules }, 'scenarioId');
    });
  }

  /**
   * The scenario a placement rule may point at: one the caller may see and change content of
   * (its tree's, any for admins), not a request's copy; 404 naming `field` otherwise.
   */
  async assertLinkable(auth: TAuth, id: number, field: string): Promise<void> {
    const row = await this.#d.repo.load(id);
    if (!row || row.tifOriginalId !== null || !(await this.#records.inScope(auth, row)))
      throw scenarioNotFound(field);
  }

  /** How many scenarios point at a family (its delete is refused while any do). */
  familyUses(familyId: number): Promise<number> {
    return this.#d.repo.familyUses(familyId);
  }

  /** The checks a save makes against the database: the family, the parameter list, the codes. */
  async #prepare(auth: TAuth, input: TScenarioInput): Promise<TPrepared> {
    this.#records.assertActionAllowed(auth, input);
    if (input.revitFamilyId) {
      // 404 for a family that does not exist or lies outside the saver's tree, as reading it would be.
      const family = await this.#d.families
        .readable(auth, input.revitFamilyId)
        .catch(rethrowAt('revitFamilyId'));
      if (family.tifOriginalId !== null) throw notFound('notFound', { name: 'family' }, 'revitFamilyId');
    }
    if (input.parameterListId)
      await this.#d.parameterLists.get(auth, input.parameterListId).catch(rethrowAt('parameterListId'));
    const codes: TPrepared['codes'] = {};
    for (const field of Object.keys(SCENARIO_CODE_LISTS) as Array<keyof typeof SCENARIO_CODE_LISTS>) {
      const value = input[field];
      if (value) codes[field] = await checkedCode(this.#d.codeLists, field, value);
    }
    return { input, codes };
  }
}

/** The content columns of a scenario: what a change request copies and an approval copies back. */
function contentOf(row: TScenarioRow): TContent {
  return {
    name: row.name,
    revitFamilyId: row.revitFamilyId,
    documentType: row.documentType,
    pageNumber: row.pageNumber,
    detailReference: row.detailReference,
    parameterListId: row.parameterListId,
    fireRating: row.fireRating,
    acousticPerformance: row.acousticPerformance,
    apertureSizeMinWidth: row.apertureSizeMinWidth,
    apertureSizeMinHeight: row.apertureSizeMinHeight,
    apertureSizeMaxWidth: row.apertureSizeMaxWidth,
    apertureSizeMaxHeight: row.apertureSizeMaxHeight,
    constructionElement: row.constructionElement,
    constructionMaterialCode: row.constructionMaterialCode,
    constructionThickness: row.constructionThickness,
    serviceSupport: row.serviceSupport,
    active: row.active,
  };
}

/**
 * The content columns after a save: the base row, then what the input changes (a field left out
 * keeps its value, null or an empty text clears it). A minimum above its maximum once merged (an
 * update may send one bound) is 400 naming the minimum.
 */
function merged(base: TScenarioRow | undefined, item: TPrepared): TContent {
  const { input, codes } = item;
  const keep = keeperOf<TContent>(base);
  const values = {
    name: input.scenarioName,
    revitFamilyId: keep('revitFamilyId', input.revitFamilyId),
    documentType: keep('documentType', input.documentType),
    pageNumber: keep('pageNumber', input.pageNumber),
    detailReference: keep('detailReference', input.detailReference),
    parameterListId: keep('parameterListId', input.parameterListId),
    fireRating: input.fireRating ?? base?.fireRating ?? '0',
    acousticPerformance: keep('acousticPerformance', input.acousticPerformance),
    apertureSizeMinWidth: keep('apertureSizeMinWidth', input.apertureSizeMinWidth),
    apertureSizeMinHeight: keep('apertureSizeMinHeight', input.apertureSizeMinHeight),
    apertureSizeMaxWidth: keep('apertureSizeMaxWidth', input.apertureSizeMaxWidth),
    apertureSizeMaxHeight: keep('apertureSizeMaxHeight', input.apertureSizeMaxHeight),
    constructionElement: keep('constructionElement', input.constructionElement),
    constructionMaterialCode: keep(
      'constructionMaterialCode',
      codes.constructionMaterialCode ?? input.constructionMaterialCode,
    ),
    constructionThickness: keep('constructionThickness', input.constructionThickness),
    serviceSupport: keep('serviceSupport', input.serviceSupport),
    active: input.active ?? base?.active ?? true,
  };
  const [reversed] = reversedRanges(values, SCENARIO_RANGES);
  if (reversed)
    throw badRequest(
      'rangeReversed',
      { name: reversed.field, other: reversed.other, min: reversed.min, max: reversed.max },
      reversed.field,
    );
  return values;
}

/**
 * A code as its generic list spells it (matched without regard to case); 400 naming the field
 * when the list has items and none is the code. A field whose list is missing or empty takes any text.
 */
export async function checkedCode(lists: TCodeLists, field: string, value: string): Promise<string> {
  const known = await lists.codesOf(field);
  if (!known || known.codes.size === 0) return value;
  const code = known.codes.get(value.toLowerCase());
  if (code === undefined)
    throw badRequest('listItemNotValid', { name: field, value, list: known.list }, field);
  return code;
}

/** A 404 of a linked record, answered at the field that named it. */
function rethrowAt(field: string) {
  return (error: unknown): never => {
    if (error instanceof AppError && error.status === 404)
      throw new AppError(
        404,
        error.messages.map((message) => ({ ...message, field })),
      );
    throw error;
  };
}
