import { z } from 'zod';
import { TIF_ACTIONS, TIF_STATUSES } from './tif.ts';

/** The temporary-item (tif) fields shared by families, scenarios and placement rules. */
export const ZTifFields = z.object({
  tifStatus: z.enum(TIF_STATUSES).nullable(),
  tifAction: z.enum(TIF_ACTIONS).nullable(),
  tifOriginalId: z.number().int().nullable(),
  tifTempId: z.number().int().nullable(),
});
