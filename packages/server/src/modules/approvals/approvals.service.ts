import {
  approvalKindOf,
  tifRequest,
  tifTransition,
  type TApprovalAction,
  type TApprovalKind,
  type TTifAction,
  type TTifEffect,
  type TTifItemState,
  type TTifRequestKind,
  type TTifRequestOutcome,
  type TTifStatus,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import { mailIn } from '../../lib/mail-text.ts';
import type { Mailer, TMail } from '../../lib/mailer.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import { changesOf, type ActivityService } from '../activity/activity.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { UsersService } from '../users/users.service.ts';
import {
  DECISION_MAIL,
  decisionNotification,
  type TDecisionNotice,
  type TDecisionOutcome,
} from './approvals.mails.ts';
import type { ApprovalsRepository } from './approvals.repository.ts';

/** The workflow columns every approvable record has (families, scenarios, placement rules). */
export type TTifRow = {
  id: number;
  tifStatus: string;
  tifOriginalId: number | null;
  tifTempId: number | null;
};

/** The workflow columns a step writes. */
export type TTifWrite = {
  tifStatus?: TTifStatus;
  tifAction?: TTifAction | null;
  tifOriginalId?: number | null;
  tifTempId?: number | null;
};

/**
 * How the workflow reaches one kind of record. `TChange` is what a save of that kind brings (its
 * input, prepared), `TRecord` what its API answers. Everything the kind's table and content need
 * stays behind these calls; the workflow only decides which of them to make (CONTRACT 4).
 */
export type TApprovable<TRow extends TTifRow, TChange, TRecord> = {
  /** The activity log's record type and first word of its kinds ('family'), and the 404's name. */
  kind: string;
  /** The record, locked until the transaction ends. */
  loadForUpdate(id: number): Promise<TRow | undefined>;
  /** Stores a new record with `change` and these workflow fields; its id. */
  create(change: TChange, tif: TTifWrite): Promise<number>;
  /** Stores a temporary item copying `original`, with `change` applied when there is one; its id. */
  copy(original: TRow, change: TChange | undefined, tif: TTifWrite): Promise<number>;
  /**
   * Writes `change` onto the record with these workflow fields; without them it is the admin's own
   * update, applied as it is.
   */
  edit(row: TRow, change: TChange, tif?: TTifWrite): Promise<void>;
  /** Copies a temporary item's content onto its original, which takes these workflow fields. */
  applyToOriginal(copy: TRow, tif: TTifWrite): Promise<void>;
  /** Makes a copy a record of its own (duplicate): what it still shares with its original becomes its own. */
  detach(copy: TRow): Promise<void>;
  /** Sets workflow fields only. */
  setTif(id: number, tif: TTifWrite): Promise<void>;
  /** Deletes the record and the copies standing for requests on it. */
  delete(id: number): Promise<void>;
  /** The record as the API answers it. */
  record(id: number): Promise<TRecord>;
  /** What a decision on the record keeps and whom it tells: its name, company and creator (the requester). */
  about(row: TRow): { name: string; companyId: number | null; createdByUserId: number | null };
  /** The record's page in the web app ('/families/12'), where a requester told of a decision goes. */
  pageOf(id: number): string;
};

/**
 * What an admin's action did: the record that now stands for it, the effect, the item's status
 * after, and the decision kept when it decided a request (null for an action on anything else).
 */
export type TActed = { id: number; effect: TTifEffect; status: TTifStatus | null; decisionId: number | null };

/** A request item with, for a copy, the published original it is about (null for a new record). */
export type TRequestPair<TRecord> = { record: TRecord; original: TRecord | null };

/** What the approvals inbox reads and does for one kind of record. */
export type TRequestSource<TRecord> = {
  /** The request items with their originals, as the comparison shows them, by the item's id. */
  requests(ids: number[]): Promise<Map<number, TRequestPair<TRecord>>>;
  /** An admin's decision on one pending request, inside `deciding`'s transaction. */
  act(auth: TAuth, id: number, action: TApprovalAction, decision: TDecision): Promise<TActed>;
};

/**
 * The request items `ids` with their originals: `load` reads records (the items, then the
 * originals the copies among them name), `idOf` and `originalOf` read a record's id and its
 * tifOriginalId. Items gone meanwhile are left out.
 */
export async function requestPairs<TRecord>(
  ids: number[],
  load: (ids: number[]) => Promise<TRecord[]>,
  idOf: (record: TRecord) => number,
  originalOf: (record: TRecord) => number | null,
): Promise<Map<number, TRequestPair<TRecord>>> {
  const items = ids.length ? await load(ids) : [];
  const originalIds = [...new Set(items.flatMap((item) => originalOf(item) ?? []))];
  const originals = new Map(
    (originalIds.length ? await load(originalIds) : []).map((record) => [idOf(record), record]),
  );
  return new Map(
    items.map((record) => {
      const originalId = originalOf(record);
      return [
        idOf(record),
        { record, original: originalId === null ? null : (originals.get(originalId) ?? null) },
      ];
    }),
  );
}

/**
 * What an admin's decision carries besides its action: the reason and comment kept with it for
 * the requester, and the list its requester's mail joins, sent once the transaction commits
 * (`deciding`).
 */
export type TDecision = { reason?: string | null; comment?: string | null; mails: TMail[] };

export type TApprovalsDeps = {
  activity: ActivityService;
  /** Where decisions are kept. */
  repo: ApprovalsRepository;
  /** The requester of a decision: language, address, whether active. */
  users: UsersService;
  /** The requester's bell. */
  notifications: NotificationsService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  transaction: TTransaction;
  publicUrl: () => string;
};

/** Where a requester is sent about a decision that left no record: the decided requests. */
const DECIDED_URL = '/approvals?view=decided';

/** What each action deciding a request means for its requester. */
const OUTCOMES: Record<TApprovalAction, TDecisionOutcome> = {
  a: 'approved',
  DUP: 'approvedAsNew',
  RES: 'approved',
  d: 'disapproved',
  i: 'dismissed',
  r: 'dismissed',
};

/** The statuses of a request waiting for an admin. */
const PENDING_STATUSES: ReadonlySet<string> = new Set<TTifStatus>(['RfA', 'RfC', 'RfR', 'RfD', 'P']);

/**
 * The approval workflow for any kind of record (docs/workflow.md): an admin's save, update or
 * delete applies at once, anyone else's becomes a temporary item, and an admin's `tifAction`
 * carries out the effect the contract's `tifTransition` names. Callers run these inside their
 * transaction, on a record `lock` returned.
 */
export class ApprovalsService {
  readonly #d: TApprovalsDeps;

  constructor(deps: TApprovalsDeps) {
    this.#d = deps;
  }

  /**
   * Runs `work` in one transaction and queues the mails its decisions added to `mails` in the same
   * one: a decision rolled back tells nobody, and one committed is mailed by the queue's worker
   * however long the mail server is away (lib/mailer.ts). Callers open it as their outermost
   * transaction.
   */
  async deciding<T>(work: (mails: TMail[]) => Promise<T>): Promise<T> {
    return this.#d.transaction(async () => {
      const mails: TMail[] = [];
      const result = await work(mails);
      for (const mail of mails) await this.#d.mailer.enqueue(mail);
      return result;
    });
  }

  /**
   * The record locked until the transaction ends, so two requests on it never both go on: 404 when
   * it does not exist. `actedOn`: the tifStatus an admin's action was made on (the record as its
   * client read it). When the record's status is another by now, or a pending request is gone (an
   * applied change or a drop deletes it), another request decided it meanwhile: 409 changedAtOnce,
   * so of two admins acting on one request at once the second is told, not acting on the result.
   * The check reads only the database, so it holds across any number of portal processes.
   */
  async lock<TRow extends TTifRow>(
    store: TApprovable<TRow, never, unknown>,
    id: number,
    actedOn?: TTifStatus,
  ): Promise<TRow> {
    const row = await store.loadForUpdate(id);
    if (!row) {
      if (actedOn && PENDING_STATUSES.has(actedOn)) throw conflict('changedAtOnce');
      throw notFound('notFound', { name: store.kind });
    }
    if (actedOn && row.tifStatus !== actedOn) throw conflict('changedAtOnce');
    return row;
  }

  /** A new record: published for an admin, a request for approval (RfA) for anyone else; its id. */
  async create<TRow extends TTifRow, TChange>(
    store: TApprovable<TRow, TChange, unknown>,
    auth: TAuth,
    change: TChange,
  ): Promise<number> {
    let status: TTifStatus = 'A';
    if (!auth.isAdmin) {
      const request = tifRequest('create', null);
      if (request.outcome !== 'createItem') throw conflict('tifRefused');
      status = request.status;
    }
    const id = await store.create(change, { tifStatus: status, tifAction: null });
    await this.#record(store, auth, auth.isAdmin ? 'create' : 'request.create', id, {
      after: await store.loadForUpdate(id),
    });
    return id;
  }

  /**
   * A change of a locked record: an admin's applies at once, or acts on it with `action`; anyone
   * else's becomes the request `tifRequest` decides. `status` is the tifStatus the change carries:
   * `RfD` asks to take a published one off line, the stored one (a record sent back as it was read)
   * changes nothing, and any other is refused (409): only the workflow moves a status. An admin's
   * action on a request is a decision, kept with `decision`'s reason and comment and told to its
   * requester. Answers the id of the record that now stands for the change.
   */
  async update<TRow extends TTifRow, TChange>(
    store: TApprovable<TRow, TChange, unknown>,
    auth: TAuth,
    row: TRow,
    change: TChange,
    options: {
      action?: TTifAction | null | undefined;
      status?: TTifStatus | null | undefined;
      decision: TDecision;
    },
  ): Promise<number> {
    const status = options.status ?? row.tifStatus;
    const withdraw = options.status === 'RfD';
    if (status !== row.tifStatus && !withdraw)
      throw conflict('tifRefused', { action: `tifStatus ${status}`, status: row.tifStatus }, 'tifStatus');
    if (auth.isAdmin) {
      if (options.action)
        return (await this.#act(store, auth, row, options.action, change, options.decision)).id;
      await store.edit(row, change);
      await this.#record(store, auth, 'update', row.id, {
        before: row,
        after: await store.loadForUpdate(row.id),
      });
      return row.id;
    }
    const kind = withdraw ? 'withdraw' : 'update';
    return (await this.#request(store, auth, row, kind, change)).id;
  }

  /**
   * A delete of a locked record: an admin's at once (its original, if it is a copy, is free for a
   * new request), anyone else's a removal request. Answers the record as it was, or the request.
   */
  async delete<TRow extends TTifRow, TRecord>(
    store: TApprovable<TRow, never, TRecord>,
    auth: TAuth,
    row: TRow,
  ): Promise<TRecord> {
    if (!auth.isAdmin) return (await this.#request(store, auth, row, 'delete', undefined)).record;
    const answer = await store.record(row.id);
    if (row.tifOriginalId !== null) await store.setTif(row.tifOriginalId, { tifTempId: null });
    await store.delete(row.id);
    await this.#record(store, auth, 'delete', row.id, { before: row });
    return answer;
  }

  /**
   * An admin's action on a pending request without an edit (the approvals inbox): every tifAction
   * but `c`, which brings the admin's changes. The item is locked first; gone (an applied change
   * or a drop deletes it) or no longer pending (decided or withdrawn meanwhile) is 409
   * changedAtOnce. Answers the record that now stands for it, the effect, the item's status after
   * (null: deleted) and the decision kept; 409 for a pair not in the table.
   */
  async act<TRow extends TTifRow>(
    store: TApprovable<TRow, never, unknown>,
    auth: TAuth,
    id: number,
    action: TApprovalAction,
    decision: TDecision,
  ): Promise<TActed> {
    const row = await store.loadForUpdate(id);
    if (!row || !PENDING_STATUSES.has(row.tifStatus)) throw conflict('changedAtOnce');
    return this.#act(store, auth, row, action, undefined, decision);
  }

  /** Carries out a non-admin's request as the contract's table says. */
  async #request<TRow extends TTifRow, TChange, TRecord>(
    store: TApprovable<TRow, TChange, TRecord>,
    auth: TAuth,
    row: TRow,
    kind: Exclude<TTifRequestKind, 'create'>,
    change: TChange | undefined,
  ): Promise<{ id: number; record: TRecord }> {
    const request: TTifRequestOutcome = tifRequest(kind, {
      status: row.tifStatus as TTifStatus,
      hasPendingCopy: row.tifTempId !== null,
    });
    switch (request.outcome) {
      case 'refused':
        if (request.reason === 'pending') throw conflict('tifPending');
        if (kind === 'withdraw') throw conflict('tifWithdrawPublished', undefined, 'tifStatus');
        throw conflict('tifRefused', { action: kind, status: row.tifStatus });
      case 'createCopy': {
        const copyId = await store.copy(row, change, {
          tifStatus: request.status,
          tifAction: null,
          tifOriginalId: row.id,
        });
        await store.setTif(row.id, { tifTempId: copyId });
        await this.#record(store, auth, `request.${request.status}`, copyId, {
          before: row,
          after: await store.loadForUpdate(copyId),
          detail: { original: row.id },
        });
        return { id: copyId, record: await store.record(copyId) };
      }
      case 'editInPlace':
        if (change !== undefined) await store.edit(row, change, {});
        await this.#record(store, auth, 'request.edit', row.id, {
          before: row,
          after: await store.loadForUpdate(row.id),
        });
        return { id: row.id, record: await store.record(row.id) };
      case 'dropRequest': {
        const record = await store.record(row.id);
        if (row.tifOriginalId !== null) await store.setTif(row.tifOriginalId, { tifTempId: null });
        await store.delete(row.id);
        await this.#record(store, auth, 'request.withdrawn', row.id, { before: row });
        return { id: row.id, record };
      }
      case 'createItem':
        throw conflict('tifRefused', { action: 'create', status: row.tifStatus });
    }
  }

  /**
   * An admin's action on an item; 409 and nothing changed for a pair not in the table. On a
   * pending request every action but `c` (which edits it and leaves it pending) decides it.
   */
  async #act<TRow extends TTifRow, TChange>(
    store: TApprovable<TRow, TChange, unknown>,
    auth: TAuth,
    row: TRow,
    action: TTifAction,
    change: TChange | undefined,
    decision: TDecision,
  ): Promise<TActed> {
    const status = row.tifStatus as TTifStatus;
    const requestKind = approvalKindOf(stateOf(row));
    // Read before the action, which may delete the row's record.
    const about = requestKind && action !== 'c' ? store.about(row) : null;
    const transition = tifTransition(stateOf(row), action);
    if (!transition.allowed || (transition.effect === 'change' && change === undefined))
      throw conflict('tifRefused', { action, status }, 'tifAction');
    const original = row.tifOriginalId;
    // The original as it was, for the log of an action that changes it instead of the item.
    const originalBefore = original === null ? undefined : await store.loadForUpdate(original);
    const releaseOriginal = async () => {
      if (original !== null) await store.setTif(original, { tifTempId: null });
    };
    let resultId = row.id;
    switch (transition.effect) {
      case 'publish':
      case 'restore':
        await store.setTif(row.id, { tifStatus: 'A', tifAction: action });
        break;
      case 'applyToOriginal':
        await store.applyToOriginal(row, { tifTempId: null, tifAction: action, tifStatus: 'A' });
        await store.delete(row.id);
        resultId = original!;
        break;
      case 'removeOriginal':
      case 'withdrawOriginal':
        await store.setTif(original!, {
          tifStatus: 'D',
          tifAction: transition.effect === 'removeOriginal' ? 'r' : 'd',
          tifTempId: null,
        });
        await store.delete(row.id);
        resultId = original!;
        break;
      case 'disapprove':
        await store.setTif(row.id, { tifStatus: 'D', tifAction: action });
        await releaseOriginal();
        break;
      case 'remove':
        await store.setTif(row.id, { tifStatus: 'D', tifAction: 'r' });
        await releaseOriginal();
        break;
      case 'change':
        await store.edit(row, change!, { tifStatus: 'P', tifAction: action });
        break;
      case 'drop':
        await store.delete(row.id);
        await releaseOriginal();
        resultId = original ?? row.id;
        break;
      case 'duplicate':
        await store.detach(row);
        await store.setTif(row.id, { tifStatus: 'A', tifAction: action, tifOriginalId: null });
        await releaseOriginal();
        break;
    }
    await this.#record(store, auth, `action.${action}`, row.id, {
      before: resultId === row.id ? row : originalBefore,
      after: await store.loadForUpdate(resultId),
      detail: { effect: transition.effect },
    });
    let decisionId: number | null = null;
    if (about && requestKind && action !== 'c') {
      decisionId = await this.#decided(store, auth, row, decision, {
        kind: requestKind,
        action,
        effect: transition.effect,
        // A dropped request leaves its original, if it had one; every other effect leaves resultId.
        left: transition.effect === 'drop' ? original : resultId,
        about,
      });
    }
    return { id: resultId, effect: transition.effect, status: transition.status, decisionId };
  }

  /**
   * Keeps an admin's decision on a request, and tells its requester (unless the admin decided their
   * own): a bell notification in the same transaction, and a mail added to `decision.mails`, both in
   * the requester's language, leading to the record the decision left (or to the decided requests
   * when it left none). Answers the decision's id.
   */
  async #decided<TRow extends TTifRow>(
    store: TApprovable<TRow, never, unknown>,
    auth: TAuth,
    row: TRow,
    decision: TDecision,
    made: {
      kind: TApprovalKind;
      action: TApprovalAction;
      effect: TTifEffect;
      left: number | null;
      about: ReturnType<TApprovable<TRow, never, unknown>['about']>;
    },
  ): Promise<number> {
    const reason = decision.reason || null;
    const comment = decision.comment || null;
    const decisionId = await this.#d.repo.insertDecision({
      recordKind: store.kind,
      recordId: row.id,
      originalId: row.tifOriginalId,
      resultId: made.left,
      requestKind: made.kind,
      action: made.action,
      effect: made.effect,
      recordName: made.about.name,
      companyId: made.about.companyId,
      reason,
      comment,
      decidedByUserId: auth.userId,
    });
    const requesterId = made.about.createdByUserId;
    if (requesterId === null || requesterId === auth.userId) return decisionId;
    const requester = await this.#d.users.byId(requesterId);
    if (!requester) return decisionId;
    const notice: TDecisionNotice = {
      kind: made.kind,
      name: made.about.name,
      outcome: OUTCOMES[made.action],
      reason,
      comment,
    };
    const url = made.left === null ? DECIDED_URL : store.pageOf(made.left);
    await this.#d.notifications.notify(auth, requesterId, {
      ...decisionNotification(requester.language, notice),
      url,
    });
    // An account switched off reads no mail of the portal; its bell waits for it.
    if (requester.active)
      decision.mails.push({
        to: requester.email,
        ...mailIn(DECISION_MAIL, requester.language, {
          ...notice,
          firstName: requester.firstName,
          link: `${this.#d.publicUrl()}/#${url}`,
        }),
      });
    return decisionId;
  }

  /**
   * Logs a step of the workflow with the fields it changed (`before` and `after`: the row as it
   * was and is; one of them missing for a create or a delete) and the company owning the record.
   */
  #record<TRow extends TTifRow>(
    store: { kind: string; about(row: TRow): { companyId: number | null } },
    auth: TAuth,
    action: string,
    id: number,
    logged: { before?: TRow | undefined; after?: TRow | undefined; detail?: Record<string, unknown> },
  ): Promise<void> {
    const { before, after, detail } = logged;
    const owner = after ?? before;
    return this.#d.activity.record({
      kind: `${store.kind}.${action}`,
      userId: auth.userId,
      companyId: auth.companyId,
      ownerCompanyId: owner ? store.about(owner).companyId : null,
      recordType: store.kind,
      recordId: id,
      changes: changesOf(before, after),
      ...(detail ? { detail } : {}),
    });
  }
}

/** A row's place in the workflow table: its status and whether it is a copy. */
function stateOf(row: TTifRow): TTifItemState {
  return { status: row.tifStatus as TTifStatus, isCopy: row.tifOriginalId !== null };
}
