import {
  isInterfaceLanguage,
  placementRuleSheetColumnOf,
  placementRuleSheetTitle,
  type TErrorDetail,
} from '@portal/contract';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../../../shared/api/api-error.ts';
import { messageText } from '../../../../shared/i18n/message-text.ts';

export type TTransferErrorRow = { key: number; row: number; column: string; reason: string };

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
    return t(`placementRules.transfer.reasons.${message.key}`, {
      ...message.values,
      value: message.values?.value ?? '',
      defaultValue: messageText(t, message, fallback),
    });
  return messageText(t, message, fallback);
}

/** A column the server named by its English title, in the reader's language (the exported file's word). */
function columnTitle(english: string, language: string): string {
  const column = placementRuleSheetColumnOf(english);
  return column && isInterfaceLanguage(language) ? placementRuleSheetTitle(column, language) : english;
}

/**
 * A refused import's bad cells as table rows; details without a row (more errors, an unreadable
 * file, too large, not a sheet) as notes.
 */
export function transferErrorsOf(
  t: TFunction,
  language: string,
  error: ApiError,
): { rows: TTransferErrorRow[]; notes: string[] } {
  const rows: TTransferErrorRow[] = [];
  const notes: string[] = [];
  error.detailList.forEach(({ text, message }, index) => {
    const row = message?.values?.row;
    if (message && typeof row === 'number')
      rows.push({
        key: index,
        row,
        column: columnTitle(String(message.values?.column ?? ''), language),
        reason: reasonOf(t, message, text),
      });
    else notes.push(message ? messageText(t, message, text) : text);
  });
  if (error.status === 415) notes.unshift(t('placementRules.transfer.notSheet'));
  if (rows.length === 0 && notes.length === 0) notes.push(error.displayMessage);
  return { rows, notes };
}
