import { downloadFile } from '../../../shared/api/download-file.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';

export type TListKind = 'pricelist' | 'partlist';

/**
 * GET /api/prices/export/{pricelist|partlist}/{id}?language=xx, saved as the answer names it.
 * Returns the file name.
 */
export function exportPriceList(id: number, kind: TListKind, fallbackName: string): Promise<string> {
  const url = `api/prices/export/${kind}/${id}?language=${encodeURIComponent(i18n.language.slice(0, 2))}`;
  return downloadFile(url, `${fallbackName}.xlsx`);
}
