import { type TPlacementRuleImportAnswer, ZPlacementRuleImportAnswer } from '@portal/contract';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/** The file as a data URL: the server takes base64 with or without its `data:…;base64,` head. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/**
 * POST /api/placement-rules/diKeeperimport {loadedFile, dryRun}: an .xlsx or CSV of rules, all or
 * nothing. A dry run checks every row and answers the counts only. Errors are thrown as ApiError,
 * not toasted: the import panel lists them (422 with one detail per bad cell, 415, 413).
 */
export async function importRules(file: File, dryRun: boolean): Promise<TPlacementRuleImportAnswer> {
  return typedRequest('/placement-rules/diKeeperimport', ZPlacementRuleImportAnswer, {
    body: { loadedFile: { fileName: file.name, base64FileContent: await base64Of(file) }, dryRun },
    toastErrors: false,
  });
}
