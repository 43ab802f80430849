import { z } from 'zod';
import { sortOf, ZFindQuery, ZId } from '../common/envelope.ts';
import { optionalText, text } from '../common/fields.ts';

/** Codes of the generic lists the client fetches by name (spec 7). */
export const DEFAULT_LIST_CODES = ['unitlist', 'materiallist', 'componenttype'] as const;

/** One entry of a generic list: a code, its description and its place in the list. */
export const ZListItem = z.object({
  listItemId: ZId,
  itemCode: z.string(),
  itemDescription: z.string(),
  sortOrder: z.number().int(),
});
export type TListItem = z.infer<typeof ZListItem>;

export const ZGenericList = z.object({
  listId: ZId,
  listCode: z.string(),
  listDescription: z.string().nullable(),
  listItems: z.array(ZListItem),
  active: z.boolean(),
});
export type TGenericList = z.infer<typeof ZGenericList>;

/** A generic list's text lengths and the shape of its code, for its schemas below and the web form. */
export const LIST_TEXT_MAX = {
  listCode: 50,
  listDescription: 500,
  itemCode: 50,
  itemDescription: 200,
} as const;
export const LIST_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** An item as saved: order is its place in `listItems` unless `sortOrder` says otherwise. */
export const ZListItemInput = z.object({
  itemCode: text('itemCode', { min: 1, max: LIST_TEXT_MAX.itemCode }),
  itemDescription: text('itemDescription', { min: 1, max: LIST_TEXT_MAX.itemDescription }),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
});

/** Create (no id) or update (id) of a list; its items are replaced by the ones sent. */
export const ZGenericListInput = z.object({
  listId: ZId.optional(),
  listCode: text('listCode', { min: 1, max: LIST_TEXT_MAX.listCode }).regex(
    LIST_CODE_PATTERN,
    'listCode is not valid',
  ),
  listDescription: optionalText('listDescription', LIST_TEXT_MAX.listDescription),
  active: z.boolean().default(true),
  listItems: z.array(ZListItemInput).max(5000).default([]),
});
export type TGenericListInput = z.infer<typeof ZGenericListInput>;

/** The fields a find may sort by. */
export const LIST_SORT_FIELDS = ['listCode', 'active'] as const;

export const ZListFindRequest = ZFindQuery.extend({
  sort: sortOf(LIST_SORT_FIELDS),
  ids: z.array(ZId).max(1000).optional(),
  names: z.array(z.string().max(50)).max(100).optional(),
  active: z.boolean().optional(),
});
export type TListFindRequest = z.infer<typeof ZListFindRequest>;

export const ZListSaveRequest = z.object({ listInfos: z.array(ZGenericListInput).min(1).max(50) });
export const ZListInfos = z.object({ listInfos: z.array(ZGenericList) });
export const ZListPage = ZListInfos.extend({ totalCount: z.number().int().nonnegative() });
