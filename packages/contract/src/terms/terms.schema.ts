import { z } from 'zod';
import { sortOf, ZFindQuery, ZId } from '../common/envelope.ts';
import { text } from '../common/fields.ts';

export const ZTerms = z.object({
  termsId: ZId,
  companyId: z.number().int().nullable(),
  termsTitle: z.string(),
  termsDescription: z.string(),
  active: z.boolean(),
  lastUpdate: z.string(),
  createdOn: z.string(),
  companyName: z.string().nullable().optional(),
});
export type TTerms = z.infer<typeof ZTerms>;

export const ZTermsInfos = z.object({ termsInfos: z.array(ZTerms) });

/** Create (no id) or update (id) of terms; `companyId` null: portal-wide terms (admins only). */
export const ZTermsInput = z.object({
  termsId: ZId.optional(),
  companyId: ZId.nullish(),
  termsTitle: text('termsTitle', { min: 1, max: 200 }),
  /** Markdown; rendered as text, never as HTML. */
  termsDescription: text('termsDescription', { min: 1, max: 100_000 }),
  active: z.boolean().default(true),
});
export type TTermsInput = z.infer<typeof ZTermsInput>;

/** The fields a find may sort by. */
export const TERMS_SORT_FIELDS = ['termsTitle', 'lastUpdate', 'createdOn', 'active'] as const;

export const ZTermsFindRequest = ZFindQuery.extend({
  sort: sortOf(TERMS_SORT_FIELDS),
  ids: z.array(ZId).max(1000).optional(),
  companyIds: z.array(ZId).max(1000).optional(),
  active: z.boolean().optional(),
});
export type TTermsFindRequest = z.infer<typeof ZTermsFindRequest>;

export const ZTermsSaveRequest = z.object({ termsInfos: z.array(ZTermsInput).min(1).max(20) });
export const ZTermsDeleteRequest = z.object({
  termsInfos: z
    .array(z.object({ termsId: ZId }))
    .min(1)
    .max(100),
});
export const ZTermsPage = ZTermsInfos.extend({ totalCount: z.number().int().nonnegative() });
