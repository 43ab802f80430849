import { type TFamilyUpload, ZFamilyUpload } from '@portal/contract';
import { ApiError, isApiError } from '../../../shared/api/api-error.ts';
import { type TUploadOptions, uploadFile } from '../../../shared/api/upload-file.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { toast } from '../../../shared/toast/toast-store.ts';

export type { TUploadOptions, TUploadProgress } from '../../../shared/api/upload-file.ts';
export type TFamilyUploadAnswer = TFamilyUpload['upload'];

/** Why an upload was refused, naming the file: the server's message names only its field (`file`). */
export function uploadErrorText(error: unknown, fileName: string): string {
  const reason = isApiError(error) ? error.displayMessage : String(error);
  return i18n.t('families.form.fileRefused', { fileName, reason });
}

/**
 * POST /api/family/upload: streams one .rfa, reporting progress, and answers what the server read
 * from it. Errors are toasted (a cancel is not) and thrown as ApiError.
 */
export async function uploadFamilyFile(
  file: File,
  options: TUploadOptions = {},
): Promise<TFamilyUploadAnswer> {
  try {
    return (await uploadFile('api/family/upload', file, ZFamilyUpload, options)).upload;
  } catch (error) {
    if (error instanceof ApiError) toast.error(uploadErrorText(error, file.name));
    throw error;
  }
}
