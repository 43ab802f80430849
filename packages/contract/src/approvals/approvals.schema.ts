import { z } from 'zod';
import { sortOf, ZFindQuery, ZId } from '../common/envelope.ts';
import { optionalText } from '../common/fields.ts';
import { MESSAGES } from '../common/messages.ts';
import { ZRevitFamily } from '../families/families.schema.ts';
import { ZPlacementRule, type TPlacementRule } from '../placement-rules/placement-rules.schema.ts';
import { ZScenario, type TScenario } from '../scenarios/scenarios.schema.ts';
import { TIF_STATUSES, type TTifAction, type TTifStatus } from '../workflow/tif.ts';
import { TIF_EFFECTS, tifActionsFor, type TTifItemState } from '../workflow/transitions.ts';

/** What a pending request asks for, named from its status (docs/workflow.md). */
export const APPROVAL_KINDS = ['new', 'change', 'removal', 'withdrawal'] as const;
export type TApprovalKind = (typeof APPROVAL_KINDS)[number];

/** The kinds of record whose changes go through the approvals inbox (CONTRACT 4). */
export const APPROVAL_RECORD_KINDS = ['family', 'scenario', 'placementRule'] as const;
export type TApprovalRecordKind = (typeof APPROVAL_RECORD_KINDS)[number];

/** Statuses of an item waiting for an admin. */
export const PENDING_STATUSES = ['RfA', 'RfC', 'RfR', 'RfD', 'P'] as const satisfies readonly TTifStatus[];

/** The workflow states each kind of request stands for (a `P` is a change when it is a copy). */
export const APPROVAL_KIND_STATES: Record<TApprovalKind, readonly TTifItemState[]> = {
  new: [
    { status: 'RfA', isCopy: false },
    { status: 'P', isCopy: false },
  ],
  change: [
    { status: 'RfC', isCopy: true },
    { status: 'P', isCopy: true },
  ],
  removal: [{ status: 'RfR', isCopy: true }],
  withdrawal: [{ status: 'RfD', isCopy: true }],
};

/** The kind of request an item stands for; null when it is not pending. */
export function approvalKindOf(item: TTifItemState): TApprovalKind | null {
  const kind = APPROVAL_KINDS.find((k) =>
    APPROVAL_KIND_STATES[k].some((s) => s.status === item.status && s.isCopy === item.isCopy),
  );
  return kind ?? null;
}

/**
 * The tifActions the inbox carries out: every one but `c` (change), which needs the admin's edit
 * and stays with the family's own form.
 */
export const APPROVAL_ACTIONS = ['a', 'd', 'i', 'r', 'DUP', 'RES'] as const satisfies readonly TTifAction[];
export type TApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** The inbox actions the contract's transition table allows on an item, in TIF_ACTIONS order. */
export function approvalActionsFor(item: TTifItemState): TApprovalAction[] {
  return tifActionsFor(item).filter((action): action is TApprovalAction =>
    (APPROVAL_ACTIONS as readonly string[]).includes(action),
  );
}

/**
 * The fields of a family the comparison shows, in order; `changedFields` names those of them whose
 * values differ between the original and the request (files by hash and Revit version, types by
 * name and parameter values).
 */
export const APPROVAL_FAMILY_FIELDS = [
  'revitFamilyPictureHash',
  'revitFamilyName',
  'revitFamilyDescription',
  'categoryName',
  'revitFamilyTags',
  'revitVersion',
  'revitFamilyFileHash',
  'revitFamilyFileName',
  'revitFamilyFileSize',
  'revitFamilyVersion',
  'revitFamilyInternalVersion',
  'revitFamilyRating',
  'omniClassCode',
  'revitCategory',
  'parameterListCode',
  'cost',
  'companyName',
  'typeCatalogFileName',
  'revitFamilyTypes',
] as const;
export type TApprovalFamilyField = (typeof APPROVAL_FAMILY_FIELDS)[number];

export const APPROVAL_SORT_FIELDS = ['requestedOn', 'name', 'companyName', 'kind'] as const;
export type TApprovalSortField = (typeof APPROVAL_SORT_FIELDS)[number];

