import type { TUser } from '@portal/contract';

export type TCsvColumn<T> = {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
};

function cell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  // Leading =, +, -, @ would run as formulas in spreadsheet programs (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV of rows, with a BOM so spreadsheet programs read UTF-8 names correctly. */
export function toCsv<T>(rows: readonly T[], columns: readonly TCsvColumn<T>[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Columns of the users export. */
export function userCsvColumns(headers: Record<string, string>): TCsvColumn<TUser>[] {
  return [
    { header: headers.login ?? 'login', value: (u) => u.login },
    { header: headers.firstName ?? 'firstName', value: (u) => u.firstName },
    { header: headers.lastName ?? 'lastName', value: (u) => u.lastName },
    { header: headers.email ?? 'email', value: (u) => u.email },
    { header: headers.phone ?? 'phone', value: (u) => u.phone },
    { header: headers.company ?? 'company', value: (u) => u.companyName ?? u.company?.companyName },
    { header: headers.roles ?? 'roles', value: (u) => u.roles.map((r) => r.roleName).join(' ') },
    { header: headers.active ?? 'active', value: (u) => u.active },
    { header: headers.lastLogin ?? 'lastLogin', value: (u) => u.lastLogin },
    { header: headers.joinDate ?? 'joinDate', value: (u) => u.joinDate },
  ];
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
