import type {
  TPriceItem,
  TPriceItemChanges,
  TPriceList,
  TPriceListFindRequest,
  TPriceListInput,
  ZPriceListSummary,
} from '@portal/contract';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound, tooLarge } from '../../lib/app-error.ts';
import { readPriceSheet, sheetLanguage, type TSheetCodes, writePriceSheet } from '../../lib/price-sheet.ts';
import { assertReadableXlsx } from '../../lib/xlsx-guard.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { ListsService } from '../lists/lists.service.ts';
import { toPriceItem, toPriceList } from './price-lists.mapper.ts';
import type { PriceListsRepository, TPriceListRow } from './price-lists.repository.ts';

type TPriceListSummary = z.infer<typeof ZPriceListSummary>;

export type TPriceListsDeps = {
  repo: PriceListsRepository;
  companies: CompaniesService;
  lists: ListsService;
  audit: AuditService;
  transaction: TTransaction;
};

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

  /** One list with all its items; 404 outside the caller's view. */
  async get(auth: TAuth, id: number): Promise<TPriceListSummary> {
    const head = await this.head(auth, id);
    return { ...head, priceItemInfos: (await this.#d.repo.items(id)).map(toPriceItem) };
  }

  /**
   * One list with all its items as JSON text, for an answer too big to build as objects: the head
   * as a record, the items as pieces of JSON (each a comma-separated run of item objects) that
   * PostgreSQL wrote in one statement, so they are one consistent reading. 404 outside the view.
   */
  async getAsJson(auth: TAuth, id: number): Promise<{ head: TPriceListSummary; itemPieces: string[] }> {
    const head = await this.head(auth, id);
    return { head, itemPieces: await this.#d.repo.itemsAsJson(id) };
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
          await this.#assertMayWrite(auth, existing.companyId);
        }
        const companyId =
          input.companyId === undefined
            ? (existing?.companyId ?? (auth.isAdmin ? null : auth.companyId))
            : input.companyId;
        await this.#assertMayWrite(auth, companyId);
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
        if (input.priceItemInfos) await this.#d.repo.replaceItems(id, input.priceItemInfos);
        if (input.priceItemChanges)
          await this.#applyItemChanges(id, input.priceItemChanges, `priceListInfos.${inputs.indexOf(input)}`);
        await this.#d.audit.record({
          action: existing ? 'pricelist.update' : 'pricelist.create',
          userId: auth.userId,
          targetType: 'pricelist',
          targetId: id,
        });
        saved.push(id);
      }
      return saved;
    });
    const { rows } = await this.#d.repo.find({ ids }, null);
    return ids.flatMap((id) =>
      rows
        .filter((r) => r.id === id)
        .map((r) => ({ ...toPriceList(r, []), itemCount: r.itemCount, companyName: r.companyName })),
    );
  }

  async delete(auth: TAuth, ids: number[]): Promise<TPriceListSummary[]> {
    const answered: TPriceListSummary[] = [];
    await this.#d.transaction(async () => {
      for (const id of new Set(ids)) {
        const list = await this.head(auth, id);
        await this.#assertMayWrite(auth, list.companyId);
        await this.#d.repo.delete(id);
        await this.#d.audit.record({
          action: 'pricelist.delete',
          userId: auth.userId,
          targetType: 'pricelist',
          targetId: id,
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
      await this.#assertMayWrite(auth, companyId);
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
      await this.#d.audit.record({
        action: 'pricelist.copy',
        userId: auth.userId,
        targetType: 'pricelist',
        targetId: newId,
        detail: { from: id },
      });
      return newId;
    });
    return this.head(auth, copyId);
  }

  /** The list's items as an .xlsx streamed into `output` (titles in `language`); answers its file name. */
  async exportSheet(auth: TAuth, id: number, language: string | undefined, output: Writable): Promise<void> {
    const code = await this.codeOf(auth, id);
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

  /** The list's code for a download's file name; 404 outside the caller's view. */
  async codeOf(auth: TAuth, id: number): Promise<string> {
    return (await this.head(auth, id)).priceListCode;
  }

  /**
   * Imports an .xlsx into a list: written to a temporary file as it arrives, checked from its zip
   * directory (415 not an .xlsx, 413 would unpack too large), read row by row with every row
   * validated (422 naming each bad row; nothing changes), then the items are replaced in one
   * transaction.
   */
  async importSheet(auth: TAuth, id: number, source: Readable, name: string): Promise<TPriceListSummary> {
    const list = await this.head(auth, id);
    await this.#assertMayWrite(auth, list.companyId);
    const file = path.join(os.tmpdir(), `portal-import-${randomBytes(8).toString('hex')}.xlsx`);
    try {
      let size = 0;
      await pipeline(
        source,
        async function* limit(chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (size > MAX_IMPORT_BYTES)
              throw tooLarge('tooLargeFile', { name, max: MAX_IMPORT_BYTES / 1024 }, name);
            yield chunk;
          }
        },
        createWriteStream(file),
      );
      await assertReadableXlsx(file, name);
      const codes = await this.#codes();
      await this.#d.transaction(async () => {
        await this.#d.repo.lock(id);
        await this.#d.repo.deleteItems(id);
        const rows = await readPriceSheet(file, codes, (itemsJson) =>
          this.#d.repo.insertItemsJson(id, itemsJson),
        );
        await this.#d.audit.record({
          action: 'pricelist.import',
          userId: auth.userId,
          targetType: 'pricelist',
          targetId: id,
          detail: { rows },
        });
      });
      const { rows } = await this.#d.repo.find({ ids: [id] }, null);
      const row = rows[0]!;
      return { ...toPriceList(row, []), itemCount: row.itemCount, companyName: row.companyName };
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

  async #assertMayWrite(auth: TAuth, companyId: number | null): Promise<void> {
    if (companyId === null) {
      if (!auth.isAdmin)
        throw forbidden('permissionRequired', { permission: 'adminmanagement.update' }, 'companyId');
      return;
    }
    await this.#d.companies.assertInScope(auth, companyId);
  }
}

export type { TPriceList };
