import type { TCompany } from '@portal/contract';
import { iso } from '../../lib/dates.ts';
import type { TCompanyRow } from './companies.repository.ts';

/** The one place a company row becomes the API record, with its parent's and children's names. */
export function toCompany(
  row: TCompanyRow,
  parents: Map<number, string>,
  children: Array<{ parentId: number | null; companyId: number; companyName: string }>,
): TCompany {
  return {
    companyId: row.id,
    companyName: row.name,
    companyAddress: row.address,
    companyCity: row.city,
    companyRegion: row.region,
    companyZipCode: row.zipCode,
    companyCountry: row.country,
    companyURL: row.url,
    companyContactName: row.contactName,
    companyPhoneNumber: row.phone,
    companyFaxNumber: row.fax,
    companyEmail: row.email,
    parentCompany:
      row.parentId === null
        ? null
        : { companyId: row.parentId, companyName: parents.get(row.parentId) ?? '' },
    childCompanies: children
      .filter((c) => c.parentId === row.id)
      .map(({ companyId, companyName }) => ({ companyId, companyName })),
    companyLogoFileName: row.logoFileName,
    companyLogoHash: row.logoHash,
    companyParameters: row.companyParameters ?? null,
    globalParameters: row.globalParameters ?? null,
    companyLicense: row.licenseId === null ? null : { licenseInfoId: row.licenseId },
    companyTerms: row.termsId === null ? null : { termsId: row.termsId },
    useParentCompanyBranding: row.useParentBranding,
    defaultMeasurementSystemId: row.defaultMeasurementSystemId,
    active: row.active,
    isPartnerCompany: row.isPartner,
    createdByUserId: row.createdByUserId,
    lastUpdate: iso(row.lastUpdate) ?? '',
  };
}
