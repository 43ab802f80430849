import { ACTIVITY_RECORD_TYPES, type TActivityRecordType } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { localeFiles } from '../i18n/locale-files.ts';
import { fieldLabel, fieldWords, hasFieldLabel, RECORD_FIELDS, SHARED_FIELDS } from './activity-fields.ts';

/**
 * The fields each record type writes into a change, as the server logs them (ActivityService
 * `changesOf` over the stored row, or `changesOfValues` over what a save writes; db/schema and the
 * services' calls), less what it never logs: secrets and hashes, timestamps, search text.
 */
const LOGGED: Record<TActivityRecordType, readonly string[]> = {
  user: [
    'id',
    'login',
    'active',
    'firstName',
    'lastName',
    'email',
    'phone',
    'companyName',
    'companyId',
    'joinDate',
    'registrationCompleted',
    'licenseId',
    'licenseAcceptanceDate',
    'termsId',
    'photoFileName',
    'mfaEnabled',
    'language',
  ],
  role: ['roleId', 'roleName', 'builtIn', 'rolePermissionInfos', 'userCount'],
  company: [
    'id',
    'name',
    'address',
    'city',
    'region',
    'zipCode',
    'country',
    'url',
    'contactName',
    'phone',
    'fax',
    'email',
    'parentId',
    'logoFileName',
    'companyParameters',
    'globalParameters',
    'licenseId',
    'termsId',
    'useParentBranding',
    'defaultMeasurementSystemId',
    'active',
    'isPartner',
    'createdByUserId',
  ],
  licence: [
    'id',
    'code',
    'type',
    'description',
    'validUntil',
    'maxUsers',
    'accountManager',
    'status',
    'active',
    'claims',
    'validCheck',
    'validCheckDate',
  ],
  terms: ['id', 'companyId', 'title', 'description', 'active', 'createdOn'],
  category: ['id', 'name', 'description', 'pictureFileName', 'active'],
  family: [
    'id',
    'name',
    'revitVersion',
    'familyVersion',
    'internalVersion',
    'categoryId',
    'rating',
    'description',
    'tags',
    'fileName',
    'fileSize',
    'currentVersionId',
    'pictureFileName',
    'pictureFromFile',
    'omniClassCode',
    'revitCategory',
    'typeCatalogFileName',
    'typeSource',
    'types',
    'parameterListId',
    'parameterListCode',
    'cost',
    'companyId',
    'downloads',
    'createdByUserId',
    'tifStatus',
    'tifAction',
    'tifOriginalId',
    'tifTempId',
    'createdOn',
  ],
  scenario: [
    'id',
    'name',
    'revitFamilyId',
    'companyId',
    'documentType',
    'pageNumber',
    'detailReference',
    'parameterListId',
    'fireRating',
    'acousticPerformance',
    'apertureSizeMinWidth',
    'apertureSizeMinHeight',
    'apertureSizeMaxWidth',
    'apertureSizeMaxHeight',
    'constructionElement',
    'constructionMaterialCode',
    'constructionThickness',
    'serviceSupport',
    'active',
    'createdByUserId',
    'tifStatus',
    'tifAction',
    'tifOriginalId',
    'tifTempId',
    'createdOn',
  ],
  placementRule: [
    'id',
    'name',
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
    'active',
    'companyId',
    'createdByUserId',
    'tifStatus',
    'tifAction',
    'tifOriginalId',
    'tifTempId',
    'createdOn',
  ],
  priceList: [
    'id',
    'code',
    'description',
    'active',
    'companyId',
    'measurementSystemId',
    'materialId',
    'componentTypeId',
    'userId',
    'isPartList',
    'isDefaultList',
    'isTemplateList',
  ],
  // A save logs what it writes; a delete the list as the API shows it (its parameters left out).
  parameterList: [
    'code',
    'description',
    'active',
    'companyId',
    'userId',
    'parameterListId',
    'parameterListCode',
    'parameterListDescription',
    'companyName',
    'familyCount',
  ],
  list: ['code', 'description', 'active'],
  notification: [
    'id',
    'title',
    'description',
    'url',
    'companyId',
    'recipientUserId',
    'createdByUserId',
    'companyName',
    'recipientLogin',
    'read',
  ],
  apiToken: ['id', 'name', 'hint', 'scopes', 'companyId', 'createdByUserId', 'validUntil', 'lastUsed'],
};

