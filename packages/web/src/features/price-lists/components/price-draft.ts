import type { TPriceItem, TPriceItemChanges, TPriceItemInput, TPriceListInput } from '@portal/contract';
import type { TPriceListSummary } from '../api/find-price-lists.ts';

export const REF_FIELDS = [
  'refValue1',
  'refValue2',
  'refValue3',
  'refValue4',
  'refValue5',
  'refValue6',
  'refValue7',
  'refValue8',
  'refValue9',
] as const;
export type TRefField = (typeof REF_FIELDS)[number];
/** The cells typed as text and read as numbers on save. */
export const NUMBER_FIELDS = ['priceItemValue', ...REF_FIELDS, 'kFactor'] as const;
export type TNumberField = (typeof NUMBER_FIELDS)[number];
export const TEXT_FIELDS = ['orderNumber', 'priceItemDescription', 'priceItemReference'] as const;
export type TTextField = (typeof TEXT_FIELDS)[number];
export const ID_FIELDS = ['priceItemPerUnitId', 'priceItemMeasurementUnitId', 'currencyId'] as const;
export type TIdField = (typeof ID_FIELDS)[number];

export const TEXT_MAX: Record<TTextField, number> = {
  orderNumber: 50,
  priceItemDescription: 500,
  priceItemReference: 200,
};
export const CODE_MAX = 100;
export const DESCRIPTION_MAX = 2000;

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

export type TCellError = 'required' | 'repeated' | 'notNumber' | 'negative' | 'tooLong';

/** What is wrong with one number cell, if anything. */
export function numberError(field: TNumberField, text: string): TCellError | undefined {
  const value = parseNumber(text);
  if (value === null) return undefined;
  if (Number.isNaN(value)) return 'notNumber';
  if ((field === 'priceItemValue' || field === 'kFactor') && value < 0) return 'negative';
  return undefined;
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
 * The save request of a list: its fields and, for a new list, every item; for a saved list only
 * what changed against `saved.rows` (added and edited rows as `upsert`, the ids of removed ones),
 * so an edit of one row of 100,000 sends one row.
 */
export function listInputOf(
  draft: TPriceListDraft,
  rows: readonly TItemDraft[],
  saved?: { priceListId: number; rows: readonly TItemDraft[] },
): TPriceListInput {
  const fields = {
    priceListCode: draft.priceListCode.trim(),
    priceListDescription: optionalText(draft.priceListDescription),
    active: draft.active,
    materialId: draft.materialId,
    componentTypeId: draft.componentTypeId,
    isPartList: draft.isPartList,
    isDefaultList: draft.isDefaultList,
    isTemplateList: draft.isTemplateList,
  };
  if (!saved) return { ...fields, priceItemInfos: rows.map(itemInputOf) };
  const changes = itemChangesOf(saved.rows, rows);
  return {
    priceListId: saved.priceListId,
    ...fields,
    ...(changes.upsert.length || changes.removeIds.length ? { priceItemChanges: changes } : {}),
  };
}

/** The id of a saved item's row (its key is `i<id>`), or undefined for a row added here. */
function savedIdOf(row: TItemDraft): number | undefined {
  return row.key.startsWith('i') ? Number(row.key.slice(1)) : undefined;
}

/** Rows added or edited since `before` (edited ones with their item's id), and the ids of rows removed. */
export function itemChangesOf(
  before: readonly TItemDraft[],
  after: readonly TItemDraft[],
): TPriceItemChanges {
  const earlier = new Map(before.map((row) => [row.key, row]));
  const upsert: TPriceItemChanges['upsert'] = [];
  for (const row of after) {
    const was = earlier.get(row.key);
    earlier.delete(row.key);
    if (was === row) continue;
    const input = itemInputOf(row);
    if (was && JSON.stringify(itemInputOf(was)) === JSON.stringify(input)) continue;
    const id = was ? savedIdOf(was) : undefined;
    upsert.push(id === undefined ? input : { priceItemId: id, ...input });
  }
  const removeIds = [...earlier.values()].flatMap((row) => savedIdOf(row) ?? []);
  return { upsert, removeIds };
}

/**
 * The rows read again after a save, in the order the person had them: each row becomes the saved
 * row with its order number (added rows got their ids); rows someone else added follow.
 */
export function inPlaceOf(rows: readonly TItemDraft[], fresh: readonly TItemDraft[]): TItemDraft[] {
  const byOrder = new Map(fresh.map((row) => [row.orderNumber.trim().toLowerCase(), row]));
  const placed = rows.flatMap((row) => {
    const order = row.orderNumber.trim().toLowerCase();
    const saved = byOrder.get(order);
    byOrder.delete(order);
    return saved ? [saved] : [];
  });
  return [...placed, ...byOrder.values()];
}

type TSortable = TTextField | TNumberField;

/** The rows sorted by one column: numbers as numbers (empty cells last), texts in the reader's collation. */
export function sortRows(
  rows: readonly TItemDraft[],
  field: TSortable,
  dir: 'ascend' | 'descend',
): TItemDraft[] {
  const sign = dir === 'ascend' ? 1 : -1;
  const isNumber = (NUMBER_FIELDS as readonly string[]).includes(field);
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    if (isNumber) {
      const x = parseNumber(a[field]);
      const y = parseNumber(b[field]);
      const xn = x === null || Number.isNaN(x);
      const yn = y === null || Number.isNaN(y);
      if (xn || yn) return xn === yn ? 0 : xn ? 1 : -1;
      return sign * ((x ?? 0) - (y ?? 0));
    }
    return sign * collator.compare(a[field], b[field]);
  });
}
