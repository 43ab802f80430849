import {
  tifRequest,
  tifTransition,
  type TTifAction,
  type TTifEffect,
  type TTifItemState,
  type TTifRequestKind,
  type TTifRequestOutcome,
  type TTifStatus,
} from '@portal/contract';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { AuditService } from '../audit/audit.service.ts';

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
  /** The audit's target type and first word of its actions ('family'), and the 404's name. */
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
};

/** What an admin's action did: the record that now stands for it, the effect, the item's status after. */
export type TActed = { id: number; effect: TTifEffect; status: TTifStatus | null };

export type TApprovalsDeps = {
  audit: AuditService;
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
    await this.#audit(store, auth, auth.isAdmin ? 'create' : 'request.create', id);
    return id;
  }

  /**
   * A change of a locked record: an admin's applies at once, or acts on it with `action`; anyone
   * else's becomes the request `tifRequest` decides. `status` is the tifStatus the change carries:
   * `RfD` asks to take a published one off line, the stored one (a record sent back as it was read)
   * changes nothing, and any other is refused (409): only the workflow moves a status.
   * Answers the id of the record that now stands for the change.
   */
  async update<TRow extends TTifRow, TChange>(
    store: TApprovable<TRow, TChange, unknown>,
    auth: TAuth,
    row: TRow,
    change: TChange,
    options: { action?: TTifAction | null | undefined; status?: TTifStatus | null | undefined } = {},
  ): Promise<number> {
    const status = options.status ?? row.tifStatus;
    const withdraw = options.status === 'RfD';
    if (status !== row.tifStatus && !withdraw)
      throw conflict('tifRefused', { action: `tifStatus ${status}`, status: row.tifStatus }, 'tifStatus');
    if (auth.isAdmin) {
      if (options.action) return (await this.#act(store, auth, row, options.action, change)).id;
      await store.edit(row, change);
      await this.#audit(store, auth, 'update', row.id);
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
    await this.#audit(store, auth, 'delete', row.id);
    return answer;
  }

  /**
   * An admin's action on a locked record without an edit (the approvals inbox): every tifAction
   * but `c`, which brings the admin's changes. Answers the record that now stands for it, the
   * effect, and the acted-on item's status after (null: deleted); 409 for a pair not in the table.
   */
  async act<TRow extends TTifRow>(
    store: TApprovable<TRow, never, unknown>,
    auth: TAuth,
    row: TRow,
    action: Exclude<TTifAction, 'c'>,
  ): Promise<TActed> {
    return this.#act(store, auth, row, action, undefined);
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
        await this.#audit(store, auth, `request.${request.status}`, copyId, { original: row.id });
        return { id: copyId, record: await store.record(copyId) };
      }
      case 'editInPlace':
        if (change !== undefined) await store.edit(row, change, {});
        await this.#audit(store, auth, 'request.edit', row.id);
        return { id: row.id, record: await store.record(row.id) };
      case 'dropRequest': {
        const record = await store.record(row.id);
        if (row.tifOriginalId !== null) await store.setTif(row.tifOriginalId, { tifTempId: null });
        await store.delete(row.id);
        await this.#audit(store, auth, 'request.withdrawn', row.id);
        return { id: row.id, record };
      }
      case 'createItem':
        throw conflict('tifRefused', { action: 'create', status: row.tifStatus });
    }
  }

  /** An admin's action on an item; 409 and nothing changed for a pair not in the table. */
  async #act<TRow extends TTifRow, TChange>(
    store: TApprovable<TRow, TChange, unknown>,
    auth: TAuth,
    row: TRow,
    action: TTifAction,
    change: TChange | undefined,
  ): Promise<TActed> {
    const status = row.tifStatus as TTifStatus;
    const transition = tifTransition(stateOf(row), action);
    if (!transition.allowed || (transition.effect === 'change' && change === undefined))
      throw conflict('tifRefused', { action, status }, 'tifAction');
    const original = row.tifOriginalId;
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
    await this.#audit(store, auth, `action.${action}`, row.id, { effect: transition.effect });
    return { id: resultId, effect: transition.effect, status: transition.status };
  }

  #audit(
    store: { kind: string },
    auth: TAuth,
    action: string,
    id: number,
    detail?: Record<string, unknown>,
  ): Promise<void> {
    return this.#d.audit.record({
      action: `${store.kind}.${action}`,
      userId: auth.userId,
      companyId: auth.companyId,
      targetType: store.kind,
      targetId: id,
      ...(detail ? { detail } : {}),
    });
  }
}

/** A row's place in the workflow table: its status and whether it is a copy. */
function stateOf(row: TTifRow): TTifItemState {
  return { status: row.tifStatus as TTifStatus, isCopy: row.tifOriginalId !== null };
}