type TTree = { [key: string]: string | TTree | undefined };
const activityOf = (language: string) => (localeFiles[language as 'en'] as TTree).activity as TTree;

describe('activity field labels', () => {
  beforeAll(() => {
    initI18n('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('has a label for every field each record type logs', () => {
    expect(Object.keys(LOGGED).sort()).toEqual([...ACTIVITY_RECORD_TYPES].sort());
    const unlabelled = ACTIVITY_RECORD_TYPES.flatMap((type) =>
      LOGGED[type].filter((field) => !hasFieldLabel(type, field)).map((field) => `${type}.${field}`),
    );
    expect(unlabelled).toEqual([]);
  });

  it('names fields in words, an id by what it points to, with the value left to the table', async () => {
    await i18n.changeLanguage('en');
    expect(fieldLabel(i18n.t, 'family', 'name')).toBe('Name');
    expect(fieldLabel(i18n.t, 'company', 'name')).toBe('Name');
    expect(fieldLabel(i18n.t, 'family', 'categoryId')).toBe('Category');
    expect(fieldLabel(i18n.t, 'licence', 'validUntil')).toBe('Valid until');
    expect(fieldLabel(i18n.t, 'company', 'isPartner')).toBe('Partner company');
    expect(fieldLabel(i18n.t, 'scenario', 'revitFamilyId')).toBe('Family');
    expect(fieldLabel(i18n.t, null, 'companyId')).toBe('Company');
  });

  it('uses a record type’s own label where its field means something else', async () => {
    await i18n.changeLanguage('en');
    expect(fieldLabel(i18n.t, 'company', 'url')).toBe('Website');
    expect(fieldLabel(i18n.t, 'notification', 'url')).toBe('Link');
    expect(fieldLabel(i18n.t, 'parameterList', 'parameterListId')).toBe('ID');
    expect(fieldLabel(i18n.t, 'family', 'parameterListId')).toBe('Parameter list');
    expect(fieldLabel(i18n.t, 'terms', 'description')).toBe('Text');
    expect(fieldLabel(i18n.t, 'category', 'description')).toBe('Description');
  });

  it('turns a field it does not know into words, never code', async () => {
    await i18n.changeLanguage('en');
    expect(fieldWords('validUntil')).toBe('Valid until');
    expect(fieldWords('ownerCompanyId')).toBe('Owner company');
    expect(fieldWords('roleIds')).toBe('Roles');
    expect(fieldWords('companyURL')).toBe('Company URL');
    expect(fieldWords('max_users')).toBe('Max users');
    expect(fieldWords('id')).toBe('ID');
    expect(fieldWords('notes')).toBe('Notes');
    expect(fieldLabel(i18n.t, 'family', 'warrantyEndsOn')).toBe('Warranty ends on');
    expect(fieldLabel(i18n.t, 'widget', 'colourCode')).toBe('Colour code');
  });

  it('follows the interface language', async () => {
    await i18n.changeLanguage('de');
    expect(fieldLabel(i18n.t, 'family', 'categoryId')).toBe('Kategorie');
    expect(fieldLabel(i18n.t, 'company', 'url')).toBe('Website');
    await i18n.changeLanguage('ja');
    expect(fieldLabel(i18n.t, 'licence', 'validUntil')).toBe('有効期限');
  });

  it.each(LANGUAGES)('%s translates every shared and record type label', (language) => {
    const activity = activityOf(language);
    const shared = activity.fields as TTree | undefined;
    for (const field of SHARED_FIELDS) expect([field, typeof shared?.[field]]).toEqual([field, 'string']);
    const own = activity.recordFields as TTree | undefined;
    for (const [type, fields] of Object.entries(RECORD_FIELDS)) {
      for (const field of fields) {
        const label = (own?.[type] as TTree | undefined)?.[field];
        expect([type, field, typeof label]).toEqual([type, field, 'string']);
      }
    }
  });
});
