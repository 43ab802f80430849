import {
  PLACEMENT_RULE_CODE_LISTS,
  PLACEMENT_RULE_RANGES,
  reversedRanges,
  type TPlacementRule,
  type TPlacementRuleFindRequest,
  type TPlacementRuleInput,
  type TTifStatus,
} from '@portal/contract';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { JsonPage } from '../../lib/json-page.ts';
import type { TMail } from '../../lib/mailer.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { ApprovalsService, TApprovable } from '../approvals/approvals.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import { checkedCode, type ScenariosService, type TCodeLists } from '../scenarios/scenarios.service.ts';
import type {
  PlacementRulesRepository,
  TPlacementRuleRow,
  TPlacementRuleVisibility,
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

type TCodeField = keyof typeof PLACEMENT_RULE_CODE_LISTS;
/** A save's input with the codes as their lists spell them. */
type TPrepared = { input: TPlacementRuleInput; codes: Partial<Record<TCodeField, string>> };
type TContent = Omit<TPlacementRuleWrite, 'companyId' | 'createdByUserId'>;

const PUBLISHED: readonly TTifStatus[] = ['A'];
const PENDING: readonly TTifStatus[] = ['RfA', 'RfC', 'RfR', 'RfD', 'P'];
const ruleNotFound = () => notFound('notFound', { name: 'placement rule' });

/**
 * Placement rules: which scenario applies to a service of a type and material within a size
 * range. An admin's change applies at once; anyone else's becomes a request an admin decides
 * (CONTRACT 4, through the approvals module). Contributors see their tree's rules; readers (end
 * users) every active published one.
 */
export class PlacementRulesService {
  readonly #d: TPlacementRulesDeps;

  constructor(deps: TPlacementRulesDeps) {
    this.#d = deps;
  }

  /** A page of rules as PostgreSQL wrote their records, and the total. */
  async find(auth: TAuth, filter: TPlacementRuleFindRequest): Promise<JsonPage<TPlacementRule>> {
    return this.#d.repo.find(filter, await this.#visibility(auth, filter));
  }

  /** Creates rules (an id among them updates that one), all or nothing. */
  async save(auth: TAuth, inputs: TPlacementRuleInput[]): Promise<TPlacementRule[]> {
    const prepared: TPrepared[] = [];
    for (const input of inputs) prepared.push(await this.#prepare(auth, input));
    const ids = await this.#d.approvals.deciding(async (mails) => {
      const saved: number[] = [];
      for (const item of prepared)
        saved.push(
          item.input.placementRuleId === undefined
            ? await this.#d.approvals.create(this.#approvable(auth), auth, item)
            : await this.#change(auth, item, mails),
        );
      return saved;
    });
    return this.#d.repo.records(ids);
  }

  /** Updates rules; an admin may act on a request with `tifAction` (CONTRACT 4). */
  async update(auth: TAuth, inputs: TPlacementRuleInput[]): Promise<TPlacementRule[]> {
    if (inputs.some((input) => input.placementRuleId === undefined))
      throw badRequest('required', { name: 'placementRuleId' }, 'placementRuleId');
    return this.save(auth, inputs);
  }

  /** Deletes at once for admins; anyone else's delete becomes a removal request (RfR). */
  async delete(auth: TAuth, ids: number[]): Promise<TPlacementRule[]> {
    const answered: TPlacementRule[] = [];
    await this.#d.transaction(async () => {
      for (const id of new Set(ids)) {
        const row = await this.#visibleForChange(auth, id);
        answered.push(await this.#d.approvals.delete(this.#approvable(auth), auth, row));
      }
    });
    return answered;
  }

  // ---- reading what the caller may see -------------------------------------------------------

  /** Readers see every active published rule; others their tree's, any status asked for. */
  async #visibility(auth: TAuth, filter: TPlacementRuleFindRequest): Promise<TPlacementRuleVisibility> {
    if (isReader(auth)) return { scope: null, statuses: PUBLISHED, reader: true };
    const scope = auth.isAdmin ? null : await this.#d.companies.scopeOf(auth);
    if (filter.tifStatuses?.length) return { scope, statuses: [...new Set(filter.tifStatuses)] };
    return { scope, statuses: filter.includeTempItems ? [...PUBLISHED, ...PENDING] : PUBLISHED };
  }

  /** The row locked for a change, when the caller may change it (404 otherwise). */
  async #visibleForChange(auth: TAuth, id: number, actedOn?: TTifStatus): Promise<TPlacementRuleRow> {
    if (isReader(auth)) throw ruleNotFound();
    const row = await this.#d.approvals.lock(this.#approvable(auth), id, actedOn);
    if (!auth.isAdmin) {
      const scope = (await this.#d.companies.scopeOf(auth)) ?? [];
      if (row.companyId === null || !scope.includes(row.companyId)) throw ruleNotFound();
    }
    return row;
  }

  // ---- writing ---------------------------------------------------------------------------------

  /** The checks a save makes against the database: the scenario and the codes. */
  async #prepare(auth: TAuth, input: TPlacementRuleInput): Promise<TPrepared> {
    if (input.tifAction && !auth.isAdmin) throw forbidden('tifAdminOnly', undefined, 'tifAction');
    if (input.scenarioId) await this.#d.scenarios.assertLinkable(auth, input.scenarioId, 'scenarioId');
    const codes: TPrepared['codes'] = {};
    for (const field of Object.keys(PLACEMENT_RULE_CODE_LISTS) as TCodeField[]) {
      const value = input[field];
      if (value) codes[field] = await checkedCode(this.#d.codeLists, field, value);
    }
    return { input, codes };
  }

  /** An update: applied or acted on by an admin, a request for anyone else. */
  async #change(auth: TAuth, item: TPrepared, mails: TMail[]): Promise<number> {
    const { placementRuleId, tifAction, tifStatus, tifReason, tifComment, companyId } = item.input;
    if ((tifReason || tifComment) && !tifAction)
      throw badRequest('required', { name: 'tifAction' }, tifReason ? 'tifReason' : 'tifComment');
    const row = await this.#visibleForChange(
      auth,
      placementRuleId!,
      tifAction && tifStatus ? tifStatus : undefined,
    );
    if (companyId !== undefined && companyId !== null && companyId !== row.companyId)
      await this.#d.companies.assertMayOwn(auth, companyId);
    return this.#d.approvals.update(this.#approvable(auth), auth, row, item, {
      action: tifAction,
      status: tifStatus,
      decision: { reason: tifReason, comment: tifComment, mails },
    });
  }

  /** What the approval workflow does to placement rules, for this caller (CONTRACT 4). */
  #approvable(auth: TAuth): TApprovable<TPlacementRuleRow, TPrepared, TPlacementRule> {
    const repo = this.#d.repo;
    return {
      kind: 'placementRule',
      loadForUpdate: (id) => repo.loadForUpdate(id),
      create: async (item, tif) => {
        const companyId = item.input.companyId ?? auth.companyId;
        await this.#d.companies.assertMayOwn(auth, companyId);
        return repo.insert({ ...merged(undefined, item), companyId, createdByUserId: auth.userId, ...tif });
      },
      copy: (row, item, tif) =>
        repo.insert({
          ...(item ? merged(row, item) : contentOf(row)),
          companyId: row.companyId,
          createdByUserId: auth.userId,
          ...tif,
        }),
      edit: async (row, item, tif) => {
        // The admin's own update may also move the rule to another company.
        const moved = !tif && item.input.companyId ? { companyId: item.input.companyId } : {};
        await repo.update(row.id, { ...merged(row, item), ...moved, ...tif });
      },
      applyToOriginal: (copy, tif) => repo.update(copy.tifOriginalId!, { ...contentOf(copy), ...tif }),
      // A rule shares nothing with its original but its columns.
      detach: async () => {},
      // Only a status moves lastUpdate: a pending copy marked on its original is no change of it.
      setTif: (id, tif) =>
        repo.update(
          id,
          tif,
          Object.keys(tif).some((key) => key !== 'tifTempId'),
        ),
      delete: (id) => repo.delete(id),
      record: async (id) => {
        const [record] = await repo.records([id]);
        if (!record) throw ruleNotFound();
        return record;
      },
      about: (row) => ({ name: row.name, companyId: row.companyId, createdByUserId: row.createdByUserId }),
      pageOf: (id) => `/placement-rules/${id}`,
    };
  }
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
  const keep = <K extends keyof TContent>(key: K, value: TContent[K] | '' | undefined) =>
    value === undefined ? (base ? base[key] : null) : value === '' ? null : value;
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

/** Readers hold neither content create nor update: they see the active published rules only. */
function isReader(auth: TAuth): boolean {
  return (
    !auth.isAdmin &&
    !auth.permissions.has('contentmanagement.create') &&
    !auth.permissions.has('contentmanagement.update')
  );
}
