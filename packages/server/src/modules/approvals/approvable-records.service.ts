import type { TApprovalAction, TTifAction, TTifStatus } from '@portal/contract';
import { type AppError, badRequest, forbidden } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import {
  requestPairs,
  type ApprovalsService,
  type TActed,
  type TApprovable,
  type TDecision,
  type TRequestPair,
  type TRequestSource,
  type TTifRow,
  type TTifWrite,
} from './approvals.service.ts';

/** The columns a record kept whole in its own row has besides its content (scenarios, rules). */
export type TColumnRow = TTifRow & { name: string; companyId: number | null; createdByUserId: number | null };

/** The workflow fields a save of such a record may carry (CONTRACT 4). */
export type TColumnInput = {
  companyId?: number | null | undefined;
  tifAction?: TTifAction | null | undefined;
  tifStatus?: TTifStatus | null | undefined;
  tifReason?: string | null | undefined;
  tifComment?: string | null | undefined;
};

/** Who may see which records: the tree (null: every company), the statuses, readers' narrower view. */
export type TColumnVisibility = { scope: number[] | null; statuses: readonly TTifStatus[]; reader?: boolean };

/** How one kind of column record is stored, named and changed. */
export type TColumnKind<TRow extends TColumnRow, TItem extends { input: TColumnInput }, TContent, TRecord> = {
  /** The activity log's and the decisions' name of the kind ('scenario'). */
  kind: string;
  /** The id an input names, when it changes a stored record. */
  idOf(input: TItem['input']): number | undefined;
  /** The id of a record as the API answers it. */
  recordIdOf(record: TRecord): number;
  /** The record's page in the web app ('/scenarios/12'). */
  pageOf(id: number): string;
  notFound(): AppError;
  repo: {
    loadForUpdate(id: number): Promise<TRow | undefined>;
    insert(
      values: TContent & TTifWrite & { companyId: number | null; createdByUserId: number },
    ): Promise<number>;
    update(
      id: number,
      values: Partial<TContent> & TTifWrite & { companyId?: number | null },
      touch?: boolean,
    ): Promise<void>;
    delete(id: number): Promise<void>;
    records(ids: number[]): Promise<TRecord[]>;
  };
  /** The content columns of a row: what a change request copies and an approval copies back. */
  contentOf: (row: TRow) => TContent;
  /** The content after a save: the base row (none for a new record), then what the item changes. */
  merged: (base: TRow | undefined, item: TItem) => TContent;
};

export type TColumnRecordsDeps = {
  companies: CompaniesService;
  approvals: ApprovalsService;
  transaction: TTransaction;
};

const PUBLISHED: readonly TTifStatus[] = ['A'];
const PENDING: readonly TTifStatus[] = ['RfA', 'RfC', 'RfR', 'RfD', 'P'];

/**
 * A save's field merged onto a stored row's content: `base` (none for a new record) keeps its value
 * for a field left out (undefined); null or an empty text clears it; any other value replaces it.
 */
export function keeperOf<TContent>(base: TContent | undefined) {
  return <K extends keyof TContent>(key: K, value: TContent[K] | '' | undefined): TContent[K] | null =>
    value === undefined ? (base ? base[key] : null) : value === '' ? null : value;
}

/** Readers hold neither content create nor update: they see the active published records only. */
export function isContentReader(auth: TAuth): boolean {
  return (
    !auth.isAdmin &&
    !auth.permissions.has('contentmanagement.create') &&
    !auth.permissions.has('contentmanagement.update')
  );
}

/**
 * The approval workflow for records kept whole in one row each, with nothing shared between a
 * request's copy and its original (scenarios, placement rules): who sees which, the save, update
 * and delete loops through ApprovalsService, and the TApprovable they need. Each kind brings its
 * columns, its checks and its messages; everything else is this one piece.
 */
export class ColumnRecords<
  TRow extends TColumnRow,
  TItem extends { input: TColumnInput },
  TContent,
  TRecord extends { tifOriginalId: number | null },
