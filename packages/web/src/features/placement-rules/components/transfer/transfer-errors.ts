import { isInterfaceLanguage, placementRuleSheetColumnOf, placementRuleSheetTitle } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../../../shared/api/api-error.ts';
import { sheetErrorsOf, type TSheetErrorRow } from '../../../../shared/sheets/sheet-errors.ts';

/** A column the server named by its English title, in the reader's language (the exported file's word). */
function columnTitle(english: string, language: string): string {
  const column = placementRuleSheetColumnOf(english);
  return column && isInterfaceLanguage(language) ? placementRuleSheetTitle(column, language) : english;
}

/** A refused rules import's bad cells and notes; a file that is no sheet (415) says so first. */
export function transferErrorsOf(
  t: TFunction,
  language: string,
  error: ApiError,
): { rows: TSheetErrorRow[]; notes: string[] } {
  const found = sheetErrorsOf(t, error, {
    prefix: 'placementRules.transfer',
    columnTitle: (english) => columnTitle(english, language),
  });
  if (error.status === 415) found.notes.unshift(t('placementRules.transfer.notSheet'));
  return found;
}
