export type TCsvValue = string | number | boolean | null | undefined;

export type TCsvColumn<T> = { header: string; value: (row: T) => TCsvValue };

/** One page of a find: its rows and how many the whole filtered result holds. */
export type TPageFetcher<T> = (page: number, pageSize: number) => Promise<{ rows: T[]; total: number }>;

/** CONTRACT 1 caps a find page at 1000 records. */
export const EXPORT_PAGE_SIZE = 1000;

// A runaway total (or a server that ignores paging) must not loop for ever: 200 pages are 200 000 rows.
const MAX_EXPORT_PAGES = 200;

/** Every row of a filtered result, fetched page after page (pageSize 1000) until the total is reached. */
export async function fetchAllPages<T>(
  fetchPage: TPageFetcher<T>,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_EXPORT_PAGES; page += 1) {
    const answer = await fetchPage(page, pageSize);
    rows.push(...answer.rows);
    if (answer.rows.length < pageSize || rows.length >= answer.total) break;
  }
  return rows;
}

function cell(value: TCsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  // Leading =, +, -, @ would run as formulas in spreadsheet programs (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV of rows, with a BOM so spreadsheet programs (Excel) read UTF-8 names correctly. */
export function toCsv<T>(rows: readonly T[], columns: readonly TCsvColumn<T>[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Offers the text as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `<name>-<yyyy-mm-dd>.csv` in local time, for export file names. */
export function exportFileName(name: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${name}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
