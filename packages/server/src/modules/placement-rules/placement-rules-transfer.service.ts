import {
  messageOfIssue,
  PLACEMENT_RULE_IMPORT_MAX_BYTES,
  PLACEMENT_RULE_IMPORT_MAX_ROWS,
  PLACEMENT_RULE_RANGES,
  PLACEMENT_RULE_SHEET_CELLS,
  PLACEMENT_RULE_SHEET_COLUMNS,
  placementRuleSheetColumnOf,
  placementRuleSheetTitle,
  reversedRanges,
  type TInterfaceLanguage,
  type TMessage,
  type TMessageKey,
  type TMessageValues,
  type TPlacementRule,
  type TPlacementRuleExportQuery,
  type TPlacementRuleFindRequest,
  type TPlacementRuleImportAnswer,
  type TPlacementRuleInput,
  type TPlacementRuleSheetColumn,
  type TPlacementRuleSheetFormat,
  ZPlacementRuleInput,
} from '@portal/contract';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { AppError, forbidden, unprocessable } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import { fileTooLarge } from '../../lib/file-store.ts';
import {
  CSV_BOM,
  csvLine,
  loadExcel,
  NO,
  readCsvRows,
  readXlsxRows,
  sheetFormatOf,
  unneutralised,
  YES,
  yesNoOf,
} from '../../lib/sheet-file.ts';
import { assertReadableXlsx } from '../../lib/xlsx-guard.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { PlacementRulesService, TCodeField, TRuleChecks } from './placement-rules.service.ts';

export type TPlacementRulesTransferDeps = {
  rules: PlacementRulesService;
  activity: ActivityService;
  transaction: TTransaction;
};

type TColumn = TPlacementRuleSheetColumn;
/** The input fields a sheet carries (all its columns but the read-only ones). */
type TField = Exclude<TColumn, 'scenarioName'>;
/** One row read: its number, the input its cells make, and its faults. */
type TRow = { number: number; input: Record<string, unknown>; faults: TMessage[] };

/** At most this many faults are listed; the other faulty rows are counted. */
const MAX_LISTED_ERRORS = 100;
/** A find's largest page: the export and the import's reads of existing rules go this many at a time. */
const PAGE = 1000;
const CODE_FIELDS: readonly TCodeField[] = ['typeCode', 'materialCode', 'additionalInsulationTypeCode'];
/** Input fields compared with a stored rule to tell an unchanged row. */
const COMPARED: readonly TField[] = PLACEMENT_RULE_SHEET_COLUMNS.filter(
  (column): column is TField => column !== 'scenarioName' && column !== 'placementRuleId',
);

const titleOf = (column: TColumn) => placementRuleSheetTitle(column, 'en');

/** A fault of one cell: the import's messages name the row and the column (in English, as price imports do). */
function fault(key: TMessageKey, row: number, column: string, more: TMessageValues = {}): TMessage {
  const title = (PLACEMENT_RULE_SHEET_COLUMNS as readonly string[]).includes(column)
    ? titleOf(column as TColumn)
    : column;
  return { key, values: { row, column: title, ...more } };
}

/**
 * Placement rules out to a sheet and back (issue 23): the export writes the caller's visible
 * rules as .xlsx or CSV; the import reads such a file, checks every row as the save would, and
 * saves all rows through the rules' own save in one transaction, or none.
 */
export class PlacementRulesTransferService {
  readonly #d: TPlacementRulesTransferDeps;

  constructor(deps: TPlacementRulesTransferDeps) {
    this.#d = deps;
  }

