import {
  MAX_FAMILY_NAME_LENGTH,
  type TFamilyFacets,
  type TFamilyType,
  type TFamilyVersion,
} from '@portal/contract';
import type { FamiliesRepository, TVersionWithUploader } from './families.repository.ts';

type TFacetRows = Awaited<ReturnType<FamiliesRepository['facets']>>;

/** A file version as the API answers it; `withUploader: false` (end users) leaves the uploader out. */
export function toVersion(
  row: TVersionWithUploader,
  currentVersionId: number | null,
  withUploader = true,
): TFamilyVersion {
  return {
    versionId: row.id,
    revitVersion: row.revitVersion,
    fileName: row.fileName,
    size: row.size,
    sha256: row.fileHash,
    uploadedBy:
      withUploader && row.uploadedBy !== null && row.uploaderLogin !== null
        ? { id: row.uploadedBy, login: row.uploaderLogin }
        : null,
    uploadedAt: row.uploadedAt.toISOString(),
    current: row.id === currentVersionId,
  };
}

export function toFacets(rows: TFacetRows): TFamilyFacets {
  // "At least n stars": each rating counts toward every n up to it.
  const ratings = [5, 4, 3, 2, 1].map((stars) => ({
    value: String(stars),
    label: String(stars),
    count: rows.byRating.filter((r) => r.value >= stars).reduce((sum, r) => sum + r.count, 0),
  }));
  return {
    categories: rows.byCategory.map((r) => ({ value: String(r.id), label: r.label, count: r.count })),
    revitVersions: rows.byVersion.map((r) => ({
      value: r.value ?? '',
      label: r.value ?? '',
      count: r.count,
    })),
    ratings: ratings.filter((r) => r.count > 0),
    tags: rows.byTag.map((r) => ({ value: r.value, label: r.value, count: r.count })),
    companies: rows.byCompany.map((r) => ({ value: String(r.id), label: r.label, count: r.count })),
  };
}

/** What search reads: name, description, tags and type names, lower-cased, in one text. */
export function searchTextOf(family: {
  name: string;
  description: string | null;
  tags: readonly string[];
  types: readonly TFamilyType[];
}): string {
  return [family.name, family.description ?? '', ...family.tags, ...family.types.map((t) => t.typeName)]
    .join(' ')
    .toLowerCase();
}

/**
 * A name for the form: the part atom's title unless it is a bare id, else the file name; cut to
 * what a save takes, so the form never starts with a name it would refuse.
 */
export function suggestedName(title: string | null, fileName: string): string {
  const name = title && !/^[0-9a-f]{32}$/i.test(title) ? title : fileName.replace(/\.rfa$/i, '');
  // The limit counts UTF-16 units, as the schema does; a cut never splits a surrogate pair.
  const cut = name.slice(0, MAX_FAMILY_NAME_LENGTH);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut).trim();
}
