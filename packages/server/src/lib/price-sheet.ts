import type { Writable } from 'node:stream';
import type { TMessage, TPriceItem, TPriceItemInput } from '@portal/contract';
import ExcelJS from 'exceljs';
import { AppError, unprocessable } from './app-error.ts';

type TLanguage = 'en' | 'de' | 'es' | 'fr' | 'ja' | 'zh';
type TColumnKey =
  | 'orderNumber'
  | 'description'
  | 'information'
  | 'value'
  | `refValue${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`
  | 'kFactor'
  | 'convertible'
  | 'reference'
  | 'perUnit'
  | 'unit'
  | 'currency';

type TColumn = {
  key: TColumnKey;
  kind: 'text' | 'number' | 'yesno' | 'unit' | 'currency';
  width: number;
  max?: number;
};

/** The sheet's columns, in order: export writes them, import reads them by position. */
const COLUMNS: readonly TColumn[] = [
  { key: 'orderNumber', kind: 'text', width: 16, max: 50 },
  { key: 'description', kind: 'text', width: 40, max: 500 },
  { key: 'information', kind: 'text', width: 30, max: 2000 },
  { key: 'value', kind: 'number', width: 12 },
  ...([1, 2, 3, 4, 5, 6, 7, 8, 9] as const).map((n) => ({
    key: `refValue${n}` as const,
    kind: 'number' as const,
    width: 11,
  })),
  { key: 'kFactor', kind: 'number', width: 10 },
  { key: 'convertible', kind: 'yesno', width: 12 },
  { key: 'reference', kind: 'text', width: 18, max: 200 },
  { key: 'perUnit', kind: 'unit', width: 10 },
  { key: 'unit', kind: 'unit', width: 10 },
  { key: 'currency', kind: 'currency', width: 10 },
];

