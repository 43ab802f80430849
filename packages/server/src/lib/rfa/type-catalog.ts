import type { TFamilyType, TMessageKey, TMessageValues } from '@portal/contract';
import { unprocessable } from '../app-error.ts';

const FIELD = 'typeCatalogText';
// Revit itself lists at most a few hundred types; these keep a pasted catalog's cost bounded.
const MAX_TYPES = 10_000;
const MAX_COLUMNS = 500;
/**
 * Every type repeats the header's names beside its values, so the stored types grow as types x
 * header: these bound what one catalog becomes (a large real one, 2,000 types of 40 columns, is
 * 80,000 values and about 6 MB).
 */
const MAX_VALUES = 200_000;
const MAX_STORED_CHARS = 16 * 1024 * 1024;
/** What one parameter costs in the stored JSON besides its texts (keys, quotes, commas). */
const PARAMETER_OVERHEAD = 48;

type TColumn = { name: string; dataType: string; unit: string | null };

const DATA_TYPE = /^[A-Za-z][A-Za-z0-9_]*$/;
const UNIT = /^[A-Za-z0-9_]*$/;

function fail(key: TMessageKey, values?: TMessageValues): never {
  throw unprocessable(key, values, FIELD);
}

/**
 * The text of a type catalog file: UTF-8 (with or without BOM), UTF-16LE or UTF-16BE with a BOM,
 * UTF-16LE without one when its header starts `,` or `;`, else Windows-1252 (older Revit wrote the ANSI code page).
 */
export function decodeTypeCatalog(buffer: Buffer): string {
  const [first, second] = buffer;
  if (first === 0xef && second === 0xbb && buffer[2] === 0xbf) return buffer.subarray(3).toString('utf8');
  if (first === 0xff && second === 0xfe) return buffer.subarray(2).toString('utf16le');
  if (first === 0xfe && second === 0xff) return new TextDecoder('utf-16be').decode(buffer.subarray(2));
  if ((first === 0x2c || first === 0x3b) && second === 0) return buffer.toString('utf16le');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

/** One line's cells; a quoted cell ends on its line, and `""` inside it is one quote. */
function splitLine(line: string, separator: string, lineNumber: number): string[] {
  const cells: string[] = [];
  let at = 0;
  for (;;) {
    while (line[at] === ' ' || line[at] === '\t') at++;
    if (line[at] === '"') {
      let value = '';
      let from = at + 1;
      for (;;) {
        const quote = line.indexOf('"', from);
        if (quote < 0) fail('typeCatalogQuote', { line: lineNumber });
        value += line.slice(from, quote);
        if (line[quote + 1] !== '"') {
          at = quote + 1;
          break;
        }
        value += '"';
        from = quote + 2;
      }
      while (line[at] === ' ' || line[at] === '\t') at++;
      if (at < line.length && line[at] !== separator) fail('typeCatalogQuote', { line: lineNumber });
      cells.push(value);
    } else {
      const end = line.indexOf(separator, at);
      // A quote inside an unquoted cell is literal: type names such as 24" x 36" are common.
      cells.push(line.slice(at, end < 0 ? line.length : end).trim());
      at = end < 0 ? line.length : end;
    }
    if (at >= line.length) return cells;
    at++;
    if (cells.length > MAX_COLUMNS) fail('tooManyItems', { name: FIELD, max: MAX_COLUMNS });
  }
}

function readHeader(cells: string[]): TColumn[] {
  if (cells.length < 2 || cells[0] !== '') fail('typeCatalogHeader');
  return cells.slice(1).map((cell, index) => {
    const [name, dataType, unit, ...rest] = cell.split('##').map((part) => part.trim());
    if (
      !name ||
      !dataType ||
      unit === undefined ||
      rest.length ||
      !DATA_TYPE.test(dataType) ||
      !UNIT.test(unit)
    ) {
      fail('typeCatalogColumn', { column: index + 2 });
    }
    return { name, dataType, unit: unit || null };
  });
}

/**
 * Parses a Revit type catalog: a header `,Name##TYPE##UNIT,…` (or with `;`, as some locales
 * write), then one line per type. Line and column numbers in errors count from 1 as an editor
 * and a spreadsheet show them (the type name is column 1). Throws 422 on the first fault.
 */
export function parseTypeCatalog(text: string): TFamilyType[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  const headerLine = lines[headerIndex]?.trimStart() ?? '';
  const separator = headerLine[0];
  if (separator !== ',' && separator !== ';') fail('typeCatalogHeader');
  const columns = readHeader(splitLine(headerLine, separator, headerIndex + 1));
  const expected = columns.length + 1;
  const headerChars = columns.reduce(
    (sum, { name, dataType, unit }) =>
      sum + name.length + dataType.length + (unit?.length ?? 0) + PARAMETER_OVERHEAD,
    0,
  );
  let storedChars = 0;

  const types: TFamilyType[] = [];
  const seen = new Set<string>();
  for (let index = headerIndex + 1; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (line.trim() === '') continue;
    const lineNumber = index + 1;
    const cells = splitLine(line, separator, lineNumber);
    if (cells.length !== expected)
      fail('typeCatalogColumns', { line: lineNumber, found: cells.length, expected });
    const [typeName = '', ...values] = cells;
    if (!typeName.trim()) fail('typeCatalogTypeName', { line: lineNumber });
    const key = typeName.trim().toLowerCase();
    if (seen.has(key)) fail('typeCatalogRepeated', { line: lineNumber, typeName: typeName.trim() });
    seen.add(key);
    if (types.length === MAX_TYPES) fail('tooManyItems', { name: FIELD, max: MAX_TYPES });
    storedChars += typeName.length + headerChars + values.reduce((sum, value) => sum + value.length, 0);
    if ((types.length + 1) * columns.length > MAX_VALUES || storedChars > MAX_STORED_CHARS)
      fail('typeCatalogTooLarge', { line: lineNumber, columns: columns.length });
    types.push({
      typeName: typeName.trim(),
      parameters: columns.map(({ name, dataType, unit }, at) => ({
        name,
        value: values[at] ?? '',
        unit,
        dataType,
      })),
    });
  }
  if (!types.length) fail('typeCatalogEmpty');
  return types;
}
