import {
  approvalActionsFor,
  approvalKindOf,
  type TApprovalActAnswer,
  type TApprovalActRequest,
  type TApprovalDecision,
  type TApprovalDecisionFindRequest,
  type TApprovalFindRequest,
  type TApprovalPage,
  type TTifStatus,
} from '@portal/contract';
import { forbidden } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { FamiliesService } from '../families/families.service.ts';
import type { ApprovalsRepository, TDecisionRow } from './approvals.repository.ts';
import type { ApprovalsService } from './approvals.service.ts';
import { changedFamilyFields } from './approvals.mapper.ts';

export type TApprovalsInboxDeps = {
  repo: ApprovalsRepository;
  /** The workflow: its transaction that mails the requesters once it commits. */
  approvals: ApprovalsService;
  /** The kinds of record with requests; families for now. */
  families: FamiliesService;
  companies: CompaniesService;
};

const DAY_MS = 86_400_000;

/** Who may act on requests (the act route's permission); everyone else reads them. */
const ACTS = 'adminmanagement.update';

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

  /** A page of pending requests: every one for admins, the caller's tree's for contributors. */
  async find(auth: TAuth, filter: TApprovalFindRequest): Promise<TApprovalPage> {
    const { items, total } = await this.#d.families.requests(auth, filter);
    const now = Date.now();
    const mayAct = auth.permissions.has(ACTS);
    return {
      totalCount: total,
      approvalInfos: items.map(({ record, original, requestedBy }) => {
        const state = { status: record.tifStatus as TTifStatus, isCopy: record.tifOriginalId !== null };
        return {
          recordKind: 'family' as const,
          id: record.revitFamilyId,
          kind: approvalKindOf(state) ?? 'new',
          tifStatus: state.status,
          name: record.revitFamilyName,
          companyId: record.companyId,
          companyName: record.companyName,
          requestedBy,
          requestedOn: record.createdOn,
          ageDays: Math.max(0, Math.floor((now - Date.parse(record.createdOn)) / DAY_MS)),
          record,
          original,
          changedFields: original ? changedFamilyFields(original, record) : [],
          actions: mayAct ? approvalActionsFor(state) : [],
        };
      }),
    };
  }

  /**
   * Acts on every request with one action, all or nothing, in one transaction: a request no longer
   * pending (decided or withdrawn meanwhile, or deleted by a decision) makes the whole call 409
   * changedAtOnce, and none is decided.
   */
  async act(auth: TAuth, body: TApprovalActRequest): Promise<TApprovalActAnswer> {
    const ids = [...new Set(body.requests.map((request) => request.id))];
    const approvalResults = await this.#d.approvals.deciding(async (mails) => {
      const results: TApprovalActAnswer['approvalResults'] = [];
      for (const id of ids) {
        const acted = await this.#d.families.act(auth, id, body.action, {
          reason: body.reason,
          comment: body.comment,
          mails,
        });
        results.push({
          kind: 'family',
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
    if (
      !auth.isAdmin &&
      !auth.permissions.has('contentmanagement.create') &&
      !auth.permissions.has('contentmanagement.update')
    )
      throw forbidden('permissionRequired', { permission: 'contentmanagement.update' });
    const scope = await this.#d.companies.scopeOf(auth);
    const { rows, total } = await this.#d.repo.findDecisions(filter, scope);
    return { approvalDecisionInfos: rows.map(toDecision), totalCount: total };
  }
}

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
