import { z } from 'zod';
import { ZId } from '../common/envelope.ts';
import { ZTifFields } from '../workflow/tif-fields.ts';

export const ZRevitFamily = ZTifFields.extend({
  revitFamilyId: ZId,
  revitFamilyName: z.string(),
  revitVersion: z.string().nullable(),
  revitFamilyVersion: z.string().nullable(),
  revitFamilyInternalVersion: z.string().nullable(),
  revitFamilyCategoryId: z.number().int().nullable(),
  revitFamilyRating: z.number().nullable(),
  revitFamilyDescription: z.string().nullable(),
  revitFamilyTags: z.array(z.string()),
  revitFamilyFileName: z.string().nullable(),
  revitFamilyFileHash: z.string().nullable(),
  revitFamilyPictureFileName: z.string().nullable(),
  revitFamilyPictureHash: z.string().nullable(),
  parameterListId: z.number().int().nullable(),
  parameterListCode: z.string().nullable(),
  cost: z.number().nullable(),
  companyId: z.number().int().nullable(),
});
export type TRevitFamily = z.infer<typeof ZRevitFamily>;
