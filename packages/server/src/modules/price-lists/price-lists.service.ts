import {
  PRICE_LIST_ITEMS_MAX,
  type TPriceItem,
  type TPriceImportPreview,
  type TPriceItemChanges,
  type TPriceList,
  type TPriceListFindRequest,
  type TPriceListGetRequest,
  type TPriceListInput,
  type ZPriceListSummary,
} from '@portal/contract';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/app-error.ts';
import { limitBytes } from '../../lib/file-store.ts';
import { readPriceSheet, sheetLanguage, type TSheetCodes, writePriceSheet } from '../../lib/price-sheet.ts';
import { assertReadableXlsx } from '../../lib/xlsx-guard.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { TAuth } from '../../lib/caller.ts';
import { changesOf, type ActivityService } from '../activity/activity.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { ListsService } from '../lists/lists.service.ts';
import { toPriceItem, toPriceList } from './price-lists.mapper.ts';
import type { PriceListsRepository, TPriceListRow } from './price-lists.repository.ts';

type TPriceListSummary = z.infer<typeof ZPriceListSummary>;

export type TPriceListsDeps = {
  repo: PriceListsRepository;
  companies: CompaniesService;
  lists: ListsService;
  activity: ActivityService;
  transaction: TTransaction;
  /** Most items a list holds; PRICE_LIST_ITEMS_MAX unless a test sets a smaller one. */
  maxItems?: number;
};

/** Which kind of list an export or import route is for: `/prices/{kind}/…`. */
export type TListKind = 'pricelist' | 'partlist';

const listNotFound = () => notFound('notFound', { name: 'price list' });
/** Largest .xlsx taken for an import (a 100,000-row list is about 5 MB). */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

/**
 * Price lists and part lists with their items. One default list per company, material and
 * component type (a new default clears the old in the same transaction); copies are named
 * `<code>-copy`, `-copy-2`, …; tenancy by company tree, portal-wide lists for admins.
 */
export class PriceListsService {
  readonly #d: TPriceListsDeps;

  constructor(deps: TPriceListsDeps) {
    this.#d = deps;
  }

