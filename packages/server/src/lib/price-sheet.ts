import type { Writable } from 'node:stream';
import {
  PRICE_ITEM_NUMBER_RANGE,
  priceSheetTitle,
  type TInterfaceLanguage,
  type TPriceSheetColumn,
  PRICE_ITEM_TEXT_MAX,
  type TMessage,
  type TMessageValues,
  type TPriceItem,
  type TPriceItemInput,
} from '@portal/contract';
import { AppError, unprocessable } from './app-error.ts';
import { cellText, loadExcel, NO, YES } from './sheet-file.ts';
import { xlsxPartsStream } from './xlsx-guard.ts';

export { sheetLanguage } from './sheet-file.ts';

type TLanguage = TInterfaceLanguage;
type TColumnKey = TPriceSheetColumn;

type TColumn = {
  key: TColumnKey;
  kind: 'text' | 'number' | 'yesno' | 'unit' | 'currency';
  width: number;
  /** The contract's bounds (text: longest length; number: range), as plain numbers for the per-cell check. */
  min?: number;
  max?: number;
};

/** The sheet's columns, in order: export writes them, import reads them by position. */
const COLUMNS: readonly TColumn[] = [
  { key: 'orderNumber', kind: 'text', width: 16, max: PRICE_ITEM_TEXT_MAX.orderNumber },
  { key: 'description', kind: 'text', width: 40, max: PRICE_ITEM_TEXT_MAX.priceItemDescription },
  { key: 'information', kind: 'text', width: 30, max: PRICE_ITEM_TEXT_MAX.priceItemInformation },
  { key: 'value', kind: 'number', width: 12, ...PRICE_ITEM_NUMBER_RANGE.priceItemValue },
  ...([1, 2, 3, 4, 5, 6, 7, 8, 9] as const).map((n) => ({
    key: `refValue${n}` as const,
    kind: 'number' as const,
    width: 11,
    ...PRICE_ITEM_NUMBER_RANGE[`refValue${n}`],
  })),
  { key: 'kFactor', kind: 'number', width: 10, ...PRICE_ITEM_NUMBER_RANGE.kFactor },
  { key: 'convertible', kind: 'yesno', width: 12 },
  { key: 'reference', kind: 'text', width: 18, max: PRICE_ITEM_TEXT_MAX.priceItemReference },
  { key: 'perUnit', kind: 'unit', width: 10 },
  { key: 'unit', kind: 'unit', width: 10 },
  { key: 'currency', kind: 'currency', width: 10 },
];

/** A column's title: the contract's, the same words as the editor grid's. */
const titleOf = priceSheetTitle;

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
  const ExcelJS = await loadExcel();
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

/**
 * Rows go to the database in batches of about this many characters of JSON (some 200 rows). Kept
 * below V8's large-object size (128 KiB), each batch's text and the rows' strings die young,
 * instead of piling up in the old generation until a full collection.
 */
const BATCH_CHARS = 96 * 1024;

/** At most this many row errors are listed; the rest are counted. */
const MAX_LISTED_ERRORS = 100;

const COLUMN_COUNT = COLUMNS.length;

/** What a row's cells are checked against: the list codes, and the order numbers seen so far. */
type TRowContext = {
  unitIds: Map<string, number>;
  currencyIds: Map<string, number>;
  yes: Set<string>;
  no: Set<string>;
  seen: Set<string>;
};

/**
 * Checks one row's cells (trimmed text, in column order) and writes each cell's value into
 * `values`; answers the row's faults, or undefined when it has none.
 */
function checkRow(
  cells: readonly string[],
  values: unknown[],
  rowNumber: number,
  context: TRowContext,
): TMessage[] | undefined {
  let faults: TMessage[] | undefined;
  const fail = (key: TMessage['key'], column: TColumn, value?: string, more?: TMessageValues) => {
    (faults ??= []).push({
      key,
      values: {
        row: rowNumber,
        column: titleOf(column.key, 'en'),
        ...(value !== undefined ? { value } : {}),
        ...more,
      },
    });
  };
  for (let index = 0; index < COLUMN_COUNT; index++) {
    const column = COLUMNS[index]!;
    const text = cells[index]!;
    switch (column.kind) {
      case 'text':
        if (index === 0 && text === '') fail('importRequired', column);
        else if (column.max && text.length > column.max) fail('importTooLong', column, String(column.max));
        values[index] = text === '' ? null : text;
        break;
      case 'number': {
        if (text === '') {
          values[index] = column.key === 'value' ? 0 : null;
          break;
        }
        const number = Number(text.replace(',', '.'));
        // The save's bounds (the contract's), so an imported list always saves again.
        const min = column.min!;
        const max = column.max!;
        if (!Number.isFinite(number)) fail('importNotNumber', column, text);
        else if (number < min || number > max) fail('importOutOfRange', column, text, { min, max });
        values[index] = number;
        break;
      }
      case 'yesno': {
        const lower = text.toLowerCase();
        if (context.yes.has(lower)) values[index] = true;
        else if (context.no.has(lower)) values[index] = false;
        else fail('importNotYesNo', column, text);
        break;
      }
      case 'unit':
      case 'currency': {
        const id =
          text === ''
            ? null
            : (column.kind === 'unit' ? context.unitIds : context.currencyIds).get(text.toLowerCase());
        if (id === undefined) fail('importNotInList', column, text);
        values[index] = id ?? null;
        break;
      }
    }
  }
  const order = cells[0]!.toLowerCase();
  if (order !== '') {
    if (context.seen.has(order)) fail('importRepeated', COLUMNS[0]!, cells[0]);
    else context.seen.add(order);
  }
  return faults;
}

