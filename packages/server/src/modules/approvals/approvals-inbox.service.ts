import {
  APPROVAL_FIELDS,
  approvalActionsFor,
  approvalKindOf,
  type TApprovalActAnswer,
  type TApprovalActRequest,
  type TApprovalDecision,
  type TApprovalDecisionFindRequest,
  type TApprovalFindRequest,
  type TApprovalPage,
  type TApprovalRecordKind,
  type TApprovalRequest,
  type TPlacementRule,
  type TRevitFamily,
  type TScenario,
  type TTifStatus,
} from '@portal/contract';
import { forbidden } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import { isContentReader } from './approvable-records.service.ts';
import type { ApprovalsRepository, TDecisionRow, TPendingRow } from './approvals.repository.ts';
import type { ApprovalsService, TRequestPair, TRequestSource } from './approvals.service.ts';
import { changedFields } from './approvals.mapper.ts';

/** Each kind of record's requests, as its own service reads and decides them. */
export type TRequestSources = {
  family: TRequestSource<TRevitFamily>;
  scenario: TRequestSource<TScenario>;
  placementRule: TRequestSource<TPlacementRule>;
};

export type TApprovalsInboxDeps = {
  repo: ApprovalsRepository;
  /** The workflow: its transaction that mails the requesters once it commits. */
  approvals: ApprovalsService;
  sources: TRequestSources;
  companies: CompaniesService;
};

const DAY_MS = 86_400_000;

/** Who may act on requests (the act route's permission); everyone else reads them. */
const ACTS = 'adminmanagement.update';

/** Readers (end users) never see that anything is pending. */
function assertContributor(auth: TAuth): void {
  if (isContentReader(auth))
    throw forbidden('permissionRequired', { permission: 'contentmanagement.update' });
}

/**
 * The approvals inbox (docs/workflow.md): the pending requests with what an admin needs to decide
 * them (the record, its original, what changed, the actions the transition table allows), and the
 * admin's decisions, carried out by each kind's own service through ApprovalsService (the same
 * code /family/update runs, which keeps each decision and tells its requester).
 */
export class ApprovalsInboxService {
  readonly #d: TApprovalsInboxDeps;

  constructor(deps: TApprovalsInboxDeps) {
    this.#d = deps;
  }

  /**
   * A page of pending requests of every kind of record in one order: every one for admins, the
   * caller's tree's for contributors, none for readers (403). Each comes with its record and, for
   * a copy, its published original, as the comparison shows them.
   */
  async find(auth: TAuth, filter: TApprovalFindRequest): Promise<TApprovalPage> {
    assertContributor(auth);
    const scope = auth.isAdmin ? null : await this.#d.companies.scopeOf(auth);
    const { rows, total } = await this.#d.repo.pendingPage(filter, scope);
    const idsOf = (kind: TApprovalRecordKind) =>
      rows.filter((row) => row.recordKind === kind).map((row) => row.id);
    const [family, scenario, placementRule] = await Promise.all([
      this.#d.sources.family.requests(idsOf('family')),
      this.#d.sources.scenario.requests(idsOf('scenario')),
      this.#d.sources.placementRule.requests(idsOf('placementRule')),
    ]);
    const now = Date.now();
    const mayAct = auth.permissions.has(ACTS);
    const entry = <K extends TApprovalRecordKind, R extends TInboxRecord>(
      recordKind: K,
      pair: TRequestPair<R> | undefined,
      row: TPendingRow,
      about: (record: R) => { id: number; name: string },
    ) => {
      if (!pair) return [];
      const { record, original } = pair;
      const state = { status: record.tifStatus as TTifStatus, isCopy: record.tifOriginalId !== null };
      const { id, name } = about(record);
      const { companyName, requestedBy } = row;
      return [
        {
          recordKind,
          id,
          kind: approvalKindOf(state) ?? 'new',
          tifStatus: state.status,
          name,
          companyId: record.companyId,
          companyName,
          requestedBy,
          requestedOn: record.createdOn,
          ageDays: Math.max(0, Math.floor((now - Date.parse(record.createdOn)) / DAY_MS)),
          record,
          original,
          changedFields: original ? changedFields(APPROVAL_FIELDS[recordKind], original, record) : [],
          actions: mayAct ? approvalActionsFor(state) : [],
        },
      ];
    };
    const approvalInfos = rows.flatMap((row): TApprovalRequest[] => {
      switch (row.recordKind) {
        case 'family':
          return entry('family', family.get(row.id), row, (r) => ({
            id: r.revitFamilyId,
            name: r.revitFamilyName,
          }));
        case 'scenario':
          return entry('scenario', scenario.get(row.id), row, (r) => ({
            id: r.scenarioId,
            name: r.scenarioName,
          }));
        case 'placementRule':
          return entry('placementRule', placementRule.get(row.id), row, (r) => ({
            id: r.placementRuleId,
            name: r.placementRuleName,
          }));
      }
    });
    return { totalCount: total, approvalInfos };
  }