  /**
   * Imports rules from an .xlsx or CSV (told apart by content). Row 1 names the columns (titles in
   * any language, or keys; unknown or repeated titles are 422); a row with a rule id updates that
   * rule of the caller's tree, one without creates a rule; an empty cell clears its field, a
   * column left out keeps it. Every row is checked as the save checks (lengths, ranges, codes
   * against their lists, scenario and company in the caller's tree), every fault listed with row
   * and column in one 422 and nothing written. Rows equal to their rule are counted as unchanged
   * and not saved; the rest go through the save in one transaction, so non-admins' rows become
   * requests. `dryRun` answers the counts and writes nothing.
   */
  async importFile(
    auth: TAuth,
    content: Buffer,
    name: string,
    dryRun: boolean,
  ): Promise<TPlacementRuleImportAnswer> {
    // The route's base64 check leaves some slack; the limit holds to the byte.
    if (content.length > PLACEMENT_RULE_IMPORT_MAX_BYTES)
      throw fileTooLarge(name, PLACEMENT_RULE_IMPORT_MAX_BYTES);
    const rows = await this.#readRows(content, name);
    if (rows.length === 0) throw unprocessable('importNoRows', undefined, name);
    if (
      rows.some((row) => row.input.placementRuleId !== undefined) &&
      !auth.permissions.has('contentmanagement.update')
    )
      throw forbidden('permissionRequired', { permission: 'contentmanagement.update' });
    const checks = this.#d.rules.checks(auth);
    const stored = await this.#stored(auth, rows);
    const seenIds = new Set<number>();
    const toSave: TPlacementRuleInput[] = [];
    let created = 0;
    let updated = 0;
    for (const row of rows) {
      const id = row.input.placementRuleId as number | undefined;
      let rule: TPlacementRule | undefined;
      if (id !== undefined) {
        rule = stored.get(id);
        if (seenIds.has(id))
          row.faults.push(fault('importRepeated', row.number, 'placementRuleId', { value: id }));
        else if (!rule)
          row.faults.push(fault('importNotInList', row.number, 'placementRuleId', { value: id }));
        seenIds.add(id);
      }
      await this.#checkLinks(checks, row, rule);
      const input = this.#validInput(row, rule);
      if (!input) continue;
      if (rule && COMPARED.every((field) => input[field] === undefined || same(input[field], rule[field])))
        continue;
      if (rule && rule.tifTempId !== null && !auth.isAdmin) {
        row.faults.push(fault('tifPending', row.number, 'placementRuleId', { value: rule.placementRuleId }));
        continue;
      }
      if (rule) updated += 1;
      else created += 1;
      toSave.push(input);
    }
    const faulty = rows.filter((row) => row.faults.length > 0);
    if (faulty.length) throw rowsError(faulty);
    const importCounts = { rows: rows.length, created, updated, unchanged: rows.length - created - updated };
    if (dryRun) return { placementRuleInfos: [], importCounts };
    // The import's own row commits with the rules it saved (each of which the save logs too).
    return this.#d.transaction(async () => {
      const placementRuleInfos = toSave.length ? await this.#d.rules.save(auth, toSave) : [];
      await this.#d.activity.record({
        kind: 'placementRule.import',
        userId: auth.userId,
        companyId: auth.companyId,
        ownerCompanyId: auth.companyId,
        recordType: 'placementRule',
        detail: { fileName: name, ...importCounts },
      });
      return { placementRuleInfos, importCounts };
    });
  }

  /** The file's item rows with the inputs their cells make; header faults are 422 at once. */
  async #readRows(content: Buffer, name: string): Promise<TRow[]> {
    const rows: TRow[] = [];
    let columns: Array<TField | null> | undefined;
    const format = sheetFormatOf(content);
    const onRow = (number: number, cells: string[]): boolean => {
      if (!columns) {
        columns = headerOf(cells);
        return true;
      }
      if (cells.every((cell) => cell === '')) return true;
      if (rows.length >= PLACEMENT_RULE_IMPORT_MAX_ROWS)
        throw unprocessable('tooManyItems', { name, max: PLACEMENT_RULE_IMPORT_MAX_ROWS }, name);
      rows.push(rowOf(number, cells, columns, format === 'csv'));
      return true;
    };
    if (format === 'csv') {
      readCsvRows(content, name, onRow);
      return rows;
    }
    const file = path.join(os.tmpdir(), `portal-rules-${randomBytes(8).toString('hex')}.xlsx`);
    try {
      await fs.writeFile(file, content);
      await assertReadableXlsx(file, name);
      await readXlsxRows(file, name, onRow);
      return rows;
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  /** The caller's rules that rows name by id (published and pending alike, as an update finds them). */
  async #stored(auth: TAuth, rows: TRow[]): Promise<Map<number, TPlacementRule>> {
    const ids = [...new Set(rows.flatMap((row) => (row.input.placementRuleId as number | undefined) ?? []))];
    const found = new Map<number, TPlacementRule>();
    for (let at = 0; at < ids.length; at += PAGE) {
      const page = await this.#d.rules.find(auth, {
        ids: ids.slice(at, at + PAGE),
        includeTempItems: true,
        pageSize: PAGE,
      });
      for (const rule of page.records()) found.set(rule.placementRuleId, rule);
    }
    return found;
  }

  /** The row's scenario, company and codes checked against the database; codes put as their lists spell them. */
  async #checkLinks(checks: TRuleChecks, row: TRow, rule: TPlacementRule | undefined): Promise<void> {
    const { input } = row;
    const scenarioId = input.scenarioId;
    if (
      typeof scenarioId === 'number' &&
      scenarioId !== rule?.scenarioId &&
      (await checks.scenario(scenarioId))
    )
      row.faults.push(fault('importNotInList', row.number, 'scenarioId', { value: scenarioId }));
    const companyId = input.companyId;
    if (typeof companyId === 'number' && companyId !== rule?.companyId && (await checks.company(companyId)))
      row.faults.push(fault('importNotInList', row.number, 'companyId', { value: companyId }));
    for (const field of CODE_FIELDS) {
      const value = input[field];
      if (typeof value !== 'string' || value === '') continue;
      const code = await checks.code(field, value);
      if (typeof code === 'string') input[field] = code;
      else row.faults.push(fault('importNotInList', row.number, field, { value }));
    }
  }

  /**
   * The row's input as the save's schema reads it, or undefined with its faults added: each
   * issue at its column, a reversed range (the stored bound standing in for a column left out)
   * as the low bound out of its range.
   */
  #validInput(row: TRow, rule: TPlacementRule | undefined): TPlacementRuleInput | undefined {
    const parsed = ZPlacementRuleInput.safeParse(row.input);
    if (!parsed.success) {
      // One fault a cell: a column already faulted is not named again.
      const faulted = new Set(row.faults.map((fault) => fault.values?.column));
      for (const issue of parsed.error.issues) {
        const fault = issueFault(issue, row);
        if (!faulted.has(fault.values?.column)) row.faults.push(fault);
      }
      return undefined;
    }
    if (row.faults.length) return undefined;
    const merged = rule
      ? Object.fromEntries(
          PLACEMENT_RULE_RANGES.flat().map((field) => [
            field,
            parsed.data[field] === undefined ? rule[field] : parsed.data[field],
          ]),
        )
      : parsed.data;
    for (const reversed of reversedRanges(merged, PLACEMENT_RULE_RANGES))
      row.faults.push(
        fault('importOutOfRange', row.number, reversed.field, {
          value: reversed.min,
          min: 0,
          max: reversed.max,
        }),
      );
    return row.faults.length ? undefined : parsed.data;
  }

  /** The caller's rules the filters keep (published ones, as find shows them) streamed into `output`. */
  async exportFile(
    auth: TAuth,
    query: TPlacementRuleExportQuery,
    format: TPlacementRuleSheetFormat,
    language: TInterfaceLanguage,
    output: Writable,
  ): Promise<void> {
    const filter: TPlacementRuleFindRequest = {
      ...(query.active ? { active: query.active === 'true' } : {}),
      ...(query.search ? { search: query.search } : {}),
      ...(query.companyId ? { companyIds: [query.companyId] } : {}),
      ...(query.scenarioId ? { scenarioIds: [query.scenarioId] } : {}),
    };
    await this.#d.activity.record({
      kind: 'placementRule.export',
      userId: auth.userId,
      companyId: auth.companyId,
      ownerCompanyId: query.companyId ?? auth.companyId,
      recordType: 'placementRule',
      detail: { format, ...filter },
    });
    const pages = this.#pages(auth, filter);
    const cellsOf = (rule: TPlacementRule) =>
      PLACEMENT_RULE_SHEET_COLUMNS.map((column) =>
        column === 'active' ? (rule.active ? YES : NO)[language] : rule[column],
      );
    const titles = PLACEMENT_RULE_SHEET_COLUMNS.map((column) => placementRuleSheetTitle(column, language));
    if (format === 'csv') {
      await write(output, CSV_BOM + csvLine(titles));
      for await (const rules of pages)
        await write(output, rules.map((rule) => csvLine(cellsOf(rule))).join(''));
      output.end();
      return;
    }
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Placement rules', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = PLACEMENT_RULE_SHEET_COLUMNS.map((column, index) => ({
      header: titles[index],
      key: column,
      width: PLACEMENT_RULE_SHEET_CELLS[column].kind === 'text' || column === 'scenarioName' ? 28 : 14,
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const rules of pages) for (const rule of rules) sheet.addRow(cellsOf(rule)).commit();
    sheet.commit();
    await workbook.commit();
  }

  /** The filtered rules a page at a time, so an export never holds them all. */
  async *#pages(auth: TAuth, filter: TPlacementRuleFindRequest): AsyncGenerator<TPlacementRule[]> {
    for (let page = 1, seen = 0; ; page += 1) {
      const found = await this.#d.rules.find(auth, { ...filter, page, pageSize: PAGE });
      const rules = found.records();
      if (rules.length) yield rules;
      seen += rules.length;
      if (rules.length < PAGE || seen >= found.total) return;
    }
  }
}

