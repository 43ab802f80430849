import {
  PLACEMENT_RULE_CODE_LISTS,
  PLACEMENT_RULE_RANGES,
  reversedRanges,
  type TPlacementRule,
  type TPlacementRuleFindRequest,
  type TPlacementRuleInput,
  type TMessage,
} from '@portal/contract';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { JsonPage } from '../../lib/json-page.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import { ColumnRecords, keeperOf } from '../approvals/approvable-records.service.ts';
import type { ApprovalsService, TRequestSource } from '../approvals/approvals.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import { checkedCode, type ScenariosService, type TCodeLists } from '../scenarios/scenarios.service.ts';
import type {
  PlacementRulesRepository,
  TPlacementRuleRow,
  TPlacementRuleWrite,
} from './placement-rules.repository.ts';

export type TPlacementRulesDeps = {
  repo: PlacementRulesRepository;
  companies: CompaniesService;
  /** A rule's scenario must be one its saver may see. */
  scenarios: ScenariosService;
  /** The generic lists /info/env names for codes (PLACEMENT_RULE_CODE_LISTS). */
  codeLists: TCodeLists;
  /** The approval workflow every change goes through. */
  approvals: ApprovalsService;
  transaction: TTransaction;
};

export type TCodeField = keyof typeof PLACEMENT_RULE_CODE_LISTS;

/**
 * The save's checks against the database, one value at a time, each answering why it fails
 * instead of throwing: an import lists every row's problems before it saves any.
 */
export type TRuleChecks = {
  /** Whether the caller may link the scenario to a rule. */
  scenario(id: number): Promise<TMessage | undefined>;
  /** Whether the caller may file a rule under the company. */
  company(id: number): Promise<TMessage | undefined>;
  /** The code as its generic list spells it, or why it is none of the list's. */
  code(field: TCodeField, value: string): Promise<string | TMessage>;
};
/** A save's input with the codes as their lists spell them. */
type TPrepared = { input: TPlacementRuleInput; codes: Partial<Record<TCodeField, string>> };
type TContent = Omit<TPlacementRuleWrite, 'companyId' | 'createdByUserId'>;

const ruleNotFound = () => notFound('notFound', { name: 'placement rule' });

/**
 * Placement rules: which scenario applies to a service of a type and material within a size
 * range. An admin's change applies at once; anyone else's becomes a request an admin decides
 * (CONTRACT 4, through the approvals module). Contributors see their tree's rules; readers (end
 * users) every active published one.
 */
export class PlacementRulesService {
  readonly #d: TPlacementRulesDeps;
  readonly #records: ColumnRecords<TPlacementRuleRow, TPrepared, TContent, TPlacementRule>;

