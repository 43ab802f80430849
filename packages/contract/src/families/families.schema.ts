import { z } from 'zod';
import { sortOf, ZFindQuery, ZId, ZPathId } from '../common/envelope.ts';
import { optionalText, text } from '../common/fields.ts';
import { TIF_ACTIONS, TIF_STATUSES } from '../workflow/tif.ts';
import { ZTifFields } from '../workflow/tif-fields.ts';

/** A family's name, in characters (a name suggested from a file is cut to it). */
export const MAX_FAMILY_NAME_LENGTH = 200;

/** One parameter of a family type, as a type catalog column or a part atom element gives it. */
export const ZFamilyTypeParameter = z.object({
  name: z.string(),
  value: z.string(),
  /** Unit as written in the file (`mm`, `MILLIMETERS`), or null. */
  unit: z.string().nullable(),
  /** Revit data type (`Length`, `LENGTH`, `Material`, `Yes/No`), or null. */
  dataType: z.string().nullable(),
});
export type TFamilyTypeParameter = z.infer<typeof ZFamilyTypeParameter>;

/** One family type: a row of the type catalog or a `<A:part>` of the part atom. */
export const ZFamilyType = z.object({
  typeName: z.string(),
  parameters: z.array(ZFamilyTypeParameter),
});
export type TFamilyType = z.infer<typeof ZFamilyType>;

/** Where a family's types come from: its type catalog (wins) or the part atom of its file. */
export const FAMILY_TYPE_SOURCES = ['catalog', 'partAtom'] as const;

/**
 * How many file versions `/family/get` answers, newest first (`versionCount` says how many there
 * are): a family re-uploaded every night for years must not make its page grow without end.
 */
export const FAMILY_VERSIONS_SHOWN = 100;

/** One stored file of a family; uploading a new file keeps the earlier ones. */
export const ZFamilyVersion = z.object({
  versionId: ZId,
  revitVersion: z.string().nullable(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
  uploadedBy: z.object({ id: ZId, login: z.string() }).nullable(),
  uploadedAt: z.string(),
  current: z.boolean(),
});
export type TFamilyVersion = z.infer<typeof ZFamilyVersion>;

/** A family as the API answers it (spec 3, plus what the library screens show). */
export const ZRevitFamily = ZTifFields.extend({
  revitFamilyId: ZId,
  revitFamilyName: z.string(),
  revitVersion: z.string().nullable(),
  revitFamilyVersion: z.string().nullable(),
  revitFamilyInternalVersion: z.string().nullable(),
  revitFamilyCategoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  revitFamilyRating: z.number().nullable(),
  revitFamilyDescription: z.string().nullable(),
  revitFamilyTags: z.array(z.string()),
  revitFamilyFileName: z.string().nullable(),
  revitFamilyFileHash: z.string().nullable(),
  revitFamilyFileSize: z.number().int().nullable(),
  revitFamilyPictureFileName: z.string().nullable(),
  revitFamilyPictureHash: z.string().nullable(),
  /** True while the picture is the file's own preview (a new file brings its new preview). */
  pictureFromFile: z.boolean(),
  /** A small thumbnail (PNG, at most 256 px), only when the find asked `includePictures`. */
  revitFamilyPictureBase64: z.string().nullable().optional(),
  /** OmniClass code and Revit category read from the file's part atom. */
  omniClassCode: z.string().nullable(),
  revitCategory: z.string().nullable(),
  typeCatalogFileName: z.string().nullable(),
  typeSource: z.enum(FAMILY_TYPE_SOURCES).nullable(),
  typeCount: z.number().int().nonnegative(),
  /** The types with their parameters: on `/family/get` only. */
  revitFamilyTypes: z.array(ZFamilyType).optional(),
  /** The newest FAMILY_VERSIONS_SHOWN stored files, newest first: on `/family/get` only. */
  revitFamilyVersions: z.array(ZFamilyVersion).optional(),
  /** How many files are stored in all (more than `revitFamilyVersions` holds past the cap): on `/family/get` only. */
  versionCount: z.number().int().nonnegative().optional(),
  parameterListId: z.number().int().nullable(),
  parameterListCode: z.string().nullable(),
  cost: z.number().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  downloads: z.number().int().nonnegative(),
  createdOn: z.string(),
  lastUpdate: z.string(),
});
export type TRevitFamily = z.infer<typeof ZRevitFamily>;

const ZTag = text('revitFamilyTags', { min: 1, max: 40 });

/** An upload id from `/family/upload`: 32 hex characters. */
export const ZUploadId = z.string().regex(/^[0-9a-f]{32}$/, 'revitFamilyUploadId is not valid');

/**
 * Create (no id) or update (id) of one family. The file comes either as base64 beside its name
 * (spec) or as the id of a streaming upload; the Revit version, preview and types are read from it.
 */
export const ZRevitFamilyInput = z.object({
  revitFamilyId: ZId.optional(),
  revitFamilyName: text('revitFamilyName', { min: 1, max: MAX_FAMILY_NAME_LENGTH }),
  revitFamilyCategoryId: ZId.nullish(),
  revitFamilyRating: z.number().min(0).max(5).nullish(),
  revitFamilyDescription: optionalText('revitFamilyDescription', 5000),
  /** A list, or one comma-separated text as an older client sends it. */
  revitFamilyTags: z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((tag) => tag.trim())
              .filter(Boolean)
          : value,
      z.array(ZTag).max(30),
    )
    .optional(),
  revitFamilyVersion: optionalText('revitFamilyVersion', 50),
  revitFamilyInternalVersion: optionalText('revitFamilyInternalVersion', 50),
  revitFamilyFileName: optionalText('revitFamilyFileName', 255),
  revitFamilyFileBase64: z.string().nullish(),
  revitFamilyUploadId: ZUploadId.optional(),
  revitFamilyPictureFileName: optionalText('revitFamilyPictureFileName', 255),
  /** A picture of one's own (PNG, JPEG, GIF or WebP); `null` goes back to the file's preview. */
  revitFamilyPictureBase64: z.string().nullish(),
  typeCatalogFileName: optionalText('typeCatalogFileName', 255),
  /** The type catalog's text (`Name##TYPE##UNIT` header, one line per type); `null` removes it. */
  typeCatalogText: z.string().max(2_000_000).nullish(),
  parameterListId: ZId.nullish(),
  parameterListCode: optionalText('parameterListCode', 100),
  cost: z.number().min(0).max(1_000_000_000).nullish(),
  /** Admins file a family under any company; everyone else's go under their own. */
  companyId: ZId.nullish(),
  /**
   * Admins only, on update: act on a pending request (CONTRACT 4). `null`, as every answer carries
   * it, is no action.
   */
  tifAction: z.enum(TIF_ACTIONS).nullish(),
  /** With `tifAction` on a request: why, kept with the decision and sent to the requester. */
  tifReason: optionalText('tifReason', 2000),
  /** With `tifAction` on a request: a comment kept with the decision for the requester. */
  tifComment: optionalText('tifComment', 2000),
  /**
   * Read-only but for one request: the stored status (as a find answered it) changes nothing;
   * `RfD` on a published family asks to withdraw it (non-admins); any other change is a 409.
   */
  tifStatus: z.enum(TIF_STATUSES).nullish(),
});
export type TRevitFamilyInput = z.infer<typeof ZRevitFamilyInput>;