const REF = {
  en: 'Reference value',
  de: 'Referenzwert',
  es: 'Valor de referencia',
  fr: 'Valeur de référence',
  ja: '参照値',
  zh: '参考值',
};
const TITLES: Record<TLanguage, Record<string, string>> = {
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
const YES = { en: 'Yes', de: 'Ja', es: 'Sí', fr: 'Oui', ja: 'はい', zh: '是' };
const NO = { en: 'No', de: 'Nein', es: 'No', fr: 'Non', ja: 'いいえ', zh: '否' };
const LANGUAGES = Object.keys(TITLES) as TLanguage[];

function titleOf(key: TColumnKey, language: TLanguage): string {
  const n = /^refValue(\d)$/.exec(key)?.[1];
  return n ? `${REF[language]} ${n}` : (TITLES[language][key] ?? key);
}

export function sheetLanguage(language: string | undefined): TLanguage {
  return LANGUAGES.includes(language as TLanguage) ? (language as TLanguage) : 'en';
}

/** Ids and codes of the list items the sheet names units and currencies by. */
export type TSheetCodes = { units: Map<number, string>; currencies: Map<number, string> };

/**
 * Writes a price list as an .xlsx a person can read (column titles in their language, number
 * formats, frozen header, one row per item), streaming row by row into `output`.
 */
export async function writePriceSheet(
  output: Writable,
  pages: AsyncIterable<readonly TPriceItem[]>,
  options: { language: TLanguage; sheetName: string; codes: TSheetCodes },
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31) || 'Prices', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = COLUMNS.map((column) => ({
    header: titleOf(column.key, options.language),
    key: column.key,
    width: column.width,
    style:
      column.key === 'value'
        ? { numFmt: '#,##0.00' }
        : column.kind === 'number'
          ? { numFmt: '0.######' }
          : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const code = (map: Map<number, string>, id: number | null) => (id === null ? null : (map.get(id) ?? null));
  for await (const items of pages)
    for (const item of items) {
      sheet
        .addRow({
          orderNumber: item.orderNumber,
          description: item.priceItemDescription,
          information: item.priceItemInformation,
          value: item.priceItemValue,
          refValue1: item.refValue1,
          refValue2: item.refValue2,
          refValue3: item.refValue3,
          refValue4: item.refValue4,
          refValue5: item.refValue5,
          refValue6: item.refValue6,
          refValue7: item.refValue7,
          refValue8: item.refValue8,
          refValue9: item.refValue9,
          kFactor: item.kFactor,
          convertible: item.refValuesCanBeConverted ? YES[options.language] : NO[options.language],
          reference: item.priceItemReference,
          perUnit: code(options.codes.units, item.priceItemPerUnitId),
          unit: code(options.codes.units, item.priceItemMeasurementUnitId),
          currency: code(options.codes.currencies, item.currencyId),
        })
        .commit();
    }
  sheet.commit();
  await workbook.commit();
}

/** Rows handed on together while a sheet is read. */
const BATCH_ROWS = 2000;

/** At most this many row errors are listed; the rest are counted. */
const MAX_LISTED_ERRORS = 100;

/**
 * Reads the first sheet of an .xlsx (already checked by `assertReadableXlsx`) with the streaming
 * reader: row 1 is the header, every further row an item. Every row is validated; any fault
 * rejects the whole file with 422 and one message per faulty cell (the first 100, then a count).
 */
export async function readPriceSheet(
  filePath: string,
  codes: TSheetCodes,
  onBatch: (items: TPriceItemInput[]) => Promise<void>,
): Promise<number> {
  const unitIds = inverse(codes.units);
  const currencyIds = inverse(codes.currencies);
  const yes = new Set([...Object.values(YES), 'true', '1', 'y'].map((v) => v.toLowerCase()));
  const no = new Set([...Object.values(NO), 'false', '0', 'n', ''].map((v) => v.toLowerCase()));
  // Rows go out in batches while the file is read; once a bad row is found only validation goes on
  // (the caller's transaction is rolled back by the 422), so memory holds one batch and the codes.
  let batch: TPriceItemInput[] = [];
  // One batch is written while the next is read: the database works on another core meanwhile.
  let writing: Promise<void> | undefined;
  let writeError: unknown;
  const write = async (items: TPriceItemInput[]) => {
    await writing;
    writing = onBatch(items);
    // Awaited before the next batch or at the end; until then its failure is not unhandled.
    writing.catch((error: unknown) => {
      writeError = error;
    });
  };
  const settled = () => writing?.catch(() => undefined);
  let count = 0;
  const errors: TMessage[] = [];
  let faulty = 0;
  const seen = new Set<string>();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    entries: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let sheets = 0;
  try {
    for await (const worksheet of reader) {
      sheets += 1;
      if (sheets > 1) break;
      for await (const row of worksheet) {
        if (row.number === 1) continue;
        const cells = COLUMNS.map((_, index) => cellText(row.getCell(index + 1).value));
        if (cells.every((c) => c === '')) continue;
        const rowErrors: TMessage[] = [];
        const fail = (key: TMessage['key'], column: TColumn, value?: string) =>
          rowErrors.push({
            key,
            values: {
              row: row.number,
              column: titleOf(column.key, 'en'),
              ...(value !== undefined ? { value } : {}),
            },
          });
        const item: Record<string, unknown> = {};
        COLUMNS.forEach((column, index) => {
          const text = cells[index]!;
          switch (column.kind) {
            case 'text':
              if (column.key === 'orderNumber' && text === '') fail('importRequired', column);
              else if (column.max && text.length > column.max)
                fail('importTooLong', column, String(column.max));
              item[column.key] = text === '' ? null : text;
              break;
            case 'number': {
              if (text === '') {
                item[column.key] = column.key === 'value' ? 0 : null;
                break;
              }
              const number = Number(text.replace(',', '.'));
              // The same bounds as the save's schema, so an imported list always saves again.
              const [min, max] =
                column.key === 'value' ? [0, 1e10] : column.key === 'kFactor' ? [0, 1e6] : [-1e9, 1e9];
              if (!Number.isFinite(number) || number < min || number > max)
                fail('importNotNumber', column, text);
              item[column.key] = number;
              break;
            }
            case 'yesno':
              if (yes.has(text.toLowerCase())) item[column.key] = true;
              else if (no.has(text.toLowerCase())) item[column.key] = false;
              else fail('importNotYesNo', column, text);
              break;
            case 'unit':
            case 'currency': {
              const ids = column.kind === 'unit' ? unitIds : currencyIds;
              const id = text === '' ? null : ids.get(text.toLowerCase());
              if (id === undefined) fail('importNotInList', column, text);
              item[column.key] = id ?? null;
              break;
            }
          }
        });
        const order = cells[0]!.toLowerCase();
        if (order !== '') {
          if (seen.has(order)) fail('importRepeated', COLUMNS[0]!, cells[0]);
          else seen.add(order);
        }
        if (rowErrors.length) {
          faulty += 1;
          for (const error of rowErrors) if (errors.length < MAX_LISTED_ERRORS) errors.push(error);
          continue;
        }
        count += 1;
        if (faulty > 0) continue;
        batch.push(toItemInput(item));
        if (batch.length >= BATCH_ROWS) {
          await write(batch);
          batch = [];
        }
      }
    }
  } catch (error) {
    // The caller's transaction ends with this error: no insert may still be running on it.
    await settled();
    if (error instanceof AppError || error === writeError) throw error;
    throw unprocessable('importUnreadable', { name: 'excelFile' }, 'excelFile');
  }
  await settled();
  if (sheets === 0) throw unprocessable('importUnreadable', { name: 'excelFile' }, 'excelFile');
  if (faulty > 0) {
    const listedRows = new Set(errors.map((e) => e.values?.row)).size;
    const messages = [...errors];
    if (faulty > listedRows)
      messages.push({ key: 'importMoreErrors', values: { count: faulty - listedRows } });
    throw new AppError(422, messages);
  }
  if (count === 0) throw unprocessable('importNoRows', undefined, 'excelFile');
  await writing;
  if (batch.length) await onBatch(batch);
  return count;
}

function toItemInput(item: Record<string, unknown>): TPriceItemInput {
  const ref = (n: number) => item[`refValue${n}`] as number | null;
  return {
    orderNumber: item.orderNumber as string,
    priceItemDescription: item.description as string | null,
    priceItemInformation: item.information as string | null,
    priceItemValue: item.value as number,
    refValue1: ref(1),
    refValue2: ref(2),
    refValue3: ref(3),
    refValue4: ref(4),
    refValue5: ref(5),
    refValue6: ref(6),
    refValue7: ref(7),
    refValue8: ref(8),
    refValue9: ref(9),
    kFactor: item.kFactor as number | null,
    refValuesCanBeConverted: item.convertible as boolean,
    priceItemReference: item.reference as string | null,
    priceItemPerUnitId: item.perUnit as number | null,
    priceItemMeasurementUnitId: item.unit as number | null,
    currencyId: item.currency as number | null,
  };
}

/** A cell's value as trimmed text (numbers as JavaScript writes them, rich text joined, formulas by result). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('result' in value) return cellText(value.result);
    if ('text' in value) return String(value.text).trim();
  }
  return '';
}

function inverse(map: Map<number, string>): Map<string, number> {
  return new Map([...map].map(([id, code]) => [code.toLowerCase(), id]));
}
