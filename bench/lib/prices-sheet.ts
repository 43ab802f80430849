import ExcelJS from 'exceljs';

/**
 * The sheet's columns in the order packages/server/src/lib/price-sheet.ts writes and reads them,
 * with its widths and number formats, so the file and the bare write have the export's shape.
 */
const COLUMNS = [
  { key: 'orderNumber', header: 'Order number', width: 16 },
  { key: 'description', header: 'Description', width: 40 },
  { key: 'information', header: 'Information', width: 30 },
  { key: 'value', header: 'Price', width: 12, numFmt: '#,##0.00' },
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({
    key: `refValue${n}`,
    header: `Reference value ${n}`,
    width: 11,
    numFmt: '0.######',
  })),
  { key: 'kFactor', header: 'K factor', width: 10, numFmt: '0.######' },
  { key: 'convertible', header: 'Convertible', width: 12 },
  { key: 'reference', header: 'Reference', width: 18 },
  { key: 'perUnit', header: 'Per unit', width: 10 },
  { key: 'unit', header: 'Unit', width: 10 },
  { key: 'currency', header: 'Currency', width: 10 },
] as const;

/** Cells a row of the sheet holds, by column key. */
export type TSheetRow = Record<(typeof COLUMNS)[number]['key'], string | number | null>;

export const SHEET_COLUMNS = COLUMNS.length;

const PRODUCTS = [
  { name: 'Steel pipe', standard: 'EN 10255', sizes: [15, 20, 25, 32, 40, 50, 65, 80, 100], perUnit: 'mm' },
  { name: 'Copper tube', standard: 'EN 1057', sizes: [12, 15, 18, 22, 28, 35, 42, 54], perUnit: 'mm' },
  { name: 'PP-R pipe', standard: 'DIN 8077', sizes: [20, 25, 32, 40, 50, 63, 75, 90], perUnit: 'mm' },
  { name: 'Elbow 90°', standard: 'EN 10253-2', sizes: [15, 20, 25, 32, 40, 50, 65, 80], perUnit: 'pcs' },
  { name: 'Ball valve', standard: 'EN 13828', sizes: [15, 20, 25, 32, 40, 50], perUnit: 'pcs' },
  { name: 'Spiral duct', standard: 'EN 1506', sizes: [100, 125, 160, 200, 250, 315, 400], perUnit: 'mm' },
  { name: 'Cable tray', standard: 'IEC 61537', sizes: [100, 150, 200, 300, 400, 500, 600], perUnit: 'mm' },
] as const;
const FINISHES = ['galvanised', 'black', 'stainless A2', 'stainless A4', 'painted RAL 9010'] as const;

/**
 * Item `index` of the bench's price list, deterministic and realistic: pipes, fittings, valves,
 * ducts and cable trays with sizes in mm, prices in EUR, some columns empty as in real lists.
 */
export function sheetRow(index: number): TSheetRow {
  const product = PRODUCTS[index % PRODUCTS.length]!;
  const size = product.sizes[Math.floor(index / PRODUCTS.length) % product.sizes.length]!;
  const finish = FINISHES[Math.floor(index / 13) % FINISHES.length]!;
  const length = [3000, 6000, 12000][index % 3]!;
  const price = Math.round((size * 0.37 + (index % 97) * 1.13 + 2.5) * 100) / 100;
  const fitting = product.perUnit === 'pcs';
  return {
    orderNumber: `PL-${String(index + 1).padStart(6, '0')}`,
    description: `${product.name} DN ${size}, ${finish}${fitting ? '' : `, ${length / 1000} m`}`,
    information: index % 4 === 0 ? `Delivered in bundles; lead time ${2 + (index % 5)} weeks` : null,
    value: price,
    refValue1: size,
    refValue2: fitting ? null : length,
    refValue3: Math.round(size * 0.045 * 100) / 100 + 1,
    refValue4: index % 2 ? Math.round(size * 1.12 * 10) / 10 : null,
    refValue5: index % 3 ? 16 : null,
    refValue6: index % 5 ? null : 0.75,
    refValue7: null,
    refValue8: index % 11 ? null : index % 1000,
    refValue9: null,
    kFactor: index % 6 ? Math.round((1 + (index % 35) / 100) * 100) / 100 : null,
    convertible: index % 2 === 0 ? 'Yes' : 'No',
    reference: product.standard,
    perUnit: product.perUnit === 'pcs' ? 'pcs' : 'mm',
    unit: 'mm',
    currency: 'EUR',
  };
}

/**
 * Writes `rows` rows with exceljs's streaming writer as price-sheet.ts's export does (same
 * options, column widths and formats, frozen bold header), to `file`. Answers the seconds it took.
 */
export async function writeSheet(file: string, rows: Iterable<TSheetRow>): Promise<number> {
  const started = process.hrtime.bigint();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Prices', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width,
    style: 'numFmt' in column ? { numFmt: column.numFmt } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Rows 0 to count - 1 of the bench's list, made as they are asked for. */
export function* sheetRows(count: number): Generator<TSheetRow> {
  for (let index = 0; index < count; index++) yield sheetRow(index);
}

/**
 * Reads the first sheet of `file` with exceljs's streaming reader, with the import's options,
 * touching every cell of every row and validating nothing. Answers the data rows and seconds.
 */
export async function readSheet(file: string): Promise<{ rows: number; cells: number; seconds: number }> {
  const started = process.hrtime.bigint();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    entries: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let rows = 0;
  let cells = 0;
  let sheets = 0;
  for await (const worksheet of reader) {
    // As the import does: the first sheet is read, the reader then runs to the end of the file.
    if (++sheets > 1) break;
    for await (const row of worksheet) {
      if (row.number === 1) continue;
      rows++;
      for (let column = 1; column <= SHEET_COLUMNS; column++) if (row.getCell(column).value !== null) cells++;
    }
  }
  return { rows, cells, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}
