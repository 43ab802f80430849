import { z } from 'zod';
import { ZId } from '../common/envelope.ts';

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
