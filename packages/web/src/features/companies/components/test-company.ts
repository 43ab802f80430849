import type { TCompany } from '@portal/contract';

/**
 * A company record as the API answers it, for tests: `parent` is a company (its name shows) or an
 * id (shown as `#id`); `extra` overrides any field.
 */
export function testCompany(
  id: number,
  name: string,
  parent: TCompany | number | null,
  extra: Partial<TCompany> = {},
): TCompany {
  return {
    companyId: id,
    companyName: name,
    companyAddress: null,
    companyCity: null,
    companyRegion: null,
    companyZipCode: null,
    companyCountry: null,
    companyURL: null,
    companyContactName: null,
    companyPhoneNumber: null,
    companyFaxNumber: null,
    companyEmail: null,
    parentCompany:
      parent === null
        ? null
        : typeof parent === 'number'
          ? { companyId: parent, companyName: `#${parent}` }
          : { companyId: parent.companyId, companyName: parent.companyName },
    childCompanies: [],
    companyLogoFileName: null,
    companyLogoHash: null,
    userCount: 0,
    companyParameters: null,
    globalParameters: null,
    companyLicense: null,
    companyTerms: null,
    useParentCompanyBranding: true,
    defaultMeasurementSystemId: null,
    active: true,
    isPartnerCompany: false,
    createdByUserId: 1,
    lastUpdate: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}
