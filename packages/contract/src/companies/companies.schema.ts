import { z } from 'zod';
import { sortOf, ZFindQuery, ZId } from '../common/envelope.ts';
import { email, optionalText, text, ZPhone, ZUrl } from '../common/fields.ts';

export const ZCompanyRef = z.object({ companyId: ZId, companyName: z.string().optional() });
export type TCompanyRef = z.infer<typeof ZCompanyRef>;

/**
 * How many child companies a company record names (`childCompanyCount` says how many there are; a
 * find by `parentIds` pages through them all): a page of 1,000 companies stays a bounded answer.
 */
export const COMPANY_CHILDREN_SHOWN = 100;

export const ZCompany = z.object({
  companyId: ZId,
  companyName: z.string(),
  companyAddress: z.string().nullable(),
  companyCity: z.string().nullable(),
  companyRegion: z.string().nullable(),
  companyZipCode: z.string().nullable(),
  companyCountry: z.string().nullable(),
  companyURL: z.string().nullable(),
  companyContactName: z.string().nullable(),
  companyPhoneNumber: z.string().nullable(),
  companyFaxNumber: z.string().nullable(),
  companyEmail: z.string().nullable(),
  parentCompany: ZCompanyRef.nullable(),
  /** The first COMPANY_CHILDREN_SHOWN child companies, by name. */
  childCompanies: z.array(ZCompanyRef),
  /** How many child companies it has in all. */
  childCompanyCount: z.number().int().nonnegative().optional(),
  companyLogoFileName: z.string().nullable(),
  companyLogoBase64: z.string().nullable().optional(),
  /** The logo's content hash (`/api/picture/{hash}`), or null for the default logo. */
  companyLogoHash: z.string().nullable().optional(),
  /** Users and child companies it holds (what a delete must say where they go). */
  userCount: z.number().int().nonnegative().optional(),
  companyParameters: z.record(z.string(), z.string()).nullable(),
  globalParameters: z.record(z.string(), z.string()).nullable(),
  companyLicense: z.object({ licenseInfoId: ZId }).nullable(),
  companyTerms: z.object({ termsId: ZId }).nullable(),
  useParentCompanyBranding: z.boolean(),
  defaultMeasurementSystemId: z.number().int().nullable(),
  active: z.boolean(),
  isPartnerCompany: z.boolean(),
  createdByUserId: z.number().int().nullable(),
  lastUpdate: z.string(),
});
export type TCompany = z.infer<typeof ZCompany>;

export const ZCompanyInput = z.object({
  companyId: ZId.optional(),
  companyName: text('companyName', { min: 2, max: 200 }),
  companyAddress: optionalText('companyAddress', 300),
  companyCity: optionalText('companyCity', 100),
  companyRegion: optionalText('companyRegion', 100),
  companyZipCode: optionalText('companyZipCode', 20),
  companyCountry: optionalText('companyCountry', 100),
  companyURL: ZUrl,
  companyContactName: optionalText('companyContactName', 200),
  companyPhoneNumber: ZPhone,
  companyFaxNumber: ZPhone,
  companyEmail: email('companyEmail').or(z.literal('')).nullish(),
  parentCompany: z.object({ companyId: ZId }).nullish(),
  companyLogoFileName: optionalText('companyLogoFileName', 255),
  companyLogoBase64: z.string().nullish(),
  companyParameters: z.record(z.string(), z.string()).nullish(),
  globalParameters: z.record(z.string(), z.string()).nullish(),
  companyLicense: z.object({ licenseInfoId: ZId }).nullish(),
  companyTerms: z.object({ termsId: ZId }).nullish(),
  useParentCompanyBranding: z.boolean().default(true),
  defaultMeasurementSystemId: z.number().int().nullish(),
  active: z.boolean().default(true),
  isPartnerCompany: z.boolean().default(false),
  /** On update: the `lastUpdate` the editor read; a newer stored one is a 409 (never a silent overwrite). */
  lastUpdate: z.string().max(40).optional(),
});
export type TCompanyInput = z.infer<typeof ZCompanyInput>;

/** The fields a find may sort by. */
export const COMPANY_SORT_FIELDS = [
  'companyName',
  'companyCity',
  'companyCountry',
  'active',
  'companyId',
  'lastUpdate',
] as const;

export const ZCompanyFindRequest = ZFindQuery.extend({
  sort: sortOf(COMPANY_SORT_FIELDS),
  ids: z.array(ZId).max(1000).optional(),
  names: z.array(z.string().max(200)).max(1000).optional(),
  active: z.boolean().optional(),
  parentIds: z.array(ZId).max(1000).optional(),
  isPartnerCompany: z.boolean().optional(),
  /** Answer each company's logo as `companyLogoBase64` (a page of 1,000 logos is large: ask only when shown). */
  includeLogos: z.boolean().optional(),
});

export const ZCompanySaveRequest = z.object({ companyInfos: z.array(ZCompanyInput).min(1).max(100) });

/**
 * Deletes companies. One that has users or child companies is refused (409) unless the request
 * says where they go: `usersTo`/`childrenTo` name a company, or `{companyId: null}` (users without a
 * company; children become top-level companies, admins only).
 */
export const ZCompanyDeleteRequest = z.object({
  companyInfos: z
    .array(z.object({ companyId: ZId }))
    .min(1)
    .max(100),
  usersTo: z.object({ companyId: ZId.nullable() }).optional(),
  childrenTo: z.object({ companyId: ZId.nullable() }).optional(),
});

export const ZCompanyInfos = z.object({ companyInfos: z.array(ZCompany) });

/** What the header shows: the caller's company, or its nearest ancestor's when it uses the parent's branding. */
export const ZBranding = z.object({
  branding: z.object({
    companyId: z.number().int().nullable(),
    companyName: z.string().nullable(),
    logoHash: z.string().nullable(),
  }),
});

/** Signed in with companymanagement.read: full records; otherwise active names for the sign-up form. */
export const ZCompanyPage = z.object({
  companyInfos: z.array(z.union([ZCompany, ZCompanyRef])),
  totalCount: z.number().int().nonnegative(),
});
