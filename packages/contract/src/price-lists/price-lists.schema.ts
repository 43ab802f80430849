import { z } from 'zod';
import { ZFindQuery, ZId } from '../common/envelope.ts';
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

const ZRefValue = z.number().finite().min(-1e9).max(1e9).nullish();

/** One price item as saved; `orderNumber` is unique within its list. */
export const ZPriceItemInput = z.object({
  orderNumber: text('orderNumber', { min: 1, max: 50 }),
  priceItemDescription: optionalText('priceItemDescription', 500),
  priceItemInformation: optionalText('priceItemInformation', 2000),
  // numeric(14, 4): ten digits before the point.
  priceItemValue: z.number().finite().min(0).max(9_999_999_999).default(0),
  refValue1: ZRefValue,
  refValue2: ZRefValue,
  refValue3: ZRefValue,
  refValue4: ZRefValue,
  refValue5: ZRefValue,
  refValue6: ZRefValue,
  refValue7: ZRefValue,
  refValue8: ZRefValue,
  refValue9: ZRefValue,
  kFactor: z.number().finite().min(0).max(1e6).nullish(),
  refValuesCanBeConverted: z.boolean().default(false),
  priceItemReference: optionalText('priceItemReference', 200),
  /** Items of the unit list (per unit, measurement unit) and of the currency list. */
  priceItemPerUnitId: ZId.nullish(),
  priceItemMeasurementUnitId: ZId.nullish(),
  currencyId: ZId.nullish(),
});
export type TPriceItemInput = z.infer<typeof ZPriceItemInput>;

/**
 * Changes to a saved list's items, so an edit of a few rows of a long list sends only those:
 * `upsert` adds items (no `priceItemId`) or rewrites the item it names (which keeps its id);
 * `removeIds` removes items. Applied together in one transaction.
 */
export const ZPriceItemChanges = z.object({
  upsert: z
    .array(ZPriceItemInput.extend({ priceItemId: ZId.optional() }))
    .max(200_000)
    .default([]),
  removeIds: z.array(ZId).max(200_000).default([]),
});
export type TPriceItemChanges = z.infer<typeof ZPriceItemChanges>;

/**
 * Create (no id) or update (id); `priceItemInfos`, when sent, replaces the list's items, and
 * `priceItemChanges` (update only, not beside `priceItemInfos`) changes some of them.
 */
export const ZPriceListInput = z.object({
  priceListId: ZId.optional(),
  priceListCode: text('priceListCode', { min: 1, max: 100 }),
  priceListDescription: optionalText('priceListDescription', 2000),
  active: z.boolean().default(true),
  companyId: ZId.nullish(),
  measurementSystemId: z.number().int().nullish(),
  /** Items of the material list and the component type list. */
  materialId: ZId.nullish(),
  componentTypeId: ZId.nullish(),
  isPartList: z.boolean().default(false),
  isDefaultList: z.boolean().default(false),
  isTemplateList: z.boolean().default(false),
  priceItemInfos: z.array(ZPriceItemInput).max(200_000).optional(),
  priceItemChanges: ZPriceItemChanges.optional(),
});
export type TPriceListInput = z.infer<typeof ZPriceListInput>;

export const ZPriceListFindRequest = ZFindQuery.extend({
  ids: z.array(ZId).max(1000).optional(),
  companyIds: z.array(ZId).max(1000).optional(),
  codes: z.array(z.string().max(100)).max(1000).optional(),
  active: z.boolean().optional(),
  isPartList: z.boolean().optional(),
  isDefaultList: z.boolean().optional(),
  isTemplateList: z.boolean().optional(),
});
export type TPriceListFindRequest = z.infer<typeof ZPriceListFindRequest>;

export const PRICE_LIST_SORT_FIELDS = ['priceListCode', 'active', 'itemCount'] as const;

export const ZPriceListSaveRequest = z.object({ priceListInfos: z.array(ZPriceListInput).min(1).max(20) });
export const ZPriceListDeleteRequest = z.object({
  priceListInfos: z
    .array(z.object({ priceListId: ZId }))
    .min(1)
    .max(100),
});
export const ZPriceListCopyRequest = z.object({ priceListId: ZId });

/** A list in a find: its record without items (lists may hold 100,000), with how many it has. */
export const ZPriceListSummary = ZPriceList.extend({
  itemCount: z.number().int().nonnegative(),
  companyName: z.string().nullable(),
});
export const ZPriceListInfos = z.object({ priceListInfos: z.array(ZPriceListSummary) });
export const ZPriceListPage = ZPriceListInfos.extend({ totalCount: z.number().int().nonnegative() });