/** The header's columns (null: an empty title, passed over); unknown, repeated or missing titles are 422. */
function headerOf(cells: string[]): Array<TField | null> {
  const faults: TMessage[] = [];
  const seen = new Set<TColumn>();
  const columns = cells.map((title): TField | null => {
    if (title === '') return null;
    const column = placementRuleSheetColumnOf(title);
    if (!column) faults.push(fault('importNotInList', 1, title, { value: title }));
    else if (seen.has(column)) faults.push(fault('importRepeated', 1, title, { value: title }));
    else seen.add(column);
    return column && column !== 'scenarioName' ? column : null;
  });
  if (!seen.has('placementRuleName')) faults.push(fault('importRequired', 1, 'placementRuleName'));
  if (faults.length) throw new AppError(422, faults);
  return columns;
}

/**
 * One row's cells as a save input: texts as they are ('' clears; a CSV's formula apostrophe
 * taken off), numbers with a point or a comma, yes and no in any language; what a cell cannot be
 * is a fault at its column.
 */
function rowOf(number: number, cells: string[], columns: ReadonlyArray<TField | null>, csv: boolean): TRow {
  const row: TRow = { number, input: {}, faults: [] };
  columns.forEach((column, index) => {
    if (!column) return;
    const text = csv ? unneutralised(cells[index] ?? '') : (cells[index] ?? '');
    const cell = PLACEMENT_RULE_SHEET_CELLS[column];
    switch (cell.kind) {
      case 'text':
        row.input[column] = text === '' && column !== 'placementRuleName' ? null : text;
        return;
      case 'yesno': {
        if (text === '') return;
        const value = yesNoOf(text);
        if (value === undefined) row.faults.push(fault('importNotYesNo', number, column, { value: text }));
        row.input[column] = value;
        return;
      }
      case 'id':
      case 'count':
      case 'number': {
        // An empty id creates (rule) or keeps (company); an empty size or count clears it.
        if (text === '') {
          if (column === 'scenarioId' || cell.kind !== 'id') row.input[column] = null;
          return;
        }
        const value = Number(text.replace(',', '.'));
        if (!Number.isFinite(value) || (cell.kind !== 'number' && !Number.isInteger(value)))
          row.faults.push(fault('importNotNumber', number, column, { value: text }));
        else if (value < cell.min! || value > cell.max!)
          row.faults.push(
            fault('importOutOfRange', number, column, { value: text, min: cell.min!, max: cell.max! }),
          );
        else row.input[column] = value;
        return;
      }
      case 'readOnly':
        return;
    }
  });
  return row;
}