/**
 * A checked row as the JSON text of its item (TPriceItemInput). Made at once, so a batch holds
 * one flat string per row, not the row's cells and objects: what waits for the database is small,
 * and the reader's garbage dies young.
 */
function itemJson(v: readonly unknown[]): string {
  const item = {
    orderNumber: v[0],
    priceItemDescription: v[1],
    priceItemInformation: v[2],
    priceItemValue: v[3],
    refValue1: v[4],
    refValue2: v[5],
    refValue3: v[6],
    refValue4: v[7],
    refValue5: v[8],
    refValue6: v[9],
    refValue7: v[10],
    refValue8: v[11],
    refValue9: v[12],
    kFactor: v[13],
    refValuesCanBeConverted: v[14],
    priceItemReference: v[15],
    priceItemPerUnitId: v[16],
    priceItemMeasurementUnitId: v[17],
    currencyId: v[18],
  } satisfies Record<keyof TPriceItemInput, unknown>;
  return JSON.stringify(item);
}

/**
 * Reads the first sheet of an .xlsx (already checked by `assertReadableXlsx`) with exceljs's
 * streaming reader: row 1 is the header, every further row an item, and every row is validated.
 * Valid rows reach `onBatch` as the JSON text of an array of TPriceItemInput, one batch written
 * while the next is read; answers how many rows the sheet held. Any faulty row rejects the whole
 * file with 422 and one message per faulty cell (the first 100, then a count of the other rows);
 * after the first, no more batches are sent, and when it rejects no `onBatch` is still running.
 * A sheet with more than `maxRows` item rows (good or bad) is 422 `priceListTooManyItems` at the
 * first row past it: the rest of the file is never read.
 */
export async function readPriceSheet(
  filePath: string,
  codes: TSheetCodes,
  onBatch: (itemsJson: string) => Promise<void>,
  maxRows = Number.POSITIVE_INFINITY,
): Promise<number> {
  const context: TRowContext = {
    unitIds: inverse(codes.units),
    currencyIds: inverse(codes.currencies),
    yes: new Set([...Object.values(YES), 'true', '1', 'y'].map((v) => v.toLowerCase())),
    no: new Set([...Object.values(NO), 'false', '0', 'n', ''].map((v) => v.toLowerCase())),
    seen: new Set(),
  };
  let batch: string[] = [];
  let batchChars = 0;
  // The batch being written: the database works on another core while the next is read.
  let writing: Promise<void> = Promise.resolve();
  let writeError: unknown;
  const write = async () => {
    const itemsJson = `[${batch.join(',')}]`;
    batch = [];
    batchChars = 0;
    await writing;
    writing = onBatch(itemsJson);
    // Awaited before the next batch or at the end; until then its failure is not unhandled.
    writing.catch((error: unknown) => {
      writeError = error;
    });
  };
  let rows = 0;
  const faults: TMessage[] = [];
  let faultyRows = 0;
  // Reused for every row: a row's cells and values die with it.
  const cells: string[] = new Array<string>(COLUMN_COUNT).fill('');
  const values: unknown[] = new Array<unknown>(COLUMN_COUNT).fill(null);
  const ExcelJS = await loadExcel();
  // The parts are measured as they inflate: a zip's declared sizes are no bound.
  const parts = xlsxPartsStream(filePath, 'excelFile');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(parts, {
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
        let blank = true;
        for (let index = 0; index < COLUMN_COUNT; index++) {
          const text = cellText(row.getCell(index + 1).value);
          cells[index] = text;
          if (text !== '') blank = false;
        }
        if (blank) continue;
        if (rows + faultyRows >= maxRows)
          throw unprocessable('priceListTooManyItems', { max: maxRows }, 'excelFile');
        const rowFaults = checkRow(cells, values, row.number, context);
        if (rowFaults) {
          faultyRows += 1;
          for (const fault of rowFaults) if (faults.length < MAX_LISTED_ERRORS) faults.push(fault);
          continue;
        }
        rows += 1;
        if (faultyRows > 0) continue;
        const json = itemJson(values);
        batch.push(json);
        batchChars += json.length + 1;
        if (batchChars >= BATCH_CHARS) await write();
      }
    }
    if (sheets === 0) throw unprocessable('importUnreadable', { name: 'excelFile' }, 'excelFile');
    if (faultyRows > 0) {
      const listedRows = new Set(faults.map((fault) => fault.values?.row)).size;
      if (faultyRows > listedRows)
        faults.push({ key: 'importMoreErrors', values: { count: faultyRows - listedRows } });
      throw new AppError(422, faults);
    }
    if (rows === 0) throw unprocessable('importNoRows', undefined, 'excelFile');
    if (batch.length) await write();
    await writing;
    return rows;
  } catch (error) {
    // The caller's transaction ends with this error: no insert may still be running on it.
    await writing.catch(() => undefined);
    if (error instanceof AppError || error === writeError) throw error;
    throw unprocessable('importUnreadable', { name: 'excelFile' }, 'excelFile');
  } finally {
    parts.destroy();
  }
}

function inverse(map: Map<number, string>): Map<string, number> {
  return new Map([...map].map(([id, code]) => [code.toLowerCase(), id]));
}
