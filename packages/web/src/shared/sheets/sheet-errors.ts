import type { TErrorDetail } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { ApiError } from '../api/api-error.ts';
import { messageText } from '../i18n/message-text.ts';

/** One bad cell of a refused sheet, as the errors table shows it. */
export type TSheetErrorRow = { key: number; row: number; column: string; reason: string };

/** The keys of a bad cell's reason; each area words them under `<prefix>.reasons.<key>`. */
const CELL_REASONS = new Set([
  'importRequired',
  'importNotNumber',
  'importOutOfRange',
  'importNotYesNo',
  'importNotInList',
  'importRepeated',
  'importTooLong',
]);

export type TSheetTexts = {
  /** Where the area's texts are: `priceLists.import`, `placementRules.transfer`. */
  prefix: string;
  /** A column the server named by its English title, in the reader's language. */
  columnTitle: (english: string) => string;
};

/** The reason of one bad cell without its row and column (the table shows those in their own columns). */
function reasonOf(t: TFunction, prefix: string, message: TErrorDetail, fallback: string): string {
  if (CELL_REASONS.has(message.key))
    return t(`${prefix}.reasons.${message.key}`, {
      ...message.values,
      value: message.values?.value ?? '',
      defaultValue: messageText(t, message, fallback),
    });
  return messageText(t, message, fallback);
}

/**
 * A refused import's bad cells as table rows; details without a row (more errors, an unreadable
 * file, too large) as notes.
 */
export function sheetErrorsOf(
  t: TFunction,
  error: ApiError,
  texts: TSheetTexts,
): { rows: TSheetErrorRow[]; notes: string[] } {
  const rows: TSheetErrorRow[] = [];
  const notes: string[] = [];
  error.detailList.forEach(({ text, message }, index) => {
    const row = message?.values?.row;
    if (message && typeof row === 'number')
      rows.push({
        key: index,
        row,
        column: texts.columnTitle(String(message.values?.column ?? '')),
        reason: reasonOf(t, texts.prefix, message, text),
      });
    else notes.push(message ? messageText(t, message, text) : text);
  });
  if (rows.length === 0 && notes.length === 0) notes.push(error.displayMessage);
  return { rows, notes };
}
