import {
  PRICE_ITEM_NUMBER_RANGE,
  PRICE_ITEM_REF_FIELDS,
  PRICE_ITEM_TEXT_MAX,
  PRICE_LIST_TEXT_MAX,
  priceItemNumberFits,
  type TPriceItem,
  type TPriceItemChanges,
  type TPriceItemInput,
  type TPriceListInput,
} from '@portal/contract';
import type { TPriceListSummary } from '../api/find-price-lists.ts';

export const REF_FIELDS = PRICE_ITEM_REF_FIELDS;
export type TRefField = (typeof REF_FIELDS)[number];
/** The cells typed as text and read as numbers on save. */
export const NUMBER_FIELDS = ['priceItemValue', ...REF_FIELDS, 'kFactor'] as const;
export type TNumberField = (typeof NUMBER_FIELDS)[number];
export const TEXT_FIELDS = ['orderNumber', 'priceItemDescription', 'priceItemReference'] as const;
export type TTextField = (typeof TEXT_FIELDS)[number];
export const ID_FIELDS = ['priceItemPerUnitId', 'priceItemMeasurementUnitId', 'currencyId'] as const;
export type TIdField = (typeof ID_FIELDS)[number];

/** The contract's limits, so the grid refuses what the save would. */
export const TEXT_MAX: Record<TTextField, number> = PRICE_ITEM_TEXT_MAX;
export const CODE_MAX = PRICE_LIST_TEXT_MAX.priceListCode;
export const DESCRIPTION_MAX = PRICE_LIST_TEXT_MAX.priceListDescription;

/** One grid row: numbers kept as typed until the save reads them. */
export type TItemDraft = Record<TTextField, string> &
  Record<TNumberField, string> &
  Record<TIdField, number | null> & {
    key: string;
    priceItemInformation: string | null;
    refValuesCanBeConverted: boolean;
  };

export type TPriceListDraft = {
  priceListCode: string;
  priceListDescription: string;
  active: boolean;
  materialId: number | null;
  componentTypeId: number | null;
  isPartList: boolean;
  isDefaultList: boolean;
  isTemplateList: boolean;
};

let nextKey = 0;
function freshKey(): string {
  nextKey += 1;
  return `n${nextKey}`;
}

function numberText(value: number | null): string {
  return value === null ? '' : String(value);
}

/** The draft row of a saved item. */
export function itemDraftOf(item: TPriceItem): TItemDraft {
  return {
    key: `i${item.priceItemId}`,
    orderNumber: item.orderNumber,
    priceItemDescription: item.priceItemDescription ?? '',
    priceItemReference: item.priceItemReference ?? '',
    priceItemInformation: item.priceItemInformation,
    priceItemValue: numberText(item.priceItemValue),
    refValue1: numberText(item.refValue1),
    refValue2: numberText(item.refValue2),
    refValue3: numberText(item.refValue3),
    refValue4: numberText(item.refValue4),
    refValue5: numberText(item.refValue5),
    refValue6: numberText(item.refValue6),
    refValue7: numberText(item.refValue7),
    refValue8: numberText(item.refValue8),
    refValue9: numberText(item.refValue9),
    kFactor: numberText(item.kFactor),
    refValuesCanBeConverted: item.refValuesCanBeConverted,
    priceItemPerUnitId: item.priceItemPerUnitId,
    priceItemMeasurementUnitId: item.priceItemMeasurementUnitId,
    currencyId: item.currencyId,
  };
}

/** An empty row for "Add item". */
export function newItem(): TItemDraft {
  const empty = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, ''])) as Record<TNumberField, string>;
  return {
    ...empty,
    key: freshKey(),
    orderNumber: '',
    priceItemDescription: '',
    priceItemReference: '',
    priceItemInformation: null,
    priceItemValue: '0',
    refValuesCanBeConverted: false,
    priceItemPerUnitId: null,
    priceItemMeasurementUnitId: null,
    currencyId: null,
  };
}

