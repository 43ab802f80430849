import { type TPriceImportPreview, ZPriceListImportAnswer } from '@portal/contract';
import { ApiError } from '../../../shared/api/api-error.ts';
import { type TUploadOptions, uploadFile } from '../../../shared/api/upload-file.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import type { TListKind } from './export-price-list.ts';
import type { TPriceListSummary } from './find-price-lists.ts';

export type { TUploadProgress } from '../../../shared/api/upload-file.ts';
export type TImportOptions = TUploadOptions;

/**
 * POST /api/prices/import/{pricelist|partlist}/{id}/upload: streams one .xlsx, reporting progress,
 * and answers the list with its item count and the first page of its new items. Errors are thrown
 * as ApiError, not toasted: the page shows them (422 with one detail per bad cell, 415, 413).
 */
export async function importPriceList(
  id: number,
  kind: TListKind,
  file: File,
  options: TImportOptions = {},
): Promise<TPriceListSummary> {
  const answer = await uploadFile(
    `api/prices/import/${kind}/${id}/upload`,
    file,
    ZPriceListImportAnswer,
    options,
  );
  const list = answer.priceListInfos[0];
  if (!list) throw new ApiError(200, [], i18n.t('errors.unexpectedAnswer'));
  return list;
}

/**
 * The same upload with `?dryRun=true`: the server reads and checks every row as an import does
 * (the same errors) but changes nothing, and answers what the import would do.
 */
export async function previewPriceListImport(
  id: number,
  kind: TListKind,
  file: File,
  options: TImportOptions = {},
): Promise<TPriceImportPreview> {
  const answer = await uploadFile(
    `api/prices/import/${kind}/${id}/upload?dryRun=true`,
    file,
    ZPriceListImportAnswer,
    options,
  );
  if (!answer.importPreview) throw new ApiError(200, [], i18n.t('errors.unexpectedAnswer'));
  return answer.importPreview;
}
