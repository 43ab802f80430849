import { z } from 'zod';
import { sortOf, ZFindQuery, ZId, ZIsoDate } from '../common/envelope.ts';

/**
 * The kinds of records the activity log names (`recordType`). A create, update or delete is the
 * kind `<recordType>.create|update|delete`; the other kinds are ACTIVITY_EVENT_KINDS.
 */
export const ACTIVITY_RECORD_TYPES = [
  'user',
  'role',
  'company',
  'licence',
  'terms',
  'category',
  'family',
  'scenario',
  'placementRule',
  'priceList',
  'parameterList',
  'list',
  'notification',
  'apiToken',
] as const;
export type TActivityRecordType = (typeof ACTIVITY_RECORD_TYPES)[number];

/**
 * Kinds that are not a plain create, update or delete. Besides these, families, scenarios and
 * placement rules (the approval workflow) write `<recordType>.request.<create|update|delete|edit|
 * withdrawn|…>` for a partner's request and `<recordType>.action.<tifAction>` for an admin's
 * decision on one (detail: its effect).
 */
export const ACTIVITY_EVENT_KINDS = [
  'login',
  'login.selfcare',
  'login.failed',
  'login.locked',
  'logout',
  'user.registered',
  'user.activated',
  'user.approved',
  'user.deactivated',
  'activation.locked',
  'password.changed',
  'password.reset',
  'password.reset-requested',
  'mfa.enabled',
  'mfa.disabled',
  'mfa.recovery-code-used',
  'token.reuse-detected',
  'terms.accepted',
  'family.download',
  'family.upload',
  'priceList.copy',
  'priceList.import',
  'priceList.export',
  'placementRule.import',
  'placementRule.export',
] as const;

/** The kinds that count as a sign-in in the statistics. */
export const SIGN_IN_KINDS = ['login', 'login.selfcare'] as const;

/** Days an activity row is kept when ACTIVITY_RETENTION_DAYS is not set. */
export const ACTIVITY_RETENTION_DAYS = 400;

/** One field's change: its value before and after (secrets never appear). */
export const ZActivityChange = z.object({ old: z.unknown(), new: z.unknown() });
/** A change's fields by name, each with its value before and after. */
export type TActivityChanges = Record<string, { old: unknown; new: unknown }>;

export const ZActivityInfo = z.object({
  activityId: z.number().int(),
  at: z.string(),
  kind: z.string(),
  userId: z.number().int().nullable(),
  userLogin: z.string().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  /** The changed fields of an update (or the fields of a create or delete), by field name. */
  changes: z.record(z.string(), ZActivityChange).nullable(),
  /** What else the event carries (an import's counts, a decision's effect). */
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type TActivityInfo = z.infer<typeof ZActivityInfo>;

export const ACTIVITY_SORT_FIELDS = ['at', 'kind', 'userLogin', 'companyName', 'recordType'] as const;

export const ZActivityFindRequest = ZFindQuery.extend({
  sort: sortOf(ACTIVITY_SORT_FIELDS),
  userIds: z.array(ZId).max(1000).optional(),
  /** Admins: these companies' rows; partners: narrows their tree. */
  companyIds: z.array(ZId).max(1000).optional(),
  kinds: z.array(z.string().min(1).max(64)).max(100).optional(),
  recordTypes: z.array(z.enum(ACTIVITY_RECORD_TYPES)).max(ACTIVITY_RECORD_TYPES.length).optional(),
  /** One record's history (with recordTypes naming its type). */
  recordId: z.string().min(1).max(64).optional(),
  /** From this moment (inclusive) to that one (exclusive). */
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
});
export type TActivityFindRequest = z.infer<typeof ZActivityFindRequest>;

export const ZActivityPage = z.object({
  activityInfos: z.array(ZActivityInfo),
  totalCount: z.number().int(),
});