/** The pending requests: every one for admins, the caller's company tree's for contributors. */
export const ZApprovalFindRequest = ZFindQuery.extend({
  /** Each request carries two records with their types and thumbnails: pages stay small. */
  pageSize: z.number().int().min(1).max(100).optional(),
  sort: sortOf(APPROVAL_SORT_FIELDS),
  kinds: z.array(z.enum(APPROVAL_KINDS)).max(APPROVAL_KINDS.length).optional(),
  companyIds: z.array(ZId).max(1000).optional(),
  /** Only requests waiting longer than this many whole days. */
  olderThanDays: z.number().int().min(0).max(36500).optional(),
  /** Only these request items (the detail panel reloads one). */
  ids: z.array(ZId).max(100).optional(),
  /** Only requests on these kinds of record. */
  recordKinds: z.array(z.enum(APPROVAL_RECORD_KINDS)).max(APPROVAL_RECORD_KINDS.length).optional(),
});
export type TApprovalFindRequest = z.infer<typeof ZApprovalFindRequest>;

/** The fields of a scenario the comparison shows, in order (codes as stored, sizes in millimetres). */
export const APPROVAL_SCENARIO_FIELDS = [
  'scenarioName',
  'revitFamilyName',
  'documentType',
  'pageNumber',
  'detailReference',
  'parameterListCode',
  'fireRating',
  'acousticPerformance',
  'apertureSizeMinWidth',
  'apertureSizeMaxWidth',
  'apertureSizeMinHeight',
  'apertureSizeMaxHeight',
  'constructionElement',
  'constructionMaterialCode',
  'constructionThickness',
  'serviceSupport',
  'active',
  'companyName',
] as const satisfies ReadonlyArray<keyof TScenario>;

/** The fields of a placement rule the comparison shows, in order. */
export const APPROVAL_PLACEMENT_RULE_FIELDS = [
  'placementRuleName',
  'scenarioName',
  'typeCode',
  'materialCode',
  'serviceSizeRangeLow',
  'serviceSizeRangeHigh',
  'closureDeviceSystemType',
  'closureDeviceSystemCount',
  'closureDeviceSystemThickness',
  'additionalInsulationTypeCode',
  'additionalInsulationThickness',
  'active',
] as const satisfies ReadonlyArray<keyof TPlacementRule>;

/** Each kind's compared fields. */
export const APPROVAL_FIELDS = {
  family: APPROVAL_FAMILY_FIELDS,
  scenario: APPROVAL_SCENARIO_FIELDS,
  placementRule: APPROVAL_PLACEMENT_RULE_FIELDS,
} as const satisfies Record<TApprovalRecordKind, readonly string[]>;

/** A family as the comparison shows it: its list record, types and a thumbnail. */
export const ZApprovalFamily = ZRevitFamily;

