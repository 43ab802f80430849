import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, sortOf, ZFindQuery, ZId } from '../common/envelope.ts';
import { optionalText, text } from '../common/fields.ts';

export const ZPriceItem = z.object({
  priceItemId: ZId,
  priceListId: ZId,
  orderNumber: z.string(),
  priceItemDescription: z.string().nullable(),
  priceItemInformation: z.string().nullable(),
  priceItemValue: z.number(),
  refValue1: z.number().nullable(),
  refValue2: z.number().nullable(),
  refValue3: z.number().nullable(),
  refValue4: z.number().nullable(),
  refValue5: z.number().nullable(),
  refValue6: z.number().nullable(),
  refValue7: z.number().nullable(),
  refValue8: z.number().nullable(),
  refValue9: z.number().nullable(),
  kFactor: z.number().nullable(),
  refValuesCanBeConverted: z.boolean(),
  priceItemReference: z.string().nullable(),
  priceItemPerUnitId: z.number().int().nullable(),
  priceItemMeasurementUnitId: z.number().int().nullable(),
  currencyId: z.number().int().nullable(),
});
export type TPriceItem = z.infer<typeof ZPriceItem>;

export const ZPriceList = z.object({
  priceListId: ZId,
  priceListCode: z.string(),
  priceListDescription: z.string().nullable(),
  active: z.boolean(),
  companyId: z.number().int().nullable(),
  measurementSystemId: z.number().int().nullable(),
  materialId: z.number().int().nullable(),
  componentTypeId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  isPartList: z.boolean(),
  isDefaultList: z.boolean(),
  isTemplateList: z.boolean(),
  priceItemInfos: z.array(ZPriceItem),
});
export type TPriceList = z.infer<typeof ZPriceList>;

/**
 * A price item's text lengths and number ranges, written once: `ZPriceItemInput` below, the Excel
 * import's row check and the web grid all apply these (the import reads the plain numbers, so its
 * per-cell check stays fast).
 */
export const PRICE_ITEM_TEXT_MAX = {
  orderNumber: 50,
  priceItemDescription: 500,
  priceItemInformation: 2000,
  priceItemReference: 200,
} as const;

const REF_VALUE_RANGE = { min: -1e9, max: 1e9 } as const;
export const PRICE_ITEM_NUMBER_RANGE = {
  // numeric(14, 4): ten digits before the point; 10,000,000,000 overflows the column.
  priceItemValue: { min: 0, max: 9_999_999_999 },
  refValue1: REF_VALUE_RANGE,
  refValue2: REF_VALUE_RANGE,
  refValue3: REF_VALUE_RANGE,
  refValue4: REF_VALUE_RANGE,
  refValue5: REF_VALUE_RANGE,
  refValue6: REF_VALUE_RANGE,
  refValue7: REF_VALUE_RANGE,
  refValue8: REF_VALUE_RANGE,
  refValue9: REF_VALUE_RANGE,
  kFactor: { min: 0, max: 1e6 },
} as const;
export type TPriceItemNumberField = keyof typeof PRICE_ITEM_NUMBER_RANGE;

/** Whether a number fits its price item field's range (finite, within the bounds). */
export function priceItemNumberFits(field: TPriceItemNumberField, value: number): boolean {
  const { min, max } = PRICE_ITEM_NUMBER_RANGE[field];
  return Number.isFinite(value) && value >= min && value <= max;
}

function itemNumber(field: TPriceItemNumberField) {
  const { min, max } = PRICE_ITEM_NUMBER_RANGE[field];
  return z.number().finite().min(min).max(max);
}

