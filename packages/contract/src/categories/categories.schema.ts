import { z } from 'zod';
import { sortOf, ZFindQuery, ZId } from '../common/envelope.ts';
import { optionalText, text } from '../common/fields.ts';

/** A category as the API answers it; pictures are read through `/api/picture/{hash}`. */
export const ZCategory = z.object({
  categoryId: ZId,
  categoryName: z.string(),
  categoryDescription: z.string().nullable(),
  categoryPictureFileName: z.string().nullable(),
  categoryPictureHash: z.string().nullable(),
  active: z.boolean(),
  /**
   * Published families filed under it that the caller's library shows: what the library's category
   * facet counts for the same caller (requests and disapproved families are not counted; a delete
   * is refused while any family, of any status, is filed under it).
   */
  familyCount: z.number().int().nonnegative(),
});
export type TCategory = z.infer<typeof ZCategory>;

/** Create (no id) or update (id) of one category. */
export const ZCategoryInput = z.object({
  categoryId: ZId.optional(),
  categoryName: text('categoryName', { min: 1, max: 100 }),
  categoryDescription: optionalText('categoryDescription', 2000),
  active: z.boolean().optional(),
  categoryPictureFileName: optionalText('categoryPictureFileName', 255),
  /** A new picture (PNG, JPEG, GIF or WebP, at most 5 MiB); `null` removes it; absent keeps it. */
  categoryPictureBase64: z.string().nullish(),
});
export type TCategoryInput = z.infer<typeof ZCategoryInput>;

/** The fields a find may sort by. */
export const CATEGORY_SORT_FIELDS = ['categoryName', 'active', 'familyCount'] as const;

export const ZCategoryFindRequest = ZFindQuery.extend({
  sort: sortOf(CATEGORY_SORT_FIELDS),
  ids: z.array(ZId).max(1000).optional(),
  names: z.array(z.string().max(100)).max(1000).optional(),
  active: z.boolean().optional(),
});
export type TCategoryFindRequest = z.infer<typeof ZCategoryFindRequest>;

export const ZCategorySaveRequest = z.object({ categoryInfos: z.array(ZCategoryInput).min(1).max(100) });
export const ZCategoryDeleteRequest = z.object({
  categoryInfos: z
    .array(z.object({ categoryId: ZId }))
    .min(1)
    .max(100),
});

export const ZCategoryInfos = z.object({ categoryInfos: z.array(ZCategory) });
export const ZCategoryPage = ZCategoryInfos.extend({ totalCount: z.number().int().nonnegative() });