/** What every pending request carries, whatever its kind. */
const ZApprovalRequestBase = z.object({
  /** The request item's id: the new record, or the temporary copy of a change, removal or withdrawal. */
  id: ZId,
  kind: z.enum(APPROVAL_KINDS),
  tifStatus: z.enum(TIF_STATUSES),
  name: z.string(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  /** Login of the user who made the request, when still known. */
  requestedBy: z.string().nullable(),
  requestedOn: z.string(),
  /** Whole days since the request was made. */
  ageDays: z.number().int().nonnegative(),
  /** What an admin may do with it (the transition table); empty for a caller who cannot act. */
  actions: z.array(z.enum(APPROVAL_ACTIONS)),
});

/**
 * One kind's request: the request item (what would be published), the published original a change,
 * removal or withdrawal is about (null for a new one), and the compared fields whose values differ
 * (empty without an original).
 */
const requestOf = <K extends TApprovalRecordKind, R extends z.ZodTypeAny>(
  recordKind: K,
  record: R,
  fields: readonly [string, ...string[]],
) =>
  ZApprovalRequestBase.extend({
    recordKind: z.literal(recordKind),
    record,
    original: record.nullable(),
    changedFields: z.array(z.enum(fields)),
  });

/** One pending request with what the admin needs to decide it, by the kind of its record. */
export const ZApprovalRequest = z.discriminatedUnion('recordKind', [
  requestOf('family', ZApprovalFamily, APPROVAL_FAMILY_FIELDS),
  requestOf('scenario', ZScenario, APPROVAL_SCENARIO_FIELDS),
  requestOf('placementRule', ZPlacementRule, APPROVAL_PLACEMENT_RULE_FIELDS),
]);
export type TApprovalRequest = z.infer<typeof ZApprovalRequest>;

export const ZApprovalPage = z.object({
  approvalInfos: z.array(ZApprovalRequest),
  totalCount: z.number().int().nonnegative(),
});
export type TApprovalPage = z.infer<typeof ZApprovalPage>;

const reasonMissing = {
  message: MESSAGES.required('reason'),
  params: { key: 'required', values: { name: 'reason' } },
  path: ['reason'],
};

/**
 * An admin's decision on requests, all or nothing: every request is acted on with `action` in one
 * transaction, or none is. A disapproval needs a reason; the reason and the comment are kept with
 * the decision for the requester.
 */
export const ZApprovalActRequest = z
  .object({
    requests: z
      .array(z.object({ kind: z.enum(APPROVAL_RECORD_KINDS), id: ZId }))
      .min(1)
      .max(100),
    action: z.enum(APPROVAL_ACTIONS),
    reason: optionalText('reason', 2000),
    comment: optionalText('comment', 2000),
  })
  .refine((body) => body.action !== 'd' || Boolean(body.reason), reasonMissing);
export type TApprovalActRequest = z.infer<typeof ZApprovalActRequest>;

/** What one decision did: the effect, the record that now stands for it, the item's status after. */
export const ZApprovalResult = z.object({
  kind: z.enum(APPROVAL_RECORD_KINDS),
  id: ZId,
  decisionId: ZId,
  effect: z.enum(TIF_EFFECTS),
  /** The record the decision leaves: the original for an applied change, else the item itself. */
  resultId: ZId,
  /** The acted-on item's status after; null when it was deleted. */
  tifStatus: z.enum(TIF_STATUSES).nullable(),
});
export const ZApprovalActAnswer = z.object({ approvalResults: z.array(ZApprovalResult) });
export type TApprovalActAnswer = z.infer<typeof ZApprovalActAnswer>;

/** A decision as kept for the requester: what was decided, by whom, why. */
export const ZApprovalDecision = z.object({
  decisionId: ZId,
  recordKind: z.enum(APPROVAL_RECORD_KINDS),
  /** The request item acted on. */
  recordId: ZId,
  originalId: z.number().int().nullable(),
  resultId: z.number().int().nullable(),
  kind: z.enum(APPROVAL_KINDS),
  action: z.enum(APPROVAL_ACTIONS),
  effect: z.enum(TIF_EFFECTS),
  name: z.string(),
  companyId: z.number().int().nullable(),
  reason: z.string().nullable(),
  comment: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedOn: z.string(),
});
export type TApprovalDecision = z.infer<typeof ZApprovalDecision>;

/**
 * Decisions, newest first: every one for admins, the caller's company tree's for others; `search`
 * matches the record's name.
 */
export const ZApprovalDecisionFindRequest = ZFindQuery.extend({
  sort: sortOf(['decidedOn'] as const),
  /** Decisions about these records: the request item, its original or the record it left. */
  recordIds: z.array(ZId).max(1000).optional(),
  /** Decisions on these kinds of record (ids repeat across kinds: a record's page names its kind). */
  recordKinds: z.array(z.enum(APPROVAL_RECORD_KINDS)).max(APPROVAL_RECORD_KINDS.length).optional(),
  /** Decisions on requests of these kinds. */
  kinds: z.array(z.enum(APPROVAL_KINDS)).max(APPROVAL_KINDS.length).optional(),
});
export type TApprovalDecisionFindRequest = z.infer<typeof ZApprovalDecisionFindRequest>;

export const ZApprovalDecisionPage = z.object({
  approvalDecisionInfos: z.array(ZApprovalDecision),
  totalCount: z.number().int().nonnegative(),
});
