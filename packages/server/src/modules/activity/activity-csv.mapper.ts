import type { TActivityInfo } from '@portal/contract';

/** The export's columns, in order. */
export const ACTIVITY_CSV_COLUMNS = [
  'at',
  'kind',
  'userLogin',
  'companyName',
  'recordType',
  'recordId',
  'changes',
  'detail',
  'ip',
] as const;

/**
 * One CSV cell (RFC 4180): a text a spreadsheet would run as a formula (starting with = + - @, or
 * a tab or carriage return that hides one) gets a leading `'` (OWASP "CSV injection"); a cell with
 * a quote, separator or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const shown = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** A row's changes as `field: old → new`, joined by `; `. */
export function changesText(changes: TActivityInfo['changes']): string {
  return Object.entries(changes ?? {})
    .map(([field, change]) => `${field}: ${shown(change.old)} → ${shown(change.new)}`)
    .join('; ');
}

/** The CSV line (ending in CRLF) of one activity row. */
export function csvLine(row: TActivityInfo): string {
  const cells = [
    row.at,
    row.kind,
    row.userLogin,
    row.companyName,
    row.recordType,
    row.recordId,
    changesText(row.changes),
    row.detail ? JSON.stringify(row.detail) : '',
    row.ip,
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}
