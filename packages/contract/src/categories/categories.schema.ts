import { z } from 'zod';
import { ZId } from '../common/envelope.ts';

export const ZCategory = z.object({
  categoryId: ZId,
  categoryName: z.string(),
  categoryDescription: z.string().nullable(),
  categoryPictureFileName: z.string().nullable(),
  categoryPictureHash: z.string().nullable(),
  active: z.boolean(),
});
export type TCategory = z.infer<typeof ZCategory>;
