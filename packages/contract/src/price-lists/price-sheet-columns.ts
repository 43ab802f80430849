import type { TInterfaceLanguage } from '../common/languages.ts';
import { PRICE_ITEM_REF_FIELDS } from './price-lists.schema.ts';

/**
 * The columns of a price list's Excel sheet, in order (the export writes them, the import reads
 * them by position). Their titles below are also the editor grid's column names, so a person finds
 * the same words on the screen and in the file.
 */
export const PRICE_SHEET_COLUMNS = [
  'orderNumber',
  'description',
  'information',
  'value',
  ...PRICE_ITEM_REF_FIELDS,
  'kFactor',
  'convertible',
  'reference',
  'perUnit',
  'unit',
  'currency',
] as const;
export type TPriceSheetColumn = (typeof PRICE_SHEET_COLUMNS)[number];

type TTitled = Exclude<TPriceSheetColumn, `refValue${number}`>;

const REFERENCE_VALUE: Record<TInterfaceLanguage, string> = {
  en: 'Reference value',
  de: 'Referenzwert',
  es: 'Valor de referencia',
  fr: 'Valeur de référence',
  ja: '参照値',
  zh: '参考值',
};

const TITLES: Record<TInterfaceLanguage, Record<TTitled, string>> = {
  en: {
    orderNumber: 'Order number',
    description: 'Description',
    information: 'Information',
    value: 'Price',
    kFactor: 'K factor',
    convertible: 'Convertible',
    reference: 'Reference',
    perUnit: 'Per unit',
    unit: 'Unit',
    currency: 'Currency',
  },
  de: {
    orderNumber: 'Bestellnummer',
    description: 'Beschreibung',
    information: 'Information',
    value: 'Preis',
    kFactor: 'K-Faktor',
    convertible: 'Umrechenbar',
    reference: 'Referenz',
    perUnit: 'Pro Einheit',
    unit: 'Einheit',
    currency: 'Währung',
  },
  es: {
    orderNumber: 'Número de pedido',
    description: 'Descripción',
    information: 'Información',
    value: 'Precio',
    kFactor: 'Factor K',
    convertible: 'Convertible',
    reference: 'Referencia',
    perUnit: 'Por unidad',
    unit: 'Unidad',
    currency: 'Moneda',
  },
  fr: {
    orderNumber: 'Numéro de commande',
    description: 'Description',
    information: 'Information',
    value: 'Prix',
    kFactor: 'Facteur K',
    convertible: 'Convertible',
    reference: 'Référence',
    perUnit: 'Par unité',
    unit: 'Unité',
    currency: 'Devise',
  },
  ja: {
    orderNumber: '注文番号',
    description: '説明',
    information: '情報',
    value: '価格',
    kFactor: 'K係数',
    convertible: '換算可',
    reference: '参照',
    perUnit: '単位あたり',
    unit: '単位',
    currency: '通貨',
  },
  zh: {
    orderNumber: '订货号',
    description: '描述',
    information: '信息',
    value: '价格',
    kFactor: 'K 系数',
    convertible: '可换算',
    reference: '参考',
    perUnit: '每单位',
    unit: '单位',
    currency: '货币',
  },
};

/** A column's title in a language: the sheet's header cell and the grid's column name. */
export function priceSheetTitle(column: TPriceSheetColumn, language: TInterfaceLanguage): string {
  const n = /^refValue(\d)$/.exec(column)?.[1];
  return n ? `${REFERENCE_VALUE[language]} ${n}` : TITLES[language][column as TTitled];
}

/** The column an English title names (the import's row errors name columns in English), if any. */
export function priceSheetColumnOf(englishTitle: string): TPriceSheetColumn | undefined {
  return PRICE_SHEET_COLUMNS.find((column) => priceSheetTitle(column, 'en') === englishTitle);
}
