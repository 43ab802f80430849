import type { TPriceItem, TPriceList } from '@portal/contract';
import type { TPriceItemRow, TPriceListRow } from './price-lists.repository.ts';

/** The one place price list rows become API records. */
export function toPriceList(row: TPriceListRow, items: TPriceItemRow[]): TPriceList {
  return {
    priceListId: row.id,
    priceListCode: row.code,
    priceListDescription: row.description,
    active: row.active,
    companyId: row.companyId,
    measurementSystemId: row.measurementSystemId,
    materialId: row.materialId,
    componentTypeId: row.componentTypeId,
    userId: row.userId,
    isPartList: row.isPartList,
    isDefaultList: row.isDefaultList,
    isTemplateList: row.isTemplateList,
    priceItemInfos: items.map(toPriceItem),
  };
}

export function toPriceItem(row: TPriceItemRow): TPriceItem {
  return {
    priceItemId: row.id,
    priceListId: row.priceListId,
    orderNumber: row.orderNumber,
    priceItemDescription: row.description,
    priceItemInformation: row.information,
    priceItemValue: row.value,
    refValue1: row.refValue1,
    refValue2: row.refValue2,
    refValue3: row.refValue3,
    refValue4: row.refValue4,
    refValue5: row.refValue5,
    refValue6: row.refValue6,
    refValue7: row.refValue7,
    refValue8: row.refValue8,
    refValue9: row.refValue9,
    kFactor: row.kFactor,
    refValuesCanBeConverted: row.refValuesCanBeConverted,
    priceItemReference: row.reference,
    priceItemPerUnitId: row.perUnitId,
    priceItemMeasurementUnitId: row.measurementUnitId,
    currencyId: row.currencyId,
  };
}