/** One price item as saved; `orderNumber` is unique within its list. */
export const ZPriceItemInput = z.object({
  /** Text; a number (as an older client or a spreadsheet sends it) is taken as its text. */
  orderNumber: z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    text('orderNumber', { min: 1, max: PRICE_ITEM_TEXT_MAX.orderNumber }),
  ),
  priceItemDescription: optionalText('priceItemDescription', PRICE_ITEM_TEXT_MAX.priceItemDescription),
  priceItemInformation: optionalText('priceItemInformation', PRICE_ITEM_TEXT_MAX.priceItemInformation),
  priceItemValue: itemNumber('priceItemValue').default(0),
  refValue1: itemNumber('refValue1').nullish(),
  refValue2: itemNumber('refValue2').nullish(),
  refValue3: itemNumber('refValue3').nullish(),
  refValue4: itemNumber('refValue4').nullish(),
  refValue5: itemNumber('refValue5').nullish(),
  refValue6: itemNumber('refValue6').nullish(),
  refValue7: itemNumber('refValue7').nullish(),
  refValue8: itemNumber('refValue8').nullish(),
  refValue9: itemNumber('refValue9').nullish(),
  kFactor: itemNumber('kFactor').nullish(),
  refValuesCanBeConverted: z.boolean().default(false),
  priceItemReference: optionalText('priceItemReference', PRICE_ITEM_TEXT_MAX.priceItemReference),
  /** Items of the unit list (per unit, measurement unit) and of the currency list. */
  priceItemPerUnitId: ZId.nullish(),
  priceItemMeasurementUnitId: ZId.nullish(),
  currencyId: ZId.nullish(),
});
export type TPriceItemInput = z.infer<typeof ZPriceItemInput>;

/**
 * Most items one list holds. A request sending more is refused by its schema (400 `tooManyItems`);
 * a save, an update's `priceItemChanges` or an Excel import that would leave a list with more is
 * 422 `priceListTooManyItems` (the import stops reading at the first row past it). The get pages
 * the items, so no answer grows with the list either way.
 */
export const PRICE_LIST_ITEMS_MAX = 200_000;

/**
 * Changes to a saved list's items, so an edit of a few rows of a long list sends only those:
 * `upsert` adds items (no `priceItemId`) or rewrites the item it names (which keeps its id);
 * `removeIds` removes items. Applied together in one transaction.
 */
export const ZPriceItemChanges = z.object({
  upsert: z
    .array(ZPriceItemInput.extend({ priceItemId: ZId.optional() }))
    .max(PRICE_LIST_ITEMS_MAX)
    .default([]),
  removeIds: z.array(ZId).max(PRICE_LIST_ITEMS_MAX).default([]),
});
export type TPriceItemChanges = z.infer<typeof ZPriceItemChanges>;

/** A price list's text lengths, for its schema below and the web form. */
export const PRICE_LIST_TEXT_MAX = { priceListCode: 100, priceListDescription: 2000 } as const;

/**
 * Create (no id) or update (id); `priceItemInfos`, when sent, replaces the list's items, and
 * `priceItemChanges` (update only, not beside `priceItemInfos`) changes some of them.
 */
export const ZPriceListInput = z
  .object({
    priceListId: ZId.optional(),
    priceListCode: text('priceListCode', { min: 1, max: PRICE_LIST_TEXT_MAX.priceListCode }),
    priceListDescription: optionalText('priceListDescription', PRICE_LIST_TEXT_MAX.priceListDescription),
    active: z.boolean().default(true),
    companyId: ZId.nullish(),
    measurementSystemId: z.number().int().nullish(),
    /** Items of the material list and the component type list. */
    materialId: ZId.nullish(),
    componentTypeId: ZId.nullish(),
    isPartList: z.boolean().default(false),
    isDefaultList: z.boolean().default(false),
    isTemplateList: z.boolean().default(false),
    priceItemInfos: z.array(ZPriceItemInput).max(PRICE_LIST_ITEMS_MAX).optional(),
    priceItemChanges: ZPriceItemChanges.optional(),
    /**
     * Read-only, answered by finds (which answer `priceItemInfos: []` beside it) and by gets, saves
     * and imports (which answer at most DEFAULT_PAGE_SIZE items beside it). A record sent back
     * with no items beside a non-zero `itemCount`, or with fewer items than a list longer than one
     * page holds, is a record whose items the client never read in full: its items are kept (change
     * them with `priceItemChanges`). A list of one page sent back shorter had every item read, so
     * its items are replaced: the ones left out are removed.
     */
    itemCount: z.number().int().nonnegative().optional(),
  })
  .transform(({ itemCount, ...list }) => {
    const sent = list.priceItemInfos;
    const unread =
      itemCount !== undefined &&
      sent !== undefined &&
      sent.length < itemCount &&
      (sent.length === 0 || itemCount > DEFAULT_PAGE_SIZE);
    return unread ? { ...list, priceItemInfos: undefined } : list;
  });
export type TPriceListInput = z.infer<typeof ZPriceListInput>;

/** The fields a find may sort by. */
export const PRICE_LIST_SORT_FIELDS = ['priceListCode', 'active', 'itemCount'] as const;