> implements TRequestSource<TRecord> {
  readonly #d: TColumnRecordsDeps;
  readonly #k: TColumnKind<TRow, TItem, TContent, TRecord>;

  constructor(deps: TColumnRecordsDeps, kind: TColumnKind<TRow, TItem, TContent, TRecord>) {
    this.#d = deps;
    this.#k = kind;
  }

  /** Readers see every active published record; others their tree's, any status asked for. */
  async visibility(
    auth: TAuth,
    filter: { tifStatuses?: TTifStatus[] | undefined; includeTempItems?: boolean | undefined },
  ): Promise<TColumnVisibility> {
    if (isContentReader(auth)) return { scope: null, statuses: PUBLISHED, reader: true };
    const scope = auth.isAdmin ? null : await this.#d.companies.scopeOf(auth);
    if (filter.tifStatuses?.length) return { scope, statuses: [...new Set(filter.tifStatuses)] };
    return { scope, statuses: filter.includeTempItems ? [...PUBLISHED, ...PENDING] : PUBLISHED };
  }

  /** Whether the caller's tree holds the row (admins: every row). */
  async inScope(auth: TAuth, row: TRow): Promise<boolean> {
    if (auth.isAdmin) return true;
    const scope = await this.#d.companies.scopeOf(auth);
    return row.companyId !== null && (scope?.includes(row.companyId) ?? true);
  }

  /** A save's admin-only field refused for anyone else (403), before anything is read. */
  assertActionAllowed(auth: TAuth, input: TColumnInput): void {
    if (input.tifAction && !auth.isAdmin) throw forbidden('tifAdminOnly', undefined, 'tifAction');
  }

  /** Creates records (an id among them updates that one), all or nothing; the ids saved. */
  async save(auth: TAuth, items: TItem[]): Promise<TRecord[]> {
    const store = this.#store(auth);
    const ids = await this.#d.approvals.deciding(async (mails) => {
      const saved: number[] = [];
      for (const item of items) {
        const id = this.#k.idOf(item.input);
        if (id === undefined) {
          saved.push(await this.#d.approvals.create(store, auth, item));
          continue;
        }
        const { tifAction, tifStatus, tifReason, tifComment, companyId } = item.input;
        if ((tifReason || tifComment) && !tifAction)
          throw badRequest('required', { name: 'tifAction' }, tifReason ? 'tifReason' : 'tifComment');
        const row = await this.lockVisible(auth, id, tifAction && tifStatus ? tifStatus : undefined);
        if (companyId !== undefined && companyId !== null && companyId !== row.companyId)
          await this.#d.companies.assertMayOwn(auth, companyId);
        saved.push(
          await this.#d.approvals.update(store, auth, row, item, {
            action: tifAction,
            status: tifStatus,
            decision: { reason: tifReason, comment: tifComment, mails },
          }),
        );
      }
      return saved;
    });
    return this.#k.repo.records(ids);
  }

  /**
   * Deletes at once for admins; anyone else's delete becomes a removal request (RfR). `check`
   * refuses one that must stay (a record others use), whoever asks.
   */
  async delete(auth: TAuth, ids: number[], check?: (row: TRow) => Promise<void>): Promise<TRecord[]> {
    const store = this.#store(auth);
    const answered: TRecord[] = [];
    await this.#d.transaction(async () => {
      for (const id of new Set(ids)) {
        const row = await this.lockVisible(auth, id);
        await check?.(row);
        answered.push(await this.#d.approvals.delete(store, auth, row));
      }
    });
    return answered;
  }

  /** Request items with their originals, for the approvals inbox's comparison. */
  requests(ids: number[]): Promise<Map<number, TRequestPair<TRecord>>> {
    return requestPairs(
      ids,
      (some) => this.#k.repo.records(some),
      (record) => this.#k.recordIdOf(record),
      (record) => record.tifOriginalId,
    );
  }

  /** An admin's decision on one pending request from the approvals inbox (`approvals.act`). */
  act(auth: TAuth, id: number, action: TApprovalAction, decision: TDecision): Promise<TActed> {
    return this.#d.approvals.act(this.#store(auth), auth, id, action, decision);
  }

  /** The row locked for a change, when the caller may change it (404 otherwise). */
  async lockVisible(auth: TAuth, id: number, actedOn?: TTifStatus): Promise<TRow> {
    if (isContentReader(auth)) throw this.#k.notFound();
    const row = await this.#d.approvals.lock(this.#store(auth), id, actedOn);
    if (!(await this.inScope(auth, row))) throw this.#k.notFound();
    return row;
  }

  /** What the approval workflow does to this kind, for this caller (CONTRACT 4). */
  #store(auth: TAuth): TApprovable<TRow, TItem, TRecord> {
    const { repo, contentOf, merged } = this.#k;
    return {
      kind: this.#k.kind,
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
        // The admin's own update may also move the record to another company.
        const companyId = !tif && item.input.companyId ? item.input.companyId : undefined;
        await repo.update(row.id, { ...merged(row, item), ...(companyId ? { companyId } : {}), ...tif });
      },
      applyToOriginal: (copy, tif) => repo.update(copy.tifOriginalId!, { ...contentOf(copy), ...tif }),
      // A copy shares nothing with its original but its columns.
      detach: async () => {},
      // Only a status moves lastUpdate: a pending copy marked on its original is no change of it.
      setTif: (id, tif) =>
        repo.update(
          id,
          // Workflow fields alone: no content column changes.
          tif as Partial<TContent> & TTifWrite,
          Object.keys(tif).some((key) => key !== 'tifTempId'),
        ),
      delete: (id) => repo.delete(id),
      record: async (id) => {
        const [record] = await repo.records([id]);
        if (!record) throw this.#k.notFound();
        return record;
      },
      about: (row) => ({ name: row.name, companyId: row.companyId, createdByUserId: row.createdByUserId }),
      pageOf: (id) => this.#k.pageOf(id),
    };
  }
}
