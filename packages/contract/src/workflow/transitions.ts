import { TIF_ACTIONS, type TTifAction, type TTifStatus } from './tif.ts';

/**
 * What an allowed admin action does (docs/workflow.md explains each). The server applies the effect;
 * the table below only decides which one, so the server and the UI buttons never disagree.
 */
export const TIF_EFFECTS = [
  'publish',
  'applyToOriginal',
  'removeOriginal',
  'withdrawOriginal',
  'disapprove',
  'change',
  'drop',
  'remove',
  'duplicate',
  'restore',
] as const;
export type TTifEffect = (typeof TIF_EFFECTS)[number];

/** An item as the workflow sees it: its status and whether it is a copy (it has tifOriginalId). */
export type TTifItemState = { status: TTifStatus; isCopy: boolean };

/** The answer to an admin action: the effect and the item's status after (null: the item is deleted). */
export type TTifTransition =
  { allowed: true; effect: TTifEffect; status: TTifStatus | null } | { allowed: false };

/** The acted-on item's status after each effect; null where the item itself is deleted. */
const STATUS_AFTER: Record<TTifEffect, TTifStatus | null> = {
  publish: 'A',
  applyToOriginal: null,
  removeOriginal: null,
  withdrawOriginal: null,
  disapprove: 'D',
  change: 'P',
  drop: null,
  remove: 'D',
  duplicate: 'A',
  restore: 'A',
};

type TRow = Partial<Record<TTifAction, TTifEffect>>;

const NEW_PENDING: TRow = { a: 'publish', d: 'disapprove', c: 'change', i: 'drop', r: 'remove' };
const CHANGE_PENDING: TRow = {
  a: 'applyToOriginal',
  d: 'disapprove',
  c: 'change',
  i: 'drop',
  r: 'remove',
  DUP: 'duplicate',
};

/**
 * The lead's table (docs/workflow.md). A missing side refuses every action: RfA is never a copy,
 * RfC/RfR/RfD always are, and A is never a copy.
 */
const TABLE: Record<TTifStatus, { original?: TRow; copy?: TRow }> = {
  RfA: { original: NEW_PENDING },
  RfC: { copy: CHANGE_PENDING },
  RfR: { copy: { a: 'removeOriginal', d: 'disapprove', i: 'drop' } },
  RfD: { copy: { a: 'withdrawOriginal', d: 'disapprove', i: 'drop' } },
  P: { original: NEW_PENDING, copy: CHANGE_PENDING },
  A: { original: { d: 'disapprove', r: 'remove' } },
  D: { original: { RES: 'restore' }, copy: { i: 'drop' } },
};

/** Decides an admin's tifAction on an item: the effect to apply and the status after, or refused. */
export function tifTransition(item: TTifItemState, action: TTifAction): TTifTransition {
  const row = TABLE[item.status][item.isCopy ? 'copy' : 'original'];
  const effect = row?.[action];
  return effect ? { allowed: true, effect, status: STATUS_AFTER[effect] } : { allowed: false };
}

/** The admin actions allowed on an item, in TIF_ACTIONS order (the UI's buttons). */
export function tifActionsFor(item: TTifItemState): TTifAction[] {
  return TIF_ACTIONS.filter((action) => tifTransition(item, action).allowed);
}

/** What a non-admin asks for: a new item, or an update, delete or withdrawal of an existing one. */
export const TIF_REQUEST_KINDS = ['create', 'update', 'delete', 'withdraw'] as const;
export type TTifRequestKind = (typeof TIF_REQUEST_KINDS)[number];

/** The existing item a request is about; hasPendingCopy = it has tifTempId (a request is open). */
export type TTifRequestTarget = { status: TTifStatus; hasPendingCopy: boolean };

/**
 * How the server carries out a non-admin's request: `createItem` stores a new item (RfA),
 * `createCopy` stores a copy of the published target with tifOriginalId (and sets the target's
 * tifTempId), `editInPlace` updates the pending target keeping its status, `dropRequest` deletes
 * the pending target (the request is withdrawn), `refused` changes nothing.
 */
export type TTifRequestOutcome =
  | { outcome: 'createItem'; status: 'RfA' }
  | { outcome: 'createCopy'; status: 'RfC' | 'RfR' | 'RfD' }
  | { outcome: 'editInPlace'; status: TTifStatus }
  | { outcome: 'dropRequest' }
  | { outcome: 'refused'; reason: 'pending' | 'refused' };

const COPY_STATUS = { update: 'RfC', delete: 'RfR', withdraw: 'RfD' } as const;

/** Statuses of a pending item whose owner may still edit it, and those whose owner may withdraw it. */
const EDITABLE: readonly TTifStatus[] = ['RfA', 'RfC', 'P'];
const WITHDRAWABLE: readonly TTifStatus[] = ['RfA', 'RfC', 'RfR', 'RfD', 'P'];

/**
 * Decides a non-admin's request (spec 4). The target is ignored for `create`. The caller checks
 * that a pending target belongs to the requester's company tree before acting on it.
 */
export function tifRequest(kind: TTifRequestKind, target: TTifRequestTarget | null): TTifRequestOutcome {
  if (kind === 'create') return { outcome: 'createItem', status: 'RfA' };
  if (!target) return { outcome: 'refused', reason: 'refused' };
  if (target.status === 'A') {
    return target.hasPendingCopy
      ? { outcome: 'refused', reason: 'pending' }
      : { outcome: 'createCopy', status: COPY_STATUS[kind] };
  }
  if (kind === 'update' && EDITABLE.includes(target.status)) {
    return { outcome: 'editInPlace', status: target.status };
  }
  if (kind === 'delete' && WITHDRAWABLE.includes(target.status)) return { outcome: 'dropRequest' };
  return { outcome: 'refused', reason: 'refused' };
}