export const ZPriceListFindRequest = ZFindQuery.extend({
  sort: sortOf(PRICE_LIST_SORT_FIELDS),
  ids: z.array(ZId).max(1000).optional(),
  companyIds: z.array(ZId).max(1000).optional(),
  codes: z.array(z.string().max(100)).max(1000).optional(),
  active: z.boolean().optional(),
  isPartList: z.boolean().optional(),
  isDefaultList: z.boolean().optional(),
  isTemplateList: z.boolean().optional(),
});
export type TPriceListFindRequest = z.infer<typeof ZPriceListFindRequest>;

/** A price item's nine reference values, in column order. */
export const PRICE_ITEM_REF_FIELDS = [
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

/** The item fields a get may sort a list's items by (then by id, so paging is stable). */
export const PRICE_ITEM_SORT_FIELDS = [
  'priceItemId',
  'orderNumber',
  'priceItemDescription',
  'priceItemValue',
  ...PRICE_ITEM_REF_FIELDS,
  'kFactor',
  'priceItemReference',
] as const;
export type TPriceItemSortField = (typeof PRICE_ITEM_SORT_FIELDS)[number];

/**
 * A get's page of the list's items, as finds page (CONTRACT 1): `page`, `pageSize` (at most
 * 1,000), `sort` over item fields and `search` (order number, description or reference); with no
 * paging given, the first 1,000 items in id order.
 */
export const ZPriceListGetRequest = ZFindQuery.extend({ sort: sortOf(PRICE_ITEM_SORT_FIELDS) });
export type TPriceListGetRequest = z.infer<typeof ZPriceListGetRequest>;

export const ZPriceListSaveRequest = z.object({ priceListInfos: z.array(ZPriceListInput).min(1).max(20) });
export const ZPriceListDeleteRequest = z.object({
  priceListInfos: z
    .array(z.object({ priceListId: ZId }))
    .min(1)
    .max(100),
});
/**
 * The lists to copy: the list key shape every other price-list call takes
 * (`{priceListInfos: [{priceListId}]}`), or one `{priceListId}` as the first clients sent it.
 */
export const ZPriceListCopyRequest = z
  .object({
    priceListId: ZId.optional(),
    priceListInfos: z
      .array(z.object({ priceListId: ZId }))
      .min(1)
      .max(20)
      .optional(),
  })
  .refine((body) => (body.priceListId === undefined) !== (body.priceListInfos === undefined), {
    message: 'priceListInfos is required',
    path: ['priceListInfos'],
    params: { key: 'required', values: { name: 'priceListInfos' } },
  })
  .transform((body) => ({
    priceListIds: body.priceListInfos?.map((list) => list.priceListId) ?? [body.priceListId!],
  }));

/**
 * A list with how many items it has (`itemCount`): a find answers it without items; a get, save,
 * update or import with one page of them (the first 1,000 unless the get asks for another).
 */
export const ZPriceListSummary = ZPriceList.extend({
  itemCount: z.number().int().nonnegative(),
  companyName: z.string().nullable(),
});
export const ZPriceListInfos = z.object({ priceListInfos: z.array(ZPriceListSummary) });
export const ZPriceListPage = ZPriceListInfos.extend({ totalCount: z.number().int().nonnegative() });
/**
 * A get: the list (its `itemCount` counts all its items) with one page of them in
 * `priceItemInfos`, and `totalCount`, the items the request's search matches (all of them without
 * one), which the paging runs over.
 */
export const ZPriceListGetAnswer = ZPriceListInfos.extend({ totalCount: z.number().int().nonnegative() });

/**
 * What an Excel import would do to a list, its sheet's rows matched with the list's items by
 * order number (in any case): `added` rows name no item, `changed` ones differ from theirs in some
 * field, `unchanged` ones equal theirs, and `removed` items are named by no row. A dry run
 * (`dryRun`) answers it beside the list as it still is.
 */
export const ZPriceImportPreview = z.object({
  rows: z.number().int().nonnegative(),
  added: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});
export type TPriceImportPreview = z.infer<typeof ZPriceImportPreview>;
/** An import's answer: the list with the first page of its items; a dry run adds `importPreview`. */
export const ZPriceListImportAnswer = ZPriceListInfos.extend({
  importPreview: ZPriceImportPreview.optional(),
});
