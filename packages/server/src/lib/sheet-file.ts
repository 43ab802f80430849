import { INTERFACE_LANGUAGES, type TInterfaceLanguage } from '@portal/contract';
import type { CellValue } from 'exceljs';
import { AppError, unprocessable, unsupportedType } from './app-error.ts';
import { lazy } from './lazy.ts';
import { isStorableText } from './text.ts';
import { xlsxPartsStream } from './xlsx-guard.ts';

/**
 * What every sheet import and export shares (price lists, placement rules): exceljs loaded once,
 * cells read as text, yes and no in six languages, CSV read and written safely, the format of an
 * upload told by its content.
 */

/** exceljs, loaded with the first import or export. */
export const loadExcel = lazy(async () => (await import('exceljs')).default);

export const YES: Record<TInterfaceLanguage, string> = {
  en: 'Yes',
  de: 'Ja',
  es: 'Sí',
  fr: 'Oui',
  ja: 'はい',
  zh: '是',
};
export const NO: Record<TInterfaceLanguage, string> = {
  en: 'No',
  de: 'Nein',
  es: 'No',
  fr: 'Non',
  ja: 'いいえ',
  zh: '否',
};

export function sheetLanguage(language: string | undefined): TInterfaceLanguage {
  return INTERFACE_LANGUAGES.includes(language as TInterfaceLanguage)
    ? (language as TInterfaceLanguage)
    : 'en';
}

const YES_WORDS = new Set([...Object.values(YES), 'true', '1', 'y'].map((v) => v.toLowerCase()));
const NO_WORDS = new Set([...Object.values(NO), 'false', '0', 'n'].map((v) => v.toLowerCase()));

/** A yes or no cell in any language (or true/false, 1/0, y/n); undefined when it is neither. */
export function yesNoOf(text: string): boolean | undefined {
  const lower = text.toLowerCase();
  return YES_WORDS.has(lower) ? true : NO_WORDS.has(lower) ? false : undefined;
}

/** A cell's value as trimmed text (numbers as JavaScript writes them, rich text joined, formulas by result). */
export function cellText(value: CellValue): string {
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

/** An upload's format by its first bytes: a zip is an .xlsx to check, anything else CSV text to decode. */
export function sheetFormatOf(content: Buffer): 'xlsx' | 'csv' {
  return content.length >= 4 && content.readUInt32LE(0) === 0x04034b50 ? 'xlsx' : 'csv';
}

/** Most cells a row takes: far more than any sheet of ours has, few enough to bound memory. */
const MAX_ROW_CELLS = 512;

/**
 * Reads the first sheet of an .xlsx (already checked by `assertReadableXlsx`) through the guarded
 * parts stream, handing each row's cells as trimmed text to `onRow` (row 1 too) with its number;
 * `onRow` answers false to stop reading. What cannot be read is 422 `importUnreadable`.
 */
export async function readXlsxRows(
  filePath: string,
  name: string,
  onRow: (number: number, cells: string[]) => boolean,
): Promise<void> {
  const ExcelJS = await loadExcel();
  const parts = xlsxPartsStream(filePath, name);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(parts, {
    entries: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let sheets = 0;
  try {
    read: for await (const worksheet of reader) {
      sheets += 1;
      if (sheets > 1) break;
      for await (const row of worksheet) {
        const width = Math.min(row.cellCount, MAX_ROW_CELLS);
        const cells: string[] = [];
        for (let index = 1; index <= width; index++) {
          const text = cellText(row.getCell(index).value);
          // XML carries neither, but a reader might make one: PostgreSQL stores neither.
          if (!isStorableText(text)) throw unprocessable('importUnreadable', { name }, name);
          cells.push(text);
        }
        if (!onRow(row.number, cells)) break read;
      }
    }
    if (sheets === 0) throw unprocessable('importUnreadable', { name }, name);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unprocessable('importUnreadable', { name }, name);
  } finally {
    parts.destroy();
  }
}

/**
 * The rows of a CSV file: UTF-8 with or without a byte order mark, comma or semicolon separated
 * (whichever the header line has more of), quoted as RFC 4180 quotes (a quoted field may hold the
 * separator, doubled quotes and line breaks). Each row's cells go to `onRow` as trimmed text with
 * its line-counted row number; `onRow` answers false to stop. Text that is not UTF-8, or holds a
 * NUL (a binary file, or UTF-16), is 415: not a sheet; a quote left open is 422.
 */
export function readCsvRows(
  content: Buffer,
  name: string,
  onRow: (number: number, cells: string[]) => boolean,
): void {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    throw unsupportedType('notAnXlsx', { name }, name);
  }
  if (text.includes('\0')) throw unsupportedType('notAnXlsx', { name }, name);
  const separator = separatorOf(text);
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let row = 1;
  const endCell = () => {
    if (cells.length >= MAX_ROW_CELLS) throw unprocessable('importUnreadable', { name }, name);
    cells.push(cell.trim());
    cell = '';
  };
  const endRow = (): boolean => {
    endCell();
    const more = onRow(row, cells);
    cells = [];
    row += 1;
    return more;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === separator) endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      if (!endRow()) return;
    } else cell += char;
  }
  if (quoted) throw unprocessable('importUnreadable', { name }, name);
  if (cell !== '' || cells.length > 0) endRow();
}

/** The header line's separator: a semicolon when it has more of them than commas (outside quotes). */
function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** A leading =, +, -, @, tab or carriage return makes spreadsheet programs run a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: text that would run as a formula gets a leading apostrophe (CSV injection), then
 * RFC 4180 quoting. Numbers are written as they are: a negative number is no formula.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A text cell as `csvCell` neutralised it, given back: the apostrophe before a formula start removed. */
export function unneutralised(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A CSV line of cells, ending in CRLF. */
export function csvLine(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Starts a CSV file: a byte order mark, so spreadsheet programs read UTF-8 names correctly. */
export const CSV_BOM = '\uFEFF';
