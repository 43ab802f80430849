import type { TActivityRecordType } from '@portal/contract';
import type { TFunction } from 'i18next';
import { isRecordType } from './activity-kinds.ts';

/**
 * The fields the server logs in a change (ActivityService `changesOf`: a record's stored columns,
 * or the values a save writes) that have a label of their own, `activity.fields.<field>`. An id
 * reads as what it points to ("categoryId" → "Category"); its value stays the id.
 */
export const SHARED_FIELDS = [
  'id',
  'name',
  'description',
  'active',
  'code',
  'type',
  'status',
  'title',
  'companyId',
  'companyName',
  'createdByUserId',
  'createdOn',
  'userId',
  // users
  'login',
  'firstName',
  'lastName',
  'email',
  'phone',
  'joinDate',
  'registrationCompleted',
  'licenseId',
  'licenseAcceptanceDate',
  'termsId',
  'photoFileName',
  'mfaEnabled',
  'language',
  // roles
  'roleId',
  'roleName',
  'builtIn',
  'rolePermissionInfos',
  'userCount',
  // companies
  'address',
  'city',
  'region',
  'zipCode',
  'country',
  'url',
  'contactName',
  'fax',
  'parentId',
  'logoFileName',
  'companyParameters',
  'globalParameters',
  'useParentBranding',
  'defaultMeasurementSystemId',
  'isPartner',
  // licences
  'validUntil',
  'maxUsers',
  'accountManager',
  'claims',
  'validCheck',
  'validCheckDate',
  // categories and families
  'pictureFileName',
  'revitVersion',
  'familyVersion',
  'internalVersion',
  'categoryId',
  'rating',
  'tags',
  'fileName',
  'fileSize',
  'currentVersionId',
  'pictureFromFile',
  'omniClassCode',
  'revitCategory',
  'typeCatalogFileName',
  'typeSource',
  'types',
  'parameterListId',
  'parameterListCode',
  'cost',
  'downloads',
  // the approval workflow (families, scenarios, placement rules)
  'tifStatus',
  'tifAction',
  'tifOriginalId',
  'tifTempId',
  // scenarios
  'revitFamilyId',
  'documentType',
  'pageNumber',
  'detailReference',
  'fireRating',
  'acousticPerformance',
  'apertureSizeMinWidth',
  'apertureSizeMaxWidth',
  'apertureSizeMinHeight',
  'apertureSizeMaxHeight',
  'constructionElement',
  'constructionMaterialCode',
  'constructionThickness',
  'serviceSupport',
  // placement rules
  'scenarioId',
  'typeCode',
  'materialCode',
  'serviceSizeRangeLow',
  'serviceSizeRangeHigh',
  'closureDeviceSystemType',
  'closureDeviceSystemCount',
  'closureDeviceSystemThickness',
  'additionalInsulationTypeCode',
  'additionalInsulationThickness',
  // price lists
  'measurementSystemId',
  'materialId',
  'componentTypeId',
  'isPartList',
  'isDefaultList',
  'isTemplateList',
  // parameter lists
  'familyCount',
  // notifications
  'recipientUserId',
  'recipientLogin',
  'read',
  // API tokens
  'hint',
  'scopes',
  'lastUsed',
] as const;

/**
 * Where a record type's field reads differently from the shared label:
 * `activity.recordFields.<type>.<field>` (a company's url is its website, a parameter list's
 * parameterListId its own id).
 */
export const RECORD_FIELDS: { readonly [T in TActivityRecordType]?: readonly string[] } = {
  company: ['url'],
  licence: ['code'],
  terms: ['description'],
  role: ['roleId'],
  family: ['fileName'],
  parameterList: ['parameterListId', 'parameterListCode', 'parameterListDescription'],
};

const SHARED: ReadonlySet<string> = new Set(SHARED_FIELDS);

/**
 * A field name in words for a field without a label (a newer server's): camelCase split and
 * lower-cased, a trailing Id dropped ("validUntil" → "Valid until", "ownerId" → "Owner").
 */
export function fieldWords(field: string): string {
  const words = field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean);
  const last = words.at(-1);
  if (words.length > 1 && last && /^ids?$/i.test(last)) {
    words.pop();
    if (last.toLowerCase() === 'ids') words.push(`${words.pop() ?? ''}s`);
  }
  // Acronyms keep their capitals ("companyURL" → "Company URL"); a lone "id" reads "ID".
  const text = words
    .map((word) => (/^[A-Z\d]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ')
    .replace(/^id$/, 'ID');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whether a field of a record type has a translated label (not only the words of its name). */
export function hasFieldLabel(recordType: string | null | undefined, field: string): boolean {
  return (
    (isRecordType(recordType) && (RECORD_FIELDS[recordType]?.includes(field) ?? false)) || SHARED.has(field)
  );
}

/**
 * A logged field in the reader's words: the record type's own label, else the shared one, else
 * the words of its name, so a field the server adds later never shows as code.
 */
export function fieldLabel(t: TFunction, recordType: string | null | undefined, field: string): string {
  if (isRecordType(recordType) && RECORD_FIELDS[recordType]?.includes(field))
    return t(`activity.recordFields.${recordType}.${field}`);
  if (SHARED.has(field)) return t(`activity.fields.${field}`);
  return fieldWords(field);
}