export const FAMILY_SORT_FIELDS = [
  'revitFamilyName',
  'revitVersion',
  'revitFamilyRating',
  'cost',
  'categoryName',
  'companyName',
  'downloads',
  'createdOn',
  'lastUpdate',
] as const;

export const ZFamilyFindRequest = ZFindQuery.extend({
  sort: sortOf(FAMILY_SORT_FIELDS),
  includeTempItems: z.boolean().optional(),
  ids: z.array(ZId).max(1000).optional(),
  names: z.array(z.string().max(200)).max(1000).optional(),
  categoryIds: z.array(ZId).max(1000).optional(),
  includePictures: z.boolean().optional(),
  revitVersions: z
    .array(z.string().regex(/^\d{4}$/, 'revitVersions is not valid'))
    .max(50)
    .optional(),
  minRating: z.number().min(0).max(5).optional(),
  companyIds: z.array(ZId).max(1000).optional(),
  tags: z.array(z.string().max(40)).max(30).optional(),
  tifStatuses: z.array(z.enum(TIF_STATUSES)).max(7).optional(),
  /** Answer `facets` too: counts per category, version, rating, tag and company over the other filters. */
  includeFacets: z.boolean().optional(),
});
export type TFamilyFindRequest = z.infer<typeof ZFamilyFindRequest>;

export const ZFacetCount = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type TFacetCount = z.infer<typeof ZFacetCount>;

/**
 * Values a facet answers at most: categories and companies those holding the most families (by
 * name), Revit versions the newest; tags the 30 most used.
 */
export const FAMILY_FACET_VALUES_MAX = 100;

export const ZFamilyFacets = z.object({
  categories: z.array(ZFacetCount),
  revitVersions: z.array(ZFacetCount),
  ratings: z.array(ZFacetCount),
  tags: z.array(ZFacetCount),
  companies: z.array(ZFacetCount),
});
export type TFamilyFacets = z.infer<typeof ZFamilyFacets>;