/** A schema issue of a row's input as a fault at its column. */
function issueFault(issue: Parameters<typeof messageOfIssue>[0], row: TRow): TMessage {
  const message = messageOfIssue(issue);
  const column = String(issue.path[0] ?? 'placementRuleName');
  const cell = PLACEMENT_RULE_SHEET_CELLS[column as TColumn] ?? { kind: 'text' };
  const input = row.input[column];
  const value = typeof input === 'number' || typeof input === 'string' ? input : '';
  if (message.key === 'required') return fault('importRequired', row.number, column);
  if (message.key === 'rangeReversed')
    return fault('importOutOfRange', row.number, column, { value, min: 0, max: message.values?.max ?? 0 });
  // The cells were read within their bounds: what is left is a text's length.
  return cell.kind === 'text'
    ? fault('importTooLong', row.number, column, { value: message.values?.max ?? cell.max ?? 0 })
    : fault('importOutOfRange', row.number, column, { value, min: cell.min ?? 0, max: cell.max ?? 0 });
}

/** Equal for an unchanged row: numbers, texts (codes already as their lists spell them), flags, nulls. */
function same(a: unknown, b: unknown): boolean {
  return (a ?? null) === (b ?? null);
}

/** The 422 of a refused file: every fault of the first rows, then how many more rows have some. */
function rowsError(faulty: TRow[]): AppError {
  const listed: TMessage[] = [];
  let listedRows = 0;
  for (const row of faulty) {
    if (listed.length + row.faults.length > MAX_LISTED_ERRORS && listed.length > 0) break;
    listed.push(...row.faults);
    listedRows += 1;
  }
  if (faulty.length > listedRows)
    listed.push({ key: 'importMoreErrors', values: { count: faulty.length - listedRows } });
  return new AppError(422, listed);
}

/** Writes text, waiting when the stream asks to. */
function write(output: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    output.write(text, (error) => (error ? reject(error) : resolve()));
  });
}
