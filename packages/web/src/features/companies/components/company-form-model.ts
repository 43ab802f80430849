import type { TPictureValue } from '../../../shared/ui/picture-field.tsx';
import type { TCompany, TCompanyInput } from '@portal/contract';

/** One key/value row of a parameters list. */
export type TParameterRow = { key: string; value: string };

/**
 * A company logo being edited: the stored one (or none) untouched, a new file, or the stored one
 * removed. Only `new` and `removed` travel to the server.
 */
export type TLogoValue = TPictureValue;

export type TCompanyFormValues = {
  companyName: string;
  companyAddress: string;
  companyCity: string;
  companyRegion: string;
  companyZipCode: string;
  companyCountry: string;
  companyURL: string;
  active: boolean;
  isPartnerCompany: boolean;
  /** The parent company; null: a top-level company. */
  parentId: number | null;
  companyContactName: string;
  companyPhoneNumber: string;
  companyFaxNumber: string;
  companyEmail: string;
  logo: TLogoValue;
  useParentCompanyBranding: boolean;
  companyParameters: TParameterRow[];
  globalParameters: TParameterRow[];
  /** The licence the company uses; null: none. */
  licenseInfoId: number | null;
  /** The company's own terms & conditions; null: none. */
  termsId: number | null;
};

/** The form's tabs, in order. */
export const COMPANY_TABS = ['details', 'contact', 'branding', 'licence', 'terms', 'parameters'] as const;
export type TCompanyTab = (typeof COMPANY_TABS)[number];

/** The tab that holds each field, so an error on a hidden tab brings that tab forward. */
export const TAB_OF_FIELD: Record<keyof TCompanyFormValues, TCompanyTab> = {
  companyName: 'details',
  companyAddress: 'details',
  companyCity: 'details',
  companyRegion: 'details',
  companyZipCode: 'details',
  companyCountry: 'details',
  companyURL: 'details',
  active: 'details',
  isPartnerCompany: 'details',
  parentId: 'details',
  companyContactName: 'contact',
  companyPhoneNumber: 'contact',
  companyFaxNumber: 'contact',
  companyEmail: 'contact',
  logo: 'branding',
  useParentCompanyBranding: 'branding',
  companyParameters: 'parameters',
  globalParameters: 'parameters',
  licenseInfoId: 'licence',
  termsId: 'terms',
};

/** A stored key/value map as rows, by key (the order a person finds them in). */
export function rowsOf(parameters: Record<string, string> | null | undefined): TParameterRow[] {
  return Object.entries(parameters ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => ({ key, value }));
}

/** The rows as the map the API stores (keys trimmed; rows without a key dropped). */
export function recordOf(rows: readonly TParameterRow[] | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  for (const row of rows ?? []) {
    const key = row.key.trim();
    if (key) record[key] = row.value;
  }
  return record;
}

/** The keys that more than one row uses (compared trimmed, case-sensitive as stored). */
export function duplicateKeys(rows: readonly TParameterRow[] | undefined): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const row of rows ?? []) {
    const key = (row?.key ?? '').trim();
    if (!key) continue;
    if (seen.has(key)) twice.add(key);
    seen.add(key);
  }
  return twice;
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

