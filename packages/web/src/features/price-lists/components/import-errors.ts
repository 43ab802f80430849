import { isInterfaceLanguage, priceSheetColumnOf, priceSheetTitle } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../../shared/api/api-error.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { sheetErrorsOf, type TSheetErrorRow } from '../../../shared/sheets/sheet-errors.ts';

/** A column the server named in English, in the reader's language (the grid's and the file's word). */
function columnTitle(english: string): string {
  const column = priceSheetColumnOf(english);
  const language = i18n.resolvedLanguage ?? i18n.language;
  return column && isInterfaceLanguage(language) ? priceSheetTitle(column, language) : english;
}

/** A refused price import's bad cells as table rows; details without a row as notes. */
export function importErrorsOf(t: TFunction, error: ApiError): { rows: TSheetErrorRow[]; notes: string[] } {
  return sheetErrorsOf(t, error, { prefix: 'priceLists.import', columnTitle });
}
