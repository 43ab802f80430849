import {
  isInterfaceLanguage,
  priceSheetColumnOf,
  priceSheetTitle,
  type TErrorDetail,
} from '@portal/contract';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../../shared/api/api-error.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { messageText } from '../../../shared/i18n/message-text.ts';

export type TImportErrorRow = { key: number; row: number | null; column: string; reason: string };

const REASONS = new Set([
  'importRequired',
  'importNotNumber',
  'importOutOfRange',
  'importNotYesNo',
  'importNotInList',
  'importRepeated',
  'importTooLong',
]);

/** The reason of one bad cell without its row and column (the table shows those in their own columns). */
function reasonOf(t: TFunction, message: TErrorDetail, fallback: string): string {
  if (REASONS.has(message.key))
    return t(`priceLists.import.reasons.${message.key}`, {
      ...message.values,
      value: message.values?.value ?? '',
      defaultValue: messageText(t, message, fallback),
    });
  return messageText(t, message, fallback);
}

/** A column the server named in English, in the reader's language (the grid's and the file's word). */
function columnTitle(t: TFunction, english: string): string {
  const column = priceSheetColumnOf(english);
  const language = i18n.resolvedLanguage ?? i18n.language;
  return column && isInterfaceLanguage(language) ? priceSheetTitle(column, language) : english;
}

/** A refused import's bad cells as table rows; details without a row (more errors, unreadable) as notes. */
export function importErrorsOf(t: TFunction, error: ApiError): { rows: TImportErrorRow[]; notes: string[] } {
  const rows: TImportErrorRow[] = [];
  const notes: string[] = [];
  error.detailList.forEach(({ text, message }, index) => {
    const row = message?.values?.row;
    if (message && typeof row === 'number') {
      rows.push({
        key: index,
        row,
        column: columnTitle(t, String(message.values?.column ?? '')),
        reason: reasonOf(t, message, text),
      });
    } else notes.push(message ? messageText(t, message, text) : text);
  });
  if (rows.length === 0 && notes.length === 0) notes.push(error.displayMessage);
  return { rows, notes };
}
