import { z } from 'zod';
import { ZId } from '../common/envelope.ts';

/** Codes of the generic lists the client fetches by name (spec 7). */
export const DEFAULT_LIST_CODES = ['unitlist', 'materiallist', 'componenttype'] as const;

export const ZListItem = z.object({
  listItemId: ZId.optional(),
  itemCode: z.string(),
  itemValue: z.string(),
  sortOrder: z.number().int().optional(),
});

export const ZGenericList = z.object({
  listId: ZId,
  listCode: z.string(),
  listDescription: z.string().nullable(),
  listItems: z.array(ZListItem),
  active: z.boolean(),
});
export type TGenericList = z.infer<typeof ZGenericList>;
