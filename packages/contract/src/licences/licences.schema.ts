import { z } from 'zod';
import { sortOf, ZFindQuery, ZId, ZIsoDate } from '../common/envelope.ts';
import { optionalText, text } from '../common/fields.ts';
import { MESSAGES } from '../common/messages.ts';

export const ZLicense = z.object({
  licenseInfoId: ZId,
  licenseCode: z.string(),
  licenseType: z.string().nullable(),
  licenseDescription: z.string().nullable(),
  licenseValidUntil: z.string().nullable(),
  maxNumberOfUsers: z.number().int().min(1),
  currentNumberOfUsers: z.number().int().min(0),
  accountManager: z.string().nullable(),
  licenseStatus: z.string().nullable(),
  active: z.boolean(),
  licenseClaims: z.array(z.string()),
  validCheck: z.boolean().nullable(),
  validCheckDate: z.string().nullable(),
});
export type TLicense = z.infer<typeof ZLicense>;

/**
 * How many of the companies using a licence its record names (by name; `companyCount` says how many
 * there are): a licence shared by thousands of companies keeps a small record.
 */
export const LICENCE_COMPANIES_SHOWN = 20;

/** A licence in the licences list: its record and the companies that use it. */
export const ZLicenseListItem = ZLicense.extend({
  /** The first LICENCE_COMPANIES_SHOWN companies using it, by name. */
  companies: z.array(z.object({ companyId: z.number().int(), companyName: z.string() })),
  /** How many companies use it in all. */
  companyCount: z.number().int().nonnegative().optional(),
});
export type TLicenseListItem = z.infer<typeof ZLicenseListItem>;

/** Create (no id) or update (id) of a licence; `currentNumberOfUsers` is counted, never typed. */
export const ZLicenseInput = z.object({
  licenseInfoId: ZId.optional(),
  licenseCode: text('licenseCode', { min: 1, max: 100 }),
  licenseType: optionalText('licenseType', 100),
  licenseDescription: optionalText('licenseDescription', 2000),
  licenseValidUntil: ZIsoDate.nullish(),
  maxNumberOfUsers: z.number().int().min(1, MESSAGES.notValid('maxNumberOfUsers')).max(1_000_000).default(1),
  accountManager: optionalText('accountManager', 200),
  licenseStatus: optionalText('licenseStatus', 50),
  active: z.boolean().default(true),
  licenseClaims: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
});
export type TLicenseInput = z.infer<typeof ZLicenseInput>;

/** The fields a find may sort by. */
export const LICENSE_SORT_FIELDS = [
  'licenseValidUntil',
  'licenseCode',
  'maxNumberOfUsers',
  'active',
] as const;

export const ZLicenseFindRequest = ZFindQuery.extend({
  sort: sortOf(LICENSE_SORT_FIELDS),
  ids: z.array(ZId).max(1000).optional(),
  active: z.boolean().optional(),
  /** Only licences that end within this many days (expired ones included). */
  expiringWithinDays: z.number().int().min(0).max(3650).optional(),
  /** False leaves out licences whose end has passed (the home page's "about to expire"); default true. */
  includeExpired: z.boolean().optional(),
});
export type TLicenseFindRequest = z.infer<typeof ZLicenseFindRequest>;

export const ZLicenseSaveRequest = z.object({ licenseInfos: z.array(ZLicenseInput).min(1).max(100) });
/** The spec's check payload: which licences to check now. */
export const ZLicenseCheckRequest = z.object({
  checkedLicenseInfos: z
    .array(z.object({ licenseInfo: z.object({ licenseInfoId: ZId }) }))
    .min(1)
    .max(1000),
});
export const ZLicenseInfos = z.object({ licenseInfos: z.array(ZLicenseListItem) });
export const ZLicensePage = ZLicenseInfos.extend({ totalCount: z.number().int().nonnegative() });