export const ZFamilySaveRequest = z.object({ revitFamilyInfos: z.array(ZRevitFamilyInput).min(1).max(20) });
export const ZFamilyDeleteRequest = z.object({
  revitFamilyInfos: z
    .array(z.object({ revitFamilyId: ZId }))
    .min(1)
    .max(100),
});
export const ZFamilyVersionRequest = z.object({ revitFamilyId: ZId, versionId: ZId });

export const ZRevitFamilyInfos = z.object({ revitFamilyInfos: z.array(ZRevitFamily) });
export const ZRevitFamilyPage = ZRevitFamilyInfos.extend({
  totalCount: z.number().int().nonnegative(),
  facets: ZFamilyFacets.optional(),
});
export const ZPendingCount = z.object({ pendingCount: z.number().int().nonnegative() });

/** What the server read from an uploaded .rfa (and offers as suggestions for the form). */
export const ZRfaContents = z.object({
  revitVersion: z.string(),
  revitBuild: z.string().nullable(),
  title: z.string().nullable(),
  omniClassCode: z.string().nullable(),
  revitCategory: z.string().nullable(),
  types: z.array(ZFamilyType),
  hasPreview: z.boolean(),
});
export type TRfaContents = z.infer<typeof ZRfaContents>;

/** The answer of a streaming upload: keep `uploadId` and send it with the save. */
export const ZFamilyUpload = z.object({
  upload: z.object({
    uploadId: z.string(),
    fileName: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    contents: ZRfaContents,
    /** Thumbnail of the file's preview, base64 PNG, or null. */
    previewBase64: z.string().nullable(),
    suggestions: z.object({
      revitFamilyName: z.string(),
      categoryId: z.number().int().nullable(),
      tags: z.array(z.string()),
    }),
  }),
});
export type TFamilyUpload = z.infer<typeof ZFamilyUpload>;

/** Largest family file taken (both paths); base64 in JSON is for small ones. */
export const MAX_FAMILY_FILE_BYTES = 512 * 1024 * 1024;
export const MAX_FAMILY_BASE64_BYTES = 50 * 1024 * 1024;

/**
 * A download link for a browser (`<a href>` cannot send the bearer token): the signed ticket in its
 * query lets that one family file be fetched by that user for a minute.
 */
export const ZDownloadTicketRequest = z.object({ revitFamilyId: ZId, versionId: ZId.optional() });
export const ZDownloadTicket = z.object({ url: z.string(), expiresAt: z.string() });

/**
 * Families one `/family/bulk` request saves at most (an .rfa sent alone or inside a zip); the
 * browser sends a folder in batches far below it, a zip whole.
 */
export const MAX_FAMILY_BULK_FILES = 1000;
/** Entries a zip sent to `/family/bulk` may list, and bytes they may unpack to together. */
export const MAX_FAMILY_ZIP_ENTRIES = 10_000;
export const MAX_FAMILY_ZIP_UNPACKED_BYTES = 8 * 1024 * 1024 * 1024;
/** A type catalog travels as text of at most this many bytes (its field's limit in the save). */
export const MAX_TYPE_CATALOG_BYTES = 2_000_000;

/** `/family/bulk?companyId=`: admins file the families under any company, others within their tree. */
export const ZFamilyBulkQuery = z.object({ companyId: ZPathId.optional() });

/** What became of one file of a bulk upload. */
export const FAMILY_BULK_STATUSES = ['saved', 'skipped', 'refused'] as const;
export type TFamilyBulkStatus = (typeof FAMILY_BULK_STATUSES)[number];

/**
 * One line of `/family/bulk`'s NDJSON answer. `file`: one line per file as it is done (`archive`
 * names the zip an entry came from; `code`, `values` and the English `message` say why a file was
 * refused or skipped). `summary` closes a complete answer; `failed` ends one the request broke off
 * (the body cut short): the files without a line were not read and may be sent again.
 */
export const ZFamilyBulkLine = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('file'),
    file: z.string(),
    archive: z.string().optional(),
    status: z.enum(FAMILY_BULK_STATUSES),
    familyId: z.number().int().optional(),
    name: z.string().optional(),
    category: z.string().nullable().optional(),
    revitVersion: z.string().nullable().optional(),
    types: z.number().int().nonnegative().optional(),
    typeCatalog: z.string().optional(),
    tifStatus: z.enum(TIF_STATUSES).optional(),
    code: z.string().optional(),
    values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    message: z.string().optional(),
  }),
  z.object({
    kind: z.literal('summary'),
    saved: z.number().int().nonnegative(),
    skipped: z.number().int().nonnegative(),
    refused: z.number().int().nonnegative(),
  }),
  z.object({
    kind: z.literal('failed'),
    code: z.string(),
    values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    message: z.string(),
  }),
]);
export type TFamilyBulkLine = z.infer<typeof ZFamilyBulkLine>;
export type TFamilyBulkFileLine = Extract<TFamilyBulkLine, { kind: 'file' }>;
