import { z } from 'zod';
import { ZFindQuery, ZId } from '../common/envelope.ts';
import { email, optionalText, text, ZPhone, ZUrl } from '../common/fields.ts';

export const ZCompanyRef = z.object({ companyId: ZId, companyName: z.string().optional() });
export type TCompanyRef = z.infer<typeof ZCompanyRef>;

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
  childCompanies: z.array(ZCompanyRef),
  companyLogoFileName: z.string().nullable(),
  companyLogoBase64: z.string().nullable().optional(),
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
});
export type TCompanyInput = z.infer<typeof ZCompanyInput>;

export const ZCompanyFindRequest = ZFindQuery.extend({
  ids: z.array(ZId).max(1000).optional(),
  names: z.array(z.string()).max(1000).optional(),
  active: z.boolean().optional(),
});

/** Signed in with companymanagement.read: full records; otherwise active names for the sign-up form. */
export const ZCompanyPage = z.object({
  companyInfos: z.array(z.union([ZCompany, ZCompanyRef])),
  totalCount: z.number().int().nonnegative(),
});