  /** Requests of every kind waiting for an admin: all for admins, the caller's tree's for contributors. */
  async pendingCount(auth: TAuth): Promise<number> {
    if (isContentReader(auth)) return 0;
    return this.#d.repo.pendingCount(auth.isAdmin ? null : await this.#d.companies.scopeOf(auth));
  }

  /**
   * Acts on every request with one action, all or nothing, in one transaction: a request no longer
   * pending (decided or withdrawn meanwhile, or deleted by a decision) makes the whole call 409
   * changedAtOnce, and none is decided.
   */
  async act(auth: TAuth, body: TApprovalActRequest): Promise<TApprovalActAnswer> {
    // Each request once: the same id names different records in different kinds.
    const requests = [
      ...new Map(body.requests.map((request) => [`${request.kind}:${request.id}`, request])).values(),
    ];
    const approvalResults = await this.#d.approvals.deciding(async (mails) => {
      const results: TApprovalActAnswer['approvalResults'] = [];
      for (const { kind, id } of requests) {
        const acted = await this.#d.sources[kind].act(auth, id, body.action, {
          reason: body.reason,
          comment: body.comment,
          mails,
        });
        results.push({
          kind,
          id,
          // Only pending requests are acted on here, and every inbox action decides one.
          decisionId: acted.decisionId!,
          effect: acted.effect,
          resultId: acted.id,
          tifStatus: acted.status,
        });
      }
      return results;
    });
    return { approvalResults };
  }

  /** Decisions with their reasons: every one for admins, the caller's tree's for contributors. */
  async decisions(
    auth: TAuth,
    filter: TApprovalDecisionFindRequest,
  ): Promise<{ approvalDecisionInfos: TApprovalDecision[]; totalCount: number }> {
    assertContributor(auth);
    const scope = await this.#d.companies.scopeOf(auth);
    const { rows, total } = await this.#d.repo.findDecisions(filter, scope);
    return { approvalDecisionInfos: rows.map(toDecision), totalCount: total };
  }
}

/** The workflow and ownership fields the inbox reads from a record of any kind. */
type TInboxRecord = {
  tifStatus: string | null;
  tifOriginalId: number | null;
  companyId: number | null;
  createdOn: string;
};

function toDecision(row: TDecisionRow): TApprovalDecision {
  return {
    decisionId: row.id,
    recordKind: row.recordKind as TApprovalDecision['recordKind'],
    recordId: row.recordId,
    originalId: row.originalId,
    resultId: row.resultId,
    kind: row.requestKind as TApprovalDecision['kind'],
    action: row.action as TApprovalDecision['action'],
    effect: row.effect as TApprovalDecision['effect'],
    name: row.recordName,
    companyId: row.companyId,
    reason: row.reason,
    comment: row.comment,
    decidedBy: row.decidedBy,
    decidedOn: row.decidedOn,
  };
}
