import { z } from 'zod';
import { sortOf, ZFindQuery, ZId, ZIsoDate } from '../common/envelope.ts';
import { text } from '../common/fields.ts';

/** What an API token may do (CONTRACT 8): `lookup` the two diKeeperGet calls, `download` family files. */
export const API_TOKEN_SCOPES = ['lookup', 'download'] as const;
export type TApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token's secret starts with it, so the server tells a token from a JWT by its first bytes. */
export const API_TOKEN_PREFIX = 'fpt_';

/** The longest a token may live: a forgotten token in an add-in's settings expires within two years. */
export const API_TOKEN_MAX_DAYS = 730;

const DAY_MS = 86_400_000;

/** A token as the API answers it; `token`, the secret, only in the answer of its save. */
export const ZApiToken = z.object({
  apiTokenId: ZId,
  apiTokenName: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  validUntil: z.string(),
  /** The last request it made (updated at most once a minute); null: never used. */
  lastUsed: z.string().nullable(),
  createdOn: z.string(),
  /** The secret's first characters, to tell tokens apart: `fpt_AbCd…`. */
  tokenHint: z.string(),
  createdByUserId: z.number().int(),
  createdByLogin: z.string(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  token: z.string().optional(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

/** `validUntil` ahead of now and at most API_TOKEN_MAX_DAYS ahead (checked when sent). */
export const ZApiTokenValidUntil = ZIsoDate.superRefine((value, context) => {
  const ahead = Date.parse(value) - Date.now();
  if (ahead <= 0)
    context.addIssue({
      code: 'custom',
      message: 'validUntil must be in the future',
      params: { key: 'notInFuture', values: { name: 'validUntil' } },
    });
  else if (ahead > API_TOKEN_MAX_DAYS * DAY_MS)
    context.addIssue({
      code: 'custom',
      message: `validUntil must be at most ${API_TOKEN_MAX_DAYS} days ahead`,
      params: { key: 'tooFarAhead', values: { name: 'validUntil', max: API_TOKEN_MAX_DAYS } },
    });
});

export const ZApiTokenInput = z.object({
  apiTokenName: text('apiTokenName', { min: 1, max: 100 }),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES))
    .min(1)
    .max(API_TOKEN_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, {
      message: 'scopes has a repeated scope',
      params: { key: 'notValid', values: { name: 'scopes' } },
    }),
  validUntil: ZApiTokenValidUntil,
});
export type TApiTokenInput = z.infer<typeof ZApiTokenInput>;

/** The fields a find may sort by. */
export const API_TOKEN_SORT_FIELDS = [
  'apiTokenName',
  'validUntil',
  'lastUsed',
  'createdOn',
  'companyName',
] as const;

export const ZApiTokenFindRequest = ZFindQuery.extend({
  sort: sortOf(API_TOKEN_SORT_FIELDS),
  ids: z.array(ZId).max(1000).optional(),
  /** Admins: the tokens of these companies; others: narrows their tree. */
  companyIds: z.array(ZId).max(1000).optional(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)).max(API_TOKEN_SCOPES.length).optional(),
  /** False leaves out tokens whose validUntil has passed; default true. */
  includeExpired: z.boolean().optional(),
});
export type TApiTokenFindRequest = z.infer<typeof ZApiTokenFindRequest>;

export const ZApiTokenSaveRequest = z.object({ apiTokenInfos: z.array(ZApiTokenInput).min(1).max(20) });
export const ZApiTokenDeleteRequest = z.object({
  apiTokenInfos: z
    .array(z.object({ apiTokenId: ZId }))
    .min(1)
    .max(100),
});
export const ZApiTokenInfos = z.object({ apiTokenInfos: z.array(ZApiToken) });
export const ZApiTokenPage = ZApiTokenInfos.extend({ totalCount: z.number().int().nonnegative() });