export function listDraftOf(list: TPriceListSummary | null): TPriceListDraft {
  return {
    priceListCode: list?.priceListCode ?? '',
    priceListDescription: list?.priceListDescription ?? '',
    active: list?.active ?? true,
    materialId: list?.materialId ?? null,
    componentTypeId: list?.componentTypeId ?? null,
    isPartList: list?.isPartList ?? false,
    isDefaultList: list?.isDefaultList ?? false,
    isTemplateList: list?.isTemplateList ?? false,
  };
}

/** A typed number: null for an empty cell, NaN for text that is not one (a comma reads as a point). */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : Number.NaN;
}

export type TCellError = 'required' | 'repeated' | 'notNumber' | 'tooSmall' | 'tooLarge' | 'tooLong';

/** What is wrong with one number cell, if anything: the contract's range decides. */
export function numberError(field: TNumberField, text: string): TCellError | undefined {
  const value = parseNumber(text);
  if (value === null) return undefined;
  if (Number.isNaN(value)) return 'notNumber';
  if (priceItemNumberFits(field, value)) return undefined;
  return value < PRICE_ITEM_NUMBER_RANGE[field].min ? 'tooSmall' : 'tooLarge';
}

export type TRowErrors = Partial<Record<TTextField | TNumberField, TCellError>>;

/** Every row's errors by key (missing or repeated order numbers, numbers that are not). */
export function validateItems(rows: readonly TItemDraft[]): Map<string, TRowErrors> {
  const errors = new Map<string, TRowErrors>();
  const seen = new Set<string>();
  for (const row of rows) {
    const rowErrors: TRowErrors = {};
    const order = row.orderNumber.trim().toLowerCase();
    if (order === '') rowErrors.orderNumber = 'required';
    else if (seen.has(order)) rowErrors.orderNumber = 'repeated';
    seen.add(order);
    for (const field of TEXT_FIELDS) if (row[field].length > TEXT_MAX[field]) rowErrors[field] = 'tooLong';
    for (const field of NUMBER_FIELDS) {
      const error = numberError(field, row[field]);
      if (error) rowErrors[field] = error;
    }
    if (Object.keys(rowErrors).length > 0) errors.set(row.key, rowErrors);
  }
  return errors;
}

function optionalText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The item as sent; call after validateItems found nothing. */
export function itemInputOf(row: TItemDraft): TPriceItemInput {
  const refs = Object.fromEntries(REF_FIELDS.map((f) => [f, parseNumber(row[f])])) as Record<
    TRefField,
    number | null
  >;
  return {
    orderNumber: row.orderNumber.trim(),
    priceItemDescription: optionalText(row.priceItemDescription),
    priceItemInformation: row.priceItemInformation,
    priceItemValue: parseNumber(row.priceItemValue) ?? 0,
    ...refs,
    kFactor: parseNumber(row.kFactor),
    refValuesCanBeConverted: row.refValuesCanBeConverted,
    priceItemReference: optionalText(row.priceItemReference),
    priceItemPerUnitId: row.priceItemPerUnitId,
    priceItemMeasurementUnitId: row.priceItemMeasurementUnitId,
    currencyId: row.currencyId,
  };
}

/**
 * The unsaved edits of a list's items while the grid pages through the server: rows added here,
 * saved items as edited (by key, `i<id>`) and the keys of saved items removed. Only these live in
 * the browser; every other item stays on the server, so a list of any length edits the same way.
 */
export type TItemsDraft = {
  /** Rows added here, newest first. */
  readonly added: readonly TItemDraft[];
  /** Saved items edited here, by key, as they are now. */
  readonly edited: ReadonlyMap<string, TItemDraft>;
  /** Saved items as they were read before their first edit, by key (an edit back is no change). */
  readonly before: ReadonlyMap<string, TItemDraft>;
  /** Keys of saved items removed here. */
  readonly removed: ReadonlySet<string>;
};

export const NO_EDITS: TItemsDraft = { added: [], edited: new Map(), before: new Map(), removed: new Set() };