  constructor(deps: TPlacementRulesDeps) {
    this.#d = deps;
    this.#records = new ColumnRecords(deps, {
      kind: 'placementRule',
      idOf: (input) => input.placementRuleId,
      recordIdOf: (record) => record.placementRuleId,
      pageOf: (id) => `/placement-rules/${id}`,
      notFound: ruleNotFound,
      repo: deps.repo,
      contentOf,
      merged,
    });
  }

  /** The approvals inbox's way to this kind's requests and decisions. */
  get requestSource(): TRequestSource<TPlacementRule> {
    return this.#records;
  }

  /** A page of rules as PostgreSQL wrote their records, and the total. */
  async find(auth: TAuth, filter: TPlacementRuleFindRequest): Promise<JsonPage<TPlacementRule>> {
    return this.#d.repo.find(filter, await this.#records.visibility(auth, filter));
  }

  /** Creates rules (an id among them updates that one), all or nothing. */
  async save(auth: TAuth, inputs: TPlacementRuleInput[]): Promise<TPlacementRule[]> {
    // Each scenario and code is read once however many rules name it (an import saves thousands).
    const once = memo();
    const prepared: TPrepared[] = [];
    for (const input of inputs) prepared.push(await this.#prepare(auth, input, once));
    return this.#records.save(auth, prepared);
  }

  /** Updates rules; an admin may act on a request with `tifAction` (CONTRACT 4). */
  async update(auth: TAuth, inputs: TPlacementRuleInput[]): Promise<TPlacementRule[]> {
    if (inputs.some((input) => input.placementRuleId === undefined))
      throw badRequest('required', { name: 'placementRuleId' }, 'placementRuleId');
    return this.save(auth, inputs);
  }

  /** Deletes at once for admins; anyone else's delete becomes a removal request (RfR). */
  delete(auth: TAuth, ids: number[]): Promise<TPlacementRule[]> {
    return this.#records.delete(auth, ids);
  }

  /** The checks of `#prepare` and the save's company check, each value checked once per `TRuleChecks`. */
  checks(auth: TAuth): TRuleChecks {
    const once = memo();
    const problem = (error: unknown): TMessage => {
      if (error instanceof AppError && error.messages[0]) return error.messages[0];
      throw error;
    };
    return {
      scenario: (id) => this.#scenarioCheck(auth, id, once).then(() => undefined, problem),
      company: (id) =>
        once(`company ${id}`, () => this.#d.companies.assertMayOwn(auth, id)).then(() => undefined, problem),
      code: (field, value) => this.#codeCheck(field, value, once).catch(problem),
    };
  }

  #scenarioCheck(auth: TAuth, id: number, once: TOnce): Promise<void> {
    return once(`scenario ${id}`, () => this.#d.scenarios.assertLinkable(auth, id, 'scenarioId'));
  }

  #codeCheck(field: TCodeField, value: string, once: TOnce): Promise<string> {
    return once(`${field} ${value.toLowerCase()}`, () => checkedCode(this.#d.codeLists, field, value));
  }

  /** The checks a save makes against the database: the scenario and the codes. */
  async #prepare(auth: TAuth, input: TPlacementRuleInput, once: TOnce): Promise<TPrepared> {
    this.#records.assertActionAllowed(auth, input);
    if (input.scenarioId) await this.#scenarioCheck(auth, input.scenarioId, once);
    const codes: TPrepared['codes'] = {};
    for (const field of Object.keys(PLACEMENT_RULE_CODE_LISTS) as TCodeField[]) {
      const value = input[field];
      if (value) codes[field] = await this.#codeCheck(field, value, once);
    }
    return { input, codes };
  }
}

type TOnce = ReturnType<typeof memo>;

/** Checks kept by key, failures too: a value checked once answers the same way each time it is named. */
function memo() {
  const known = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    let answer = known.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = work();
      known.set(key, answer);
    }
    return answer;
  };
}

/** The content columns of a rule: what a change request copies and an approval copies back. */
function contentOf(row: TPlacementRuleRow): TContent {
  return {
    name: row.name,
    scenarioId: row.scenarioId,
    typeCode: row.typeCode,
    materialCode: row.materialCode,
    serviceSizeRangeLow: row.serviceSizeRangeLow,
    serviceSizeRangeHigh: row.serviceSizeRangeHigh,
    closureDeviceSystemType: row.closureDeviceSystemType,
    closureDeviceSystemCount: row.closureDeviceSystemCount,
    closureDeviceSystemThickness: row.closureDeviceSystemThickness,
    additionalInsulationTypeCode: row.additionalInsulationTypeCode,
    additionalInsulationThickness: row.additionalInsulationThickness,
    active: row.active,
  };
}

/**
 * The content columns after a save: the base row, then what the input changes (a field left out
 * keeps its value, null or an empty text clears it). A low bound above its high bound once merged
 * (an update may send one bound) is 400 naming the low one.
 */
function merged(base: TPlacementRuleRow | undefined, item: TPrepared): TContent {
  const { input, codes } = item;
  const keep = keeperOf<TContent>(base);
  const values = {
    name: input.placementRuleName,
    scenarioId: keep('scenarioId', input.scenarioId),
    typeCode: keep('typeCode', codes.typeCode ?? input.typeCode),
    materialCode: keep('materialCode', codes.materialCode ?? input.materialCode),
    serviceSizeRangeLow: keep('serviceSizeRangeLow', input.serviceSizeRangeLow),
    serviceSizeRangeHigh: keep('serviceSizeRangeHigh', input.serviceSizeRangeHigh),
    closureDeviceSystemType: keep('closureDeviceSystemType', input.closureDeviceSystemType),
    closureDeviceSystemCount: keep('closureDeviceSystemCount', input.closureDeviceSystemCount),
    closureDeviceSystemThickness: keep('closureDeviceSystemThickness', input.closureDeviceSystemThickness),
    additionalInsulationTypeCode: keep(
      'additionalInsulationTypeCode',
      codes.additionalInsulationTypeCode ?? input.additionalInsulationTypeCode,
    ),
    additionalInsulationThickness: keep('additionalInsulationThickness', input.additionalInsulationThickness),
    active: input.active ?? base?.active ?? true,
  };
  const [reversed] = reversedRanges(values, PLACEMENT_RULE_RANGES);
  if (reversed)
    throw badRequest(
      'rangeReversed',
      { name: reversed.field, other: reversed.other, min: reversed.min, max: reversed.max },
      reversed.field,
    );
  return values;
}