// Every field has a value here: antd's setFieldsValue merges, so a missing one would keep the
// value of the company edited before.
export function initialValues(company: TCompany | null, defaultParentId: number | null): TCompanyFormValues {
  return {
    companyName: company?.companyName ?? '',
    companyAddress: company?.companyAddress ?? '',
    companyCity: company?.companyCity ?? '',
    companyRegion: company?.companyRegion ?? '',
    companyZipCode: company?.companyZipCode ?? '',
    companyCountry: company?.companyCountry ?? '',
    companyURL: company?.companyURL ?? '',
    active: company?.active ?? true,
    isPartnerCompany: company?.isPartnerCompany ?? false,
    parentId: company ? (company.parentCompany?.companyId ?? null) : defaultParentId,
    companyContactName: company?.companyContactName ?? '',
    companyPhoneNumber: company?.companyPhoneNumber ?? '',
    companyFaxNumber: company?.companyFaxNumber ?? '',
    companyEmail: company?.companyEmail ?? '',
    logo: { kind: 'stored', hash: company?.companyLogoHash ?? null },
    useParentCompanyBranding: company?.useParentCompanyBranding ?? true,
    companyParameters: rowsOf(company?.companyParameters),
    globalParameters: rowsOf(company?.globalParameters),
    licenseInfoId: company?.companyLicense?.licenseInfoId ?? null,
    termsId: company?.companyTerms?.termsId ?? null,
  };
}

const TEXT_FIELDS = [
  'companyAddress',
  'companyCity',
  'companyRegion',
  'companyZipCode',
  'companyCountry',
  'companyURL',
  'companyContactName',
  'companyPhoneNumber',
  'companyFaxNumber',
  'companyEmail',
] as const;

/**
 * The request for the form's values, or null when an edit changed nothing (the save then sends
 * nothing). An update carries the lastUpdate the form read; the parent and the parameters travel
 * only when they changed (so do the licence and terms links), a logo only when replaced (base64) or removed (null).
 */
export function companyInputOf(company: TCompany | null, values: TCompanyFormValues): TCompanyInput | null {
  const text = Object.fromEntries(
    TEXT_FIELDS.map((field) => [field, (values[field] ?? '').trim() || null]),
  ) as Record<(typeof TEXT_FIELDS)[number], string | null>;
  const name = values.companyName.trim();
  const companyParameters = recordOf(values.companyParameters);
  const globalParameters = recordOf(values.globalParameters);
  const parentChanged = company === null || values.parentId !== (company.parentCompany?.companyId ?? null);
  const companyParametersChanged =
    company === null || !sameRecord(companyParameters, company.companyParameters ?? {});
  const globalParametersChanged =
    company === null || !sameRecord(globalParameters, company.globalParameters ?? {});
  const licenceChanged = (values.licenseInfoId ?? null) !== (company?.companyLicense?.licenseInfoId ?? null);
  const termsChanged = (values.termsId ?? null) !== (company?.companyTerms?.termsId ?? null);
  const { logo } = values;

  if (
    company !== null &&
    name === company.companyName &&
    TEXT_FIELDS.every((field) => text[field] === (company[field] || null)) &&
    values.active === company.active &&
    values.isPartnerCompany === company.isPartnerCompany &&
    values.useParentCompanyBranding === company.useParentCompanyBranding &&
    !parentChanged &&
    !companyParametersChanged &&
    !globalParametersChanged &&
    !licenceChanged &&
    !termsChanged &&
    logo.kind === 'stored'
  )
    return null;

  return {
    ...(company ? { companyId: company.companyId, lastUpdate: company.lastUpdate } : {}),
    companyName: name,
    ...text,
    active: values.active,
    isPartnerCompany: values.isPartnerCompany,
    useParentCompanyBranding: values.useParentCompanyBranding,
    ...(parentChanged
      ? { parentCompany: values.parentId === null ? null : { companyId: values.parentId } }
      : {}),
    ...(companyParametersChanged ? { companyParameters } : {}),
    ...(globalParametersChanged ? { globalParameters } : {}),
    ...(licenceChanged
      ? { companyLicense: values.licenseInfoId ? { licenseInfoId: values.licenseInfoId } : null }
      : {}),
    ...(termsChanged ? { companyTerms: values.termsId ? { termsId: values.termsId } : null } : {}),
    ...(logo.kind === 'new'
      ? { companyLogoBase64: logo.base64, companyLogoFileName: logo.fileName }
      : logo.kind === 'removed'
        ? { companyLogoBase64: null, companyLogoFileName: null }
        : {}),
  };
}