  /** Most items one list may hold. */
  get #maxItems(): number {
    return this.#d.maxItems ?? PRICE_LIST_ITEMS_MAX;
  }

  async find(
    auth: TAuth,
    filter: TPriceListFindRequest,
  ): Promise<{ priceListInfos: TPriceListSummary[]; totalCount: number }> {
    const { rows, total } = await this.#d.repo.find(filter, await this.#d.companies.scopeOf(auth));
    return {
      priceListInfos: rows.map((row) => ({
        ...toPriceList(row, []),
        itemCount: row.itemCount,
        companyName: row.companyName,
      })),
      totalCount: total,
    };
  }

  /**
   * One list with one page of its items (the first 1,000 by id unless the request pages, sorts or
   * searches) and `totalCount`, the items the search matches: bounded however long the list.
   * 404 outside the caller's view.
   */
  async getPage(
    auth: TAuth,
    id: number,
    query: TPriceListGetRequest,
  ): Promise<{ priceListInfos: TPriceListSummary[]; totalCount: number }> {
    const head = await this.head(auth, id);
    const search = query.search?.trim() ? query.search : undefined;
    const [rows, totalCount] = await Promise.all([
      this.#d.repo.itemPage(id, { ...query, search }),
      search ? this.#d.repo.countItems(id, search) : head.itemCount,
    ]);
    return { priceListInfos: [{ ...head, priceItemInfos: rows.map(toPriceItem) }], totalCount };
  }

  /** One list without its items (itemCount says how many); 404 outside the caller's view. */
  async head(auth: TAuth, id: number): Promise<TPriceListSummary> {
    const { rows } = await this.#d.repo.find({ ids: [id] }, await this.#d.companies.scopeOf(auth));
    const row = rows[0];
    if (!row) throw listNotFound();
    return { ...toPriceList(row, []), itemCount: row.itemCount, companyName: row.companyName };
  }

  /** Creates or updates lists; items sent replace the list's items; all or nothing. */
  async save(auth: TAuth, inputs: TPriceListInput[]): Promise<TPriceListSummary[]> {
    if (inputs.some((i) => i.priceListId === undefined) && !auth.permissions.has('contentmanagement.create'))
      throw forbidden('permissionRequired', { permission: 'contentmanagement.create' });
    for (const [index, input] of inputs.entries()) await this.#assertReferences(input, index);
    const ids = await this.#d.transaction(async () => {
      const saved: number[] = [];
      for (const input of inputs) {
        let existing: TPriceListRow | undefined;
        if (input.priceListId !== undefined) {
          await this.head(auth, input.priceListId);
          existing = await this.#d.repo.lock(input.priceListId);
          if (!existing) throw listNotFound();
          await this.#d.companies.assertMayOwn(auth, existing.companyId);
        }
        const companyId =
          input.companyId === undefined
            ? (existing?.companyId ?? (auth.isAdmin ? null : auth.companyId))
            : input.companyId;
        await this.#d.companies.assertMayOwn(auth, companyId);
        const values = {
          code: input.priceListCode,
          description: input.priceListDescription || null,
          active: input.active,
          companyId,
          measurementSystemId: input.measurementSystemId ?? null,
          materialId: input.materialId ?? null,
          componentTypeId: input.componentTypeId ?? null,
          isPartList: input.isPartList,
          isDefaultList: input.isDefaultList,
          isTemplateList: input.isTemplateList,
        };
        const id = existing ? existing.id : await this.#d.repo.insert({ ...values, userId: auth.userId });
        if (existing) await this.#d.repo.update(id, values);
        if (values.isDefaultList) await this.#d.repo.clearDefault({ id, ...values });
        const at = `priceListInfos.${inputs.indexOf(input)}`;
        if (input.priceItemInfos) {
          this.#assertItemCount(input.priceItemInfos.length, `${at}.priceItemInfos`);
          await this.#d.repo.replaceItems(id, input.priceItemInfos);
        }
        if (input.priceItemChanges) await this.#applyItemChanges(id, input.priceItemChanges, at);
        await this.#d.activity.record({
          kind: existing ? 'priceList.update' : 'priceList.create',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: companyId,
          recordType: 'priceList',
          recordId: id,
          changes: changesOf(existing, await this.#d.repo.lock(id)),
          ...(input.priceItemInfos || input.priceItemChanges
            ? {
                detail: {
                  ...(input.priceItemInfos ? { items: input.priceItemInfos.length } : {}),
                  ...(input.priceItemChanges
                    ? {
                        itemsChanged: input.priceItemChanges.upsert.length,
                        itemsRemoved: input.priceItemChanges.removeIds.length,
                      }
                    : {}),
                },
              }
            : {}),
        });
        saved.push(id);
      }
      return saved;
    });
    return this.#withFirstPages(ids);
  }

  /** The lists as stored, each with the first page of its items (what a get answers by default). */
  async #withFirstPages(ids: number[]): Promise<TPriceListSummary[]> {
    const { rows } = await this.#d.repo.find({ ids }, null);
    const pages = await Promise.all(ids.map((id) => this.#d.repo.itemPage(id, {})));
    return ids.flatMap((id, index) =>
      rows
        .filter((r) => r.id === id)
        .map((r) => ({
          ...toPriceList(r, []),
          priceItemInfos: pages[index]!.map(toPriceItem),
          itemCount: r.itemCount,
          companyName: r.companyName,
        })),
    );
  }

  /** 422 when a list would hold more items than it may. */
  #assertItemCount(count: number, field: string): void {
    if (count > this.#maxItems) throw unprocessable('priceListTooManyItems', { max: this.#maxItems }, field);
  }

  async delete(auth: TAuth, ids: number[]): Promise<TPriceListSummary[]> {
    const answered: TPriceListSummary[] = [];
    await this.#d.transaction(async () => {
      for (const id of new Set(ids)) {
        const list = await this.head(auth, id);
        await this.#d.companies.assertMayOwn(auth, list.companyId);
        const row = await this.#d.repo.lock(id);
        await this.#d.repo.delete(id);
        await this.#d.activity.record({
          kind: 'priceList.delete',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: list.companyId,
          recordType: 'priceList',
          recordId: id,
          changes: changesOf(row, undefined),
        });
        answered.push(list);
      }
    });
    return answered;
  }

  /** A copy with its items under the next free `<code>-copy[-n]`; never the default list. */
  async copy(auth: TAuth, id: number): Promise<TPriceListSummary> {
    const source = await this.head(auth, id);
    const copyId = await this.#d.transaction(async () => {
      // Copies of one list run one after another, so two never pick the same name.
      await this.#d.repo.lock(id);
      const base = `${source.priceListCode}-copy`;
      const taken = await this.#d.repo.codesStartingWith(base);
      let code = base;
      for (let n = 2; taken.has(code.toLowerCase()); n += 1) code = `${base}-${n}`;
      const companyId = auth.isAdmin ? source.companyId : (source.companyId ?? auth.companyId);
      await this.#d.companies.assertMayOwn(auth, companyId);
      const newId = await this.#d.repo.insert({
        code,
        description: source.priceListDescription,
        active: source.active,
        companyId,
        measurementSystemId: source.measurementSystemId,
        materialId: source.materialId,
        componentTypeId: source.componentTypeId,
        isPartList: source.isPartList,
        isDefaultList: false,
        isTemplateList: source.isTemplateList,
        userId: auth.userId,
      });
      await this.#d.repo.copyItems(id, newId);
      await this.#d.activity.record({
        kind: 'priceList.copy',
        userId: auth.userId,
        companyId: auth.companyId,
        ownerCompanyId: companyId,
        recordType: 'priceList',
        recordId: newId,
        changes: changesOf(undefined, await this.#d.repo.lock(newId)),
        detail: { from: id },
      });
      return newId;
    });
    return this.head(auth, copyId);
  }

  /** The list's items as an .xlsx streamed into `output` (titles in `language`); 409 for the other kind. */
  async exportSheet(
    auth: TAuth,
    id: number,
    kind: TListKind,
    language: string | undefined,
    output: Writable,
  ): Promise<void> {
    const list = this.#ofKind(await this.head(auth, id), kind);
    const code = list.priceListCode;
    await this.#d.activity.record({
      kind: 'priceList.export',
      userId: auth.userId,
      companyId: auth.companyId,
      ownerCompanyId: list.companyId,
      recordType: 'priceList',
      recordId: id,
      detail: { kind },
    });
    await writePriceSheet(output, this.#itemPages(id), {
      language: sheetLanguage(language),
      sheetName: code,
      codes: await this.#codes(),
    });
  }

  /** A list's items 5,000 at a time, in id order, so an export never holds them all. */
  async *#itemPages(id: number): AsyncGenerator<TPriceItem[]> {
    for (let after = 0; ;) {
      const rows = await this.#d.repo.itemsAfter(id, after, 5000);
      if (rows.length === 0) return;
      yield rows.map(toPriceItem);
      after = rows.at(-1)!.id;
    }
  }

  /** The list's code for a download's file name; 404 outside the caller's view, 409 for the other kind. */
  async codeOf(auth: TAuth, id: number, kind: TListKind): Promise<string> {
    return this.#ofKind(await this.head(auth, id), kind).priceListCode;
  }

  /**
   * The list when it is of the route's kind: a part list goes out and comes in through the
   * `partlist` routes only, a price list through the `pricelist` ones (409, nothing read or changed).
   */
  #ofKind(list: TPriceListSummary, kind: TListKind): TPriceListSummary {
    if (list.isPartList !== (kind === 'partlist'))
      throw conflict(list.isPartList ? 'notAPriceList' : 'notAPartList', { code: list.priceListCode });
    return list;
  }

  /**
   * Imports an .xlsx into a list: written to a temporary file as it arrives, checked from its zip
   * directory (415 not an .xlsx, 413 would unpack too large), read row by row with every row
   * validated (422 naming each bad row; nothing changes) and counted (422 at the first row past the
   * cap, without reading further), then the items are replaced in one transaction. 409 when the
   * list is not of the route's kind. Answers the list with the first page of its new items.
   * A dry run reads and checks the sheet the same way but changes nothing: it answers the list as
   * it is, with what the import would do (`importPreview`: rows added, changed, removed, unchanged).
   */
  async importSheet(
    auth: TAuth,
    id: number,
    kind: TListKind,
    source: Readable,
    name: string,
    dryRun = false,
  ): Promise<{ priceListInfos: TPriceListSummary[]; importPreview?: TPriceImportPreview }> {
    const list = this.#ofKind(await this.head(auth, id), kind);
    await this.#d.companies.assertMayOwn(auth, list.companyId);
    const file = path.join(os.tmpdir(), `portal-import-${randomBytes(8).toString('hex')}.xlsx`);
    try {
      await pipeline(source, limitBytes(MAX_IMPORT_BYTES, name), createWriteStream(file));
      await assertReadableXlsx(file, name);
      const codes = await this.#codes();
      if (dryRun) {
        const importPreview = await this.#d.transaction(async () => {
          await this.#d.repo.openImportPreview();
          const rows = await readPriceSheet(
            file,
            codes,
            (itemsJson) => this.#d.repo.insertPreviewJson(itemsJson),
            this.#maxItems,
          );
          return { rows, ...(await this.#d.repo.comparePreview(id)) };
        });
        return { priceListInfos: [list], importPreview };
      }
      await this.#d.transaction(async () => {
        await this.#d.repo.lock(id);
        await this.#d.repo.deleteItems(id);
        const rows = await readPriceSheet(
          file,
          codes,
          (itemsJson) => this.#d.repo.insertItemsJson(id, itemsJson),
          this.#maxItems,
        );
        await this.#d.activity.record({
          kind: 'priceList.import',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: list.companyId,
          recordType: 'priceList',
          recordId: id,
          detail: { rows },
        });
      });
      return { priceListInfos: await this.#withFirstPages([id]) };
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  /**
   * Removes, rewrites (in place, keeping their ids) and adds items, in the open transaction of a
   * locked list: 409 when a named item is no longer in the list (removed or re-imported
   * meanwhile), 400 when an order number would repeat.
   */
  async #applyItemChanges(listId: number, changes: TPriceItemChanges, at: string): Promise<void> {
    const named = [...changes.removeIds, ...changes.upsert.flatMap((item) => item.priceItemId ?? [])];
    const seen = new Set<number>();
    for (const id of named) {
      if (seen.has(id))
        throw badRequest('repeated', { name: 'priceItemId', value: String(id) }, `${at}.priceItemChanges`);
      seen.add(id);
    }
    const found = await this.#d.repo.itemIdsOf(listId, named);
    if (found.size < seen.size)
      throw conflict('staleUpdate', { name: 'price list' }, `${at}.priceItemChanges`);
    const added = changes.upsert.filter((item) => item.priceItemId === undefined).length;
    if (added > changes.removeIds.length)
      this.#assertItemCount(
        (await this.#d.repo.countItems(listId, undefined)) - changes.removeIds.length + added,
        `${at}.priceItemChanges.upsert`,
      );
    const lowered = changes.upsert.map((item) => item.orderNumber.trim().toLowerCase());
    const [taken] = await this.#d.repo.takenOrderNumbers(listId, lowered, named);
    if (taken !== undefined) {
      const position = lowered.indexOf(taken.toLowerCase());
      throw badRequest(
        'repeated',
        { name: 'orderNumber', value: taken },
        `${at}.priceItemChanges.upsert.${position}.orderNumber`,
      );
    }
    await this.#d.repo.deleteItemsById(listId, changes.removeIds);
    const rewritten = changes.upsert.flatMap((item) =>
      item.priceItemId === undefined ? [] : [{ ...item, priceItemId: item.priceItemId }],
    );
    await this.#d.repo.parkOrderNumbers(
      listId,
      rewritten.map((item) => item.priceItemId),
    );
    await this.#d.repo.updateItems(listId, rewritten);
    await this.#d.repo.insertItems(
      listId,
      changes.upsert.filter((item) => item.priceItemId === undefined),
    );
  }

  async #codes(): Promise<TSheetCodes> {
    const [units, currencies] = await Promise.all([
      this.#d.lists.codesOf('unitlist'),
      this.#d.lists.codesOf('currencylist'),
    ]);
    return { units, currencies };
  }

  /** Material, component type, units and currencies name items of their generic lists. */
  async #assertReferences(input: Partial<TPriceListInput>, index: number): Promise<void> {
    const at = (field: string) => `priceListInfos.${index}.${field}`;
    if (input.materialId)
      await this.#d.lists.assertItems('materiallist', [input.materialId], at('materialId'));
    if (input.componentTypeId)
      await this.#d.lists.assertItems('componenttype', [input.componentTypeId], at('componentTypeId'));
    if (input.priceItemChanges && (input.priceListId === undefined || input.priceItemInfos))
      throw badRequest('notValid', { name: 'priceItemChanges' }, at('priceItemChanges'));
    const [items, itemsAt] = input.priceItemChanges
      ? [input.priceItemChanges.upsert, 'priceItemChanges.upsert']
      : [input.priceItemInfos ?? [], 'priceItemInfos'];
    const orders = new Set<string>();
    for (const [position, item] of items.entries()) {
      const key = item.orderNumber.trim().toLowerCase();
      if (orders.has(key))
        throw badRequest(
          'repeated',
          { name: 'orderNumber', value: item.orderNumber },
          at(`${itemsAt}.${position}.orderNumber`),
        );
      orders.add(key);
    }
    const units = items.flatMap((i) =>
      [i.priceItemPerUnitId, i.priceItemMeasurementUnitId].filter((v) => v != null),
    );
    await this.#d.lists.assertItems('unitlist', units, 'priceItemMeasurementUnitId');
    const currencies = items.flatMap((i) => (i.currencyId == null ? [] : [i.currencyId]));
    await this.#d.lists.assertItems('currencylist', currencies, 'currencyId');
  }
}

export type { TPriceList };
