import type { TRevitFamily, TRevitFamilyInput } from '@portal/contract';
import type { TFamilyUploadAnswer } from '../../api/upload-family.ts';

/** An own picture being edited: `changed` says whether to send it (`base64` null goes back to the file's preview). */
export type TPictureValue = {
  base64: string | null;
  fileName: string | null;
  mimeType: string | null;
  changed: boolean;
};

/** A type catalog being edited: `changed` says whether to send it (`text` null removes it). */
export type TCatalogValue = { text: string | null; fileName: string | null; changed: boolean };

export type TFamilyFormValues = {
  /** The .rfa streamed to the server, once it has answered; null keeps the stored file. */
  upload: TFamilyUploadAnswer | null;
  revitFamilyName: string;
  revitFamilyCategoryId: number | null;
  /** 0 means "not rated". */
  revitFamilyRating: number;
  revitFamilyTags: string[];
  revitFamilyDescription: string;
  cost: number | null;
  parameterListCode: string;
  picture: TPictureValue;
  typeCatalog: TCatalogValue;
};

const UNCHANGED_PICTURE: TPictureValue = { base64: null, fileName: null, mimeType: null, changed: false };

/** The form's values for a family (null: a new, empty one). Every field has a value. */
export function initialFamilyValues(family: TRevitFamily | null): TFamilyFormValues {
  return {
    upload: null,
    revitFamilyName: family?.revitFamilyName ?? '',
    revitFamilyCategoryId: family?.revitFamilyCategoryId ?? null,
    revitFamilyRating: family?.revitFamilyRating ?? 0,
    revitFamilyTags: family?.revitFamilyTags ?? [],
    revitFamilyDescription: family?.revitFamilyDescription ?? '',
    cost: family?.cost ?? null,
    parameterListCode: family?.parameterListCode ?? '',
    picture: { ...UNCHANGED_PICTURE, fileName: family?.revitFamilyPictureFileName ?? null },
    typeCatalog: { text: null, fileName: family?.typeCatalogFileName ?? null, changed: false },
  };
}

/** The fields every save sends, as the server stores them (trimmed, empty text as null). */
function editableFields(values: TFamilyFormValues) {
  return {
    revitFamilyName: values.revitFamilyName.trim(),
    revitFamilyCategoryId: values.revitFamilyCategoryId ?? null,
    revitFamilyRating: values.revitFamilyRating > 0 ? values.revitFamilyRating : null,
    revitFamilyDescription: values.revitFamilyDescription.trim() || null,
    revitFamilyTags: values.revitFamilyTags.map((tag) => tag.trim()).filter((tag) => tag !== ''),
    cost: values.cost ?? null,
    parameterListCode: values.parameterListCode.trim() || null,
  };
}

/** True when saving `values` would change something against `initial`. */
export function hasFamilyChanges(values: TFamilyFormValues, initial: TFamilyFormValues): boolean {
  return (
    values.upload !== null ||
    values.picture.changed ||
    values.typeCatalog.changed ||
    JSON.stringify(editableFields(values)) !== JSON.stringify(editableFields(initial))
  );
}

/**
 * The save or update body of the form: every editable field, and the file, own picture and type
 * catalog only when they changed (left out, the server keeps what it has).
 */
export function familyInput(values: TFamilyFormValues, family: TRevitFamily | null): TRevitFamilyInput {
  return {
    ...(family ? { revitFamilyId: family.revitFamilyId } : {}),
    ...editableFields(values),
    ...(values.upload
      ? { revitFamilyUploadId: values.upload.uploadId, revitFamilyFileName: values.upload.fileName }
      : {}),
    ...(values.picture.changed
      ? {
          revitFamilyPictureBase64: values.picture.base64,
          revitFamilyPictureFileName: values.picture.fileName,
        }
      : {}),
    ...(values.typeCatalog.changed
      ? { typeCatalogText: values.typeCatalog.text, typeCatalogFileName: values.typeCatalog.fileName }
      : {}),
  };
}

/**
 * The text of a type catalog file. Revit writes them as UTF-16 (with a byte order mark) or in
 * the system's 8-bit code page as often as UTF-8, so the bytes decide, not the browser's default.
 */
export function decodeTypeCatalog(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** How many types a type catalog lists: its non-empty lines after the header. */
export function countCatalogTypes(text: string): number {
  return text
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '').length;
}
