import {
  ACTIVITY_EVENT_KINDS,
  ACTIVITY_RECORD_TYPES,
  TIF_ACTIONS,
  type TActivityRecordType,
} from '@portal/contract';
import type { TFunction } from 'i18next';

/** What a record kind does to its record: `<recordType>.create|update|delete`. */
export const RECORD_ACTIONS = ['create', 'update', 'delete'] as const;
export type TRecordAction = (typeof RECORD_ACTIONS)[number];

const recordKinds = (action: TRecordAction) => ACTIVITY_RECORD_TYPES.map((type) => `${type}.${action}`);

/**
 * The record types that go through the approval workflow (CONTRACT 4). A partner's request is
 * logged as `<type>.request.<step>`, an admin's decision on it as `<type>.action.<tifAction>`.
 */
export const APPROVABLE_RECORD_TYPES = ['family', 'scenario', 'placementRule'] as const;
/** A request's steps: a new item, a copy asking for a change, removal or withdrawal, an edit, a withdrawal. */
export const REQUEST_STEPS = ['create', 'RfC', 'RfR', 'RfD', 'edit', 'withdrawn'] as const;

const workflowKinds = (stage: 'request' | 'action', steps: readonly string[]) =>
  APPROVABLE_RECORD_TYPES.flatMap((type) => steps.map((step) => `${type}.${stage}.${step}`));

/**
 * The kind filter's groups, in the order the filter offers them: each stands for the kinds it
 * sends to the server. Every event kind of the contract belongs to exactly one group.
 */
export const ACTIVITY_KIND_GROUPS = {
  signIns: [
    'login',
    'login.selfcare',
    'login.failed',
    'login.locked',
    'logout',
    'activation.locked',
    'mfa.enabled',
    'mfa.disabled',
    'mfa.recovery-code-used',
    'password.changed',
    'password.reset',
    'password.reset-requested',
    'token.reuse-detected',
  ],
  registrations: ['user.registered', 'user.activated', 'user.approved', 'user.deactivated', 'terms.accepted'],
  created: [...recordKinds('create'), 'priceList.copy'],
  changed: recordKinds('update'),
  deleted: recordKinds('delete'),
  downloads: ['family.download'],
  uploads: ['family.upload'],
  approvals: [...workflowKinds('request', REQUEST_STEPS), ...workflowKinds('action', TIF_ACTIONS)],
  transfers: ['priceList.import', 'priceList.export', 'placementRule.import', 'placementRule.export'],
} as const satisfies Record<string, readonly string[]>;

export type TActivityKindGroup = keyof typeof ACTIVITY_KIND_GROUPS;

export const ACTIVITY_KIND_GROUP_NAMES = Object.keys(ACTIVITY_KIND_GROUPS) as TActivityKindGroup[];

export const isKindGroup = (value: string): value is TActivityKindGroup =>
  Object.hasOwn(ACTIVITY_KIND_GROUPS, value);

export const isRecordType = (value: string | null | undefined): value is TActivityRecordType =>
  ACTIVITY_RECORD_TYPES.some((type) => type === value);

/** The kinds the chosen groups stand for, each once, in the groups' order. */
export function kindsOfGroups(groups: readonly TActivityKindGroup[]): string[] {
  return [...new Set(groups.flatMap((group) => ACTIVITY_KIND_GROUPS[group]))];
}

/** A record kind's type and action (`category.update` → category, update), or null for an event kind. */
export function recordKindParts(kind: string): { type: TActivityRecordType; action: TRecordAction } | null {
  if ((ACTIVITY_EVENT_KINDS as readonly string[]).includes(kind)) return null;
  const dot = kind.lastIndexOf('.');
  const type = kind.slice(0, dot);
  const action = RECORD_ACTIONS.find((a) => a === kind.slice(dot + 1));
  return dot > 0 && action && isRecordType(type) ? { type, action } : null;
}

/** A workflow kind's type, stage and step (`family.action.a` → family, action, a), or null for any other. */
export function workflowKindParts(
  kind: string,
): { type: TActivityRecordType; stage: 'request' | 'action'; step: string } | null {
  const match = /^(\w+)\.(request|action)\.(\w+)$/.exec(kind);
  if (!match?.[1] || !match[3] || !isRecordType(match[1])) return null;
  return { type: match[1], stage: match[2] === 'request' ? 'request' : 'action', step: match[3] };
}

/** The translation key of an event kind: `login.failed` → `activity.kinds.loginFailed`. */
export function eventKindKey(kind: string): string {
  return `activity.kinds.${kind.replace(/[.-]+(\w)/g, (_, letter: string) => letter.toUpperCase())}`;
}

/** A record type in words ("Category"); an unknown type (a newer server) as it is. */
export function recordTypeLabel(t: TFunction, type: string | null | undefined): string {
  if (!type) return '';
  return isRecordType(type) ? t(`activity.recordTypes.${type}`) : type;
}

/** A kind in the reader's words ("Category changed", "Failed sign-in"); an unknown kind as it is. */
export function kindLabel(t: TFunction, kind: string): string {
  const parts = recordKindParts(kind);
  if (parts) {
    return t('activity.recordKind', {
      record: recordTypeLabel(t, parts.type),
      action: t(`activity.actions.${parts.action}`),
    });
  }
  const workflow = workflowKindParts(kind);
  if (workflow) {
    const steps = workflow.stage === 'request' ? 'activity.requests' : 'activity.decisions';
    return t('activity.workflowKind', {
      record: recordTypeLabel(t, workflow.type),
      action: t(`${steps}.${workflow.step}`, { defaultValue: workflow.step }),
    });
  }
  return t(eventKindKey(kind), { defaultValue: kind });
}
