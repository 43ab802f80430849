import type { TPlacementRuleSheetFormat } from '@portal/contract';
import { downloadFile } from '../../../shared/api/download-file.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';

/** The find's filters the export takes. */
export type TRuleExportFilters = {
  active?: boolean;
  search?: string;
  companyId?: number;
  scenarioId?: number;
};

/** The export's URL: the format, the reader's language for the column titles, the filters. */
export function exportRulesUrl(format: TPlacementRuleSheetFormat, filters: TRuleExportFilters = {}): string {
  const query = new URLSearchParams({ format, language: i18n.language.slice(0, 2) });
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') query.set(key, String(value));
  return `api/placement-rules/export?${query.toString()}`;
}

/** GET /api/placement-rules/export, saved as the answer names it. Returns the file name. */
export function exportRules(
  format: TPlacementRuleSheetFormat,
  filters: TRuleExportFilters = {},
): Promise<string> {
  return downloadFile(exportRulesUrl(format, filters), `placement-rules.${format}`);
}
