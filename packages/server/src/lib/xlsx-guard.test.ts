import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { entryOf, handXlsx, repeatedDeflate, SHEET_HEAD, SHEET_TAIL, sheetOf } from '../../test/hand-zip.ts';
import { AppError } from './app-error.ts';
import { assertReadableXlsx, type TXlsxLimits, XLSX_LIMITS, xlsxPartsStream } from './xlsx-guard.ts';

const files: string[] = [];
afterAll(() => Promise.all(files.map((file) => fs.rm(file, { force: true }))));

/** The rows exceljs's streaming reader reads from `content` through the checked parts. */
async function rowsThrough(content: Buffer, limits: Partial<TXlsxLimits> = {}): Promise<unknown[][]> {
  const file = path.join(os.tmpdir(), `xlsx-guard-${randomBytes(6).toString('hex')}.xlsx`);
  files.push(file);
  await fs.writeFile(file, content);
  await assertReadableXlsx(file, 'file');
  const parts = xlsxPartsStream(file, 'file', { ...XLSX_LIMITS, ...limits });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(parts, {
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  const rows: unknown[][] = [];
  try {
    for await (const sheet of reader)
      for await (const row of sheet) rows.push((row.values as unknown[]).slice(1));
  } finally {
    parts.destroy();
  }
  return rows;
}

/** What a refusal carries: its status and message key. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, messages } = error as AppError;
  return { status, key: messages[0]?.key };
}

const row = (n: number, cells: string) => `<row r="${n}">${cells}</row>`;

describe('xlsxPartsStream', () => {
  it('hands exceljs the same rows as the file itself, shared strings and all', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(['Order number', 'Description', 'Price']);
    for (let i = 0; i < 300; i += 1) sheet.addRow([`N-${i}`, i % 2 ? 'Seal' : 'Ring', i / 4]);
    const rows = await rowsThrough(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows).toHaveLength(301);
    expect(rows[0]).toEqual(['Order number', 'Description', 'Price']);
    expect(rows[300]).toEqual(['N-299', 'Seal', 74.75]);
  });

  it('refuses a sheet that inflates past the limit while its headers declare 1 MB: 413', async () => {
    const cell = `<c r="A2"><v>${'7'.repeat(30_000)}</v></c>`;
    const deflated = repeatedDeflate(SHEET_HEAD, row(2, cell), 2_000, SHEET_TAIL);
    const bomb = handXlsx([{ name: 'xl/worksheets/sheet1.xml', deflated, declaredSize: 1024 * 1024 }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(rowsThrough(bomb, { unpacked: 16 * 1024 * 1024 }))).toEqual({
      status: 413,
      key: 'xlsxTooLarge',
    });
  });

  it('refuses one shared string longer than a price item holds, before exceljs gathers it: 422', async () => {
    const deflated = repeatedDeflate('<sst><si><t>', 'A'.repeat(64 * 1024), 256, '</t></si></sst>');
    const bomb = handXlsx([
      { name: 'xl/sharedStrings.xml', deflated, declaredSize: 1024 * 1024 },
      sheetOf(row(2, '<c r="A2" t="s"><v>0</v></c>')),
    ]);
    expect(await refusal(rowsThrough(bomb))).toEqual({ status: 422, key: 'xlsxTextTooLong' });
  });

  it('refuses a shared string of many runs, and more strings than the bound', async () => {
    const runs = `<sst><si>${'<r><t>ab</t></r>'.repeat(10_000)}</si></sst>`;
    expect(
      await refusal(rowsThrough(handXlsx([entryOf('xl/sharedStrings.xml', runs), sheetOf('')]))),
    ).toEqual({ status: 422, key: 'xlsxTextTooLong' });
    const many = `<sst>${'<si><t>a</t></si>'.repeat(2_000)}</sst>`;
    expect(
      await refusal(
        rowsThrough(handXlsx([entryOf('xl/sharedStrings.xml', many), sheetOf('')]), { texts: 1_000 }),
      ),
    ).toEqual({ status: 413, key: 'xlsxTooManyTexts' });
  });

  it('refuses text exceljs would keep appending to a past value, outside any cell', async () => {
    const stale = row(2, '<c r="A2"><v>1</v></c>') + `${'x'.repeat(1000)}<v/>`.repeat(2_000);
    expect(await refusal(rowsThrough(handXlsx([sheetOf(stale)])))).toEqual({
      status: 422,
      key: 'xlsxTextTooLong',
    });
  });

  it('refuses a comment, tag or text longer than the bound, even with ">" inside', async () => {
    const comment = `<!--${'a>'.repeat(40_000)}-->`;
    expect(await refusal(rowsThrough(handXlsx([sheetOf(comment)])))).toEqual({
      status: 422,
      key: 'xlsxTextTooLong',
    });
    const attribute = `<row r="2" x="${'>'.repeat(80_000)}"/>`;
    expect(await refusal(rowsThrough(handXlsx([sheetOf(attribute)])))).toEqual({
      status: 422,
      key: 'xlsxTextTooLong',
    });
  });

  it('refuses column ranges past Excel last column and a document type: 415', async () => {
    const cols = (range: string) =>
      entryOf(
        'xl/worksheets/sheet1.xml',
        `${SHEET_HEAD.replace('<sheetData>', `<cols><col ${range}/></cols><sheetData>`)}${SHEET_TAIL}`,
      );
    expect(await rowsThrough(handXlsx([cols('min="1" max="16384" width="3"')]))).toEqual([]);
    for (const range of ['min="1" max="2000000000"', "min='99999' max='1'", 'max="&#57;9999"'])
      expect(await refusal(rowsThrough(handXlsx([cols(range)])))).toEqual({ status: 415, key: 'notAnXlsx' });
    const doctype = entryOf(
      'xl/worksheets/sheet1.xml',
      `<!DOCTYPE worksheet [<!ENTITY a "b">]>${SHEET_TAIL}`,
    );
    expect(await refusal(rowsThrough(handXlsx([doctype])))).toEqual({ status: 415, key: 'notAnXlsx' });
  });
});