/** The draft with a new empty row first; answers it too, so the grid can focus it. */
export function withNewRow(draft: TItemsDraft): [TItemsDraft, TItemDraft] {
  const row = newItem();
  return [{ ...draft, added: [row, ...draft.added] }, row];
}

/** The draft with `row` (as shown: saved, edited or added) changed by `patch`. */
export function withEdit(draft: TItemsDraft, row: TItemDraft, patch: Partial<TItemDraft>): TItemsDraft {
  const next = { ...row, ...patch };
  if (savedIdOf(row) === undefined)
    return { ...draft, added: draft.added.map((added) => (added.key === row.key ? next : added)) };
  const edited = new Map(draft.edited).set(row.key, next);
  const before = draft.before.has(row.key) ? draft.before : new Map(draft.before).set(row.key, row);
  return { ...draft, edited, before };
}

/** The draft without the rows of these keys: added ones are dropped, saved ones marked removed. */
export function withoutRows(draft: TItemsDraft, keys: readonly string[]): TItemsDraft {
  const gone = new Set(keys);
  const removed = new Set(draft.removed);
  const edited = new Map(draft.edited);
  for (const key of gone) {
    if (!key.startsWith('i')) continue;
    removed.add(key);
    edited.delete(key);
  }
  return { ...draft, added: draft.added.filter((row) => !gone.has(row.key)), edited, removed };
}

/** The rows the grid shows: the added ones first, then the server's page with the edits, less the removed. */
export function shownRows(draft: TItemsDraft, page: readonly TItemDraft[]): TItemDraft[] {
  return [
    ...draft.added,
    ...page.filter((row) => !draft.removed.has(row.key)).map((row) => draft.edited.get(row.key) ?? row),
  ];
}

/** The rows the draft holds (added and edited), which a save would send. */
export function draftRows(draft: TItemsDraft): TItemDraft[] {
  return [...draft.added, ...draft.edited.values()];
}

/** Whether the draft changes anything: an added or removed row, or an edit that differs from the saved item. */
export function hasEdits(draft: TItemsDraft): boolean {
  return draft.added.length > 0 || draft.removed.size > 0 || itemChangesOf(draft).upsert.length > 0;
}

/**
 * The save request of a list: its fields and, for a new list, every row added; for a saved list
 * only what the draft changed (added and edited rows as `upsert`, the ids of removed ones), so an
 * edit of one row of 100,000 sends one row.
 */
export function listInputOf(header: TPriceListDraft, draft: TItemsDraft, savedId?: number): TPriceListInput {
  const fields = {
    priceListCode: header.priceListCode.trim(),
    priceListDescription: optionalText(header.priceListDescription),
    active: header.active,
    materialId: header.materialId,
    componentTypeId: header.componentTypeId,
    isPartList: header.isPartList,
    isDefaultList: header.isDefaultList,
    isTemplateList: header.isTemplateList,
  };
  if (savedId === undefined) return { ...fields, priceItemInfos: draft.added.map(itemInputOf) };
  const changes = itemChangesOf(draft);
  return {
    priceListId: savedId,
    ...fields,
    ...(changes.upsert.length || changes.removeIds.length ? { priceItemChanges: changes } : {}),
  };
}

/** The id of a saved item's row (its key is `i<id>`), or undefined for a row added here. */
function savedIdOf(row: TItemDraft): number | undefined {
  return row.key.startsWith('i') ? Number(row.key.slice(1)) : undefined;
}

/** The draft as item changes: added rows, edited rows that differ from the saved item (with its id), removed ids. */
export function itemChangesOf(draft: TItemsDraft): TPriceItemChanges {
  const upsert: TPriceItemChanges['upsert'] = draft.added.map(itemInputOf);
  for (const [key, row] of draft.edited) {
    const input = itemInputOf(row);
    const was = draft.before.get(key);
    if (was && JSON.stringify(itemInputOf(was)) === JSON.stringify(input)) continue;
    upsert.push({ priceItemId: savedIdOf(row)!, ...input });
  }
  const removeIds = [...draft.removed].map((key) => Number(key.slice(1)));
  return { upsert, removeIds };
}
