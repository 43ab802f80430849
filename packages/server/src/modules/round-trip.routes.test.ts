/**
 * What a find answers, an update takes back: for every entity with an update route, a record is
 * made, read as the spec's client reads it (the find with `ids`, else the get), one ordinary field
 * is changed and the whole record is sent back. Read-only fields that did not change are ignored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeCompany, makeUser, signedInUser, unique, type TSignedIn } from '../../test/factories.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/rfa');
const familyFile = fs.readFileSync(path.join(FIXTURES, 'family-2019.rfa')).toString('base64');

type TRecord = Record<string, unknown>;

let t: TTestApp;
let admin: string;
let partner: TSignedIn;
let partnerCompanyId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  partnerCompanyId = (await makeCompany(t)).id;
  partner = await signedInUser(t, { role: 'partnerrole', companyId: partnerCompanyId });
});
afterAll(() => t.close());

async function ok(url: string, token: string, body: unknown): Promise<TRecord> {
  const answer = await t.call('POST', url, { token, body });
  expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

type TCase = {
  name: string;
  /** The list key of the answers and of the save body (roles send `roleData`). */
  key: string;
  idField: string;
  /** Makes the record through the API (as the admin) and answers its id. */
  make: () => Promise<number>;
  findUrl: string;
  /** Further find filters (notifications: the admin's managing view). */
  findExtra?: TRecord;
  updateUrl: string;
  /** The update body around the record; the list key by default. */
  wrap?: (record: TRecord) => unknown;
  field: string;
  value: unknown;
  /** Fields that must read the same after the update (ids, counts). */
  stable: string[];
};

/** The first record of a save's answer under `key`, and its id. */
async function made(url: string, key: string, idField: string, body: unknown): Promise<number> {
  const answer = await ok(url, admin, body);
  return (answer[key] as TRecord[])[0]![idField] as number;
}

const cases: TCase[] = [
  {
    name: 'users',
    key: 'userInfos',
    idField: 'id',
    make: async () => {
      // A user with a photo: a find answers its name without its content, which must not remove it.
      const sharp = (await import('sharp')).default;
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
        .png()
        .toBuffer();
      const extra = { phone: null, photoFileName: 'me.png', photoBase64: png.toString('base64') };
      return (await makeUser(t, { companyId: partnerCompanyId, extra })).id;
    },
    findUrl: '/api/user/find',
    updateUrl: '/api/user/save',
    field: 'lastName',
    value: 'Changed',
    stable: [
      'id',
      'login',
      'company',
      'roles',
      'active',
      'registrationCompleted',
      'joinDate',
      'lastLogin',
      'photoFileName',
    ],
  },
  {
    name: 'roles',
    key: 'roleInfos',
    idField: 'roleId',
    make: () => t.role(unique('rt_role'), ['contentmanagement.read']),
    findUrl: '/api/role/find',
    updateUrl: '/api/role/save',
    wrap: (record) => ({ roleData: record }),
    field: 'roleName',
    value: unique('rt_renamed'),
    stable: ['roleId', 'rolePermissionInfos', 'userCount', 'builtIn'],
  },
  {
    name: 'companies',
    key: 'companyInfos',
    idField: 'companyId',
    make: () =>
      made('/api/company/save', 'companyInfos', 'companyId', {
        companyInfos: [
          {
            companyName: unique('RoundTrip'),
            companyCity: 'Ghent',
            parentCompany: { companyId: partnerCompanyId },
            companyParameters: { region: 'north' },
          },
        ],
      }),
    findUrl: '/api/company/find',
    updateUrl: '/api/company/update',
    field: 'companyCity',
    value: 'Bruges',
    stable: ['companyId', 'companyName', 'parentCompany', 'childCompanies', 'userCount', 'companyParameters'],
  },
  {
    name: 'licences',
    key: 'licenseInfos',
    idField: 'licenseInfoId',
    make: async () => {
      const id = await made('/api/license/save', 'licenseInfos', 'licenseInfoId', {
        licenseInfos: [
          {
            licenseCode: unique('RT'),
            maxNumberOfUsers: 5,
            licenseValidUntil: '2099-12-31T00:00:00.000Z',
            licenseClaims: ['families'],
          },
        ],
      });
      // A licence in use: its seat count and companies are answered, never typed.
      const companyId = await t.company(unique('licensed'), null, { licenseId: id });
      await makeUser(t, { companyId });
      return id;
    },
    findUrl: '/api/license/find',
    updateUrl: '/api/license/update',
    field: 'licenseDescription',
    value: 'Changed',
    stable: ['licenseInfoId', 'licenseCode', 'currentNumberOfUsers', 'companies', 'licenseValidUntil'],
  },
  {
    name: 'terms',
    key: 'termsInfos',
    idField: 'termsId',
    make: () =>
      made('/api/terms/save', 'termsInfos', 'termsId', {
        termsInfos: [
          { companyId: partnerCompanyId, termsTitle: unique('Terms'), termsDescription: 'Be nice.' },
        ],
      }),
    findUrl: '/api/terms/find',
    updateUrl: '/api/terms/save',
    field: 'termsDescription',
    value: 'Be nicer.',
    stable: ['termsId', 'companyId', 'termsTitle', 'createdOn'],
  },
  {
    name: 'categories',
    key: 'categoryInfos',
    idField: 'categoryId',
    make: () =>
      made('/api/category/save', 'categoryInfos', 'categoryId', {
        categoryInfos: [{ categoryName: unique('Category'), categoryDescription: 'Before' }],
      }),
    findUrl: '/api/category/find',
    updateUrl: '/api/category/save',
    field: 'categoryDescription',
    value: 'After',
    stable: ['categoryId', 'categoryName', 'familyCount', 'categoryPictureHash'],
  },
  {
    name: 'notifications',
    key: 'notificationInfos',
    idField: 'notificationId',
    make: () =>
      made('/api/notification/save', 'notificationInfos', 'notificationId', {
        notificationInfos: [{ notificationTitle: unique('Notice'), notificationDescription: 'Before' }],
      }),
    findUrl: '/api/notification/find',
    findExtra: { manage: true },
    updateUrl: '/api/notification/save',
    field: 'notificationDescription',
    value: 'After',
    stable: ['notificationId', 'notificationTitle', 'companyId', 'createdOn'],
  },
  {
    name: 'parameter lists',
    key: 'parameterListInfos',
    idField: 'parameterListId',
    make: () =>
      made('/api/parameters/save/parameterlist', 'parameterListInfos', 'parameterListId', {
        parameterListInfos: [
          {
            parameterListCode: unique('params'),
            companyId: partnerCompanyId,
            parameters: [
              { parameterName: 'Width', parameterValue: '12', parameterValueType: 'length' },
              { parameterName: 'Finish', parameterValue: 'matte' },
            ],
          },
        ],
      }),
    findUrl: '/api/parameters/find/parameterlist',
    updateUrl: '/api/parameters/update/parameterlist',
    field: 'parameterListDescription',
    value: 'After',
    stable: ['parameterListId', 'parameterListCode', 'companyId', 'parameters', 'familyCount'],
  },
  {
    name: 'generic lists',
    key: 'listInfos',
    idField: 'listId',
    make: () =>
      made('/api/list/save', 'listInfos', 'listId', {
        listInfos: [
          {
            listCode: unique('rtlist'),
            listDescription: 'Before',
            listItems: [
              { itemCode: 'a', itemDescription: 'A' },
              { itemCode: 'b', itemDescription: 'B' },
            ],
          },
        ],
      }),
    findUrl: '/api/list/find',
    updateUrl: '/api/list/save',
    field: 'listDescription',
    value: 'After',
    stable: ['listId', 'listCode', 'active'],
  },
  {
    name: 'price lists',
    key: 'priceListInfos',
    idField: 'priceListId',
    make: () =>
      made('/api/prices/save/pricelist', 'priceListInfos', 'priceListId', {
        priceListInfos: [
          {
            priceListCode: unique('PL'),
            companyId: partnerCompanyId,
            priceItemInfos: [
              { orderNumber: 'A-1', priceItemValue: 12.5 },
              { orderNumber: 'A-2', priceItemValue: 20 },
            ],
          },
        ],
      }),
    findUrl: '/api/prices/find/pricelist',
    updateUrl: '/api/prices/update/pricelist',
    field: 'priceListDescription',
    value: 'After',
    stable: ['priceListId', 'priceListCode', 'companyId', 'itemCount', 'priceItemInfos'],
  },
  {
    name: 'families (admin)',
    key: 'revitFamilyInfos',
    idField: 'revitFamilyId',
    make: () => makeFamily(),
    findUrl: '/api/family/find',
    updateUrl: '/api/family/update',
    field: 'revitFamilyDescription',
    value: 'After',
    stable: [
      'revitFamilyId',
      'revitFamilyName',
      'tifStatus',
      'tifOriginalId',
      'tifTempId',
      'typeCount',
      'downloads',
      'revitFamilyFileHash',
      'revitFamilyPictureHash',
      'revitFamilyTags',
      'companyId',
    ],
  },
  {
    name: 'scenarios',
    key: 'scenarioInfos',
    idField: 'scenarioId',
    make: async () =>
      made('/api/scenario/save', 'scenarioInfos', 'scenarioId', {
        scenarioInfos: [
          {
            scenarioName: unique('Round trip seal'),
            revitFamilyId: await makeFamily(),
            fireRating: '90',
            pageNumber: '12',
            apertureSizeMinWidth: 20,
            apertureSizeMaxWidth: 400,
            constructionThickness: 100,
            companyId: partnerCompanyId,
          },
        ],
      }),
    findUrl: '/api/scenario/find',
    updateUrl: '/api/scenario/update',
    field: 'detailReference',
    value: 'D-12',
    stable: [
      'scenarioId',
      'scenarioName',
      'revitFamilyId',
      'revitFamilyName',
      'fireRating',
      'pageNumber',
      'apertureSizeMaxWidth',
      'tifStatus',
      'companyId',
      'createdOn',
    ],
  },
  {
    name: 'placement rules',
    key: 'placementRuleInfos',
    idField: 'placementRuleId',
    make: async () => {
      const scenarioId = await made('/api/scenario/save', 'scenarioInfos', 'scenarioId', {
        scenarioInfos: [{ scenarioName: unique('Rule seal'), companyId: partnerCompanyId }],
      });
      return made('/api/placement-rules/save', 'placementRuleInfos', 'placementRuleId', {
        placementRuleInfos: [
          {
            placementRuleName: unique('Round trip rule'),
            scenarioId,
            serviceSizeRangeLow: 20,
            serviceSizeRangeHigh: 110,
            closureDeviceSystemCount: 1,
            companyId: partnerCompanyId,
          },
        ],
      });
    },
    findUrl: '/api/placement-rules/find',
    updateUrl: '/api/placement-rules/update',
    field: 'serviceSizeRangeHigh',
    value: 125,
    stable: [
      'placementRuleId',
      'placementRuleName',
      'scenarioId',
      'scenarioName',
      'serviceSizeRangeLow',
      'closureDeviceSystemCount',
      'tifStatus',
      'companyId',
      'createdOn',
    ],
  },
];

/** A published family of the partner's company, made by the admin from a real .rfa. */
function makeFamily(extra: TRecord = {}): Promise<number> {
  return made('/api/family/save', 'revitFamilyInfos', 'revitFamilyId', {
    revitFamilyInfos: [
      {
        revitFamilyName: unique('Round trip'),
        revitFamilyFileName: 'round-trip.rfa',
        revitFamilyFileBase64: familyFile,
        revitFamilyDescription: 'Before',
        revitFamilyTags: ['trip'],
        cost: 12,
        companyId: partnerCompanyId,
        ...extra,
      },
    ],
  });
}

async function found(c: Pick<TCase, 'findUrl' | 'findExtra' | 'key' | 'idField'>, id: number, token = admin) {
  const answer = await ok(c.findUrl, token, { ids: [id], ...c.findExtra });
  const records = answer[c.key] as TRecord[];
  expect(records.map((r) => r[c.idField])).toEqual([id]);
  return records[0]!;
}

describe('updates take back what finds answer', () => {
  it.each(cases)('$name: a found record with one field changed saves', async (c) => {
    const id = await c.make();
    const before = await found(c, id);
    const sent = { ...before, [c.field]: c.value };
    const answer = await ok(c.updateUrl, admin, c.wrap ? c.wrap(sent) : { [c.key]: [sent] });
    expect((answer[c.key] as TRecord[])[0]![c.idField]).toBe(id);
    const after = await found(c, id);
    expect(after[c.field]).toEqual(c.value);
    for (const field of c.stable) expect(after[field], field).toEqual(before[field]);
  });

  it('generic lists: items sent back as found keep their codes, descriptions and order', async () => {
    const c = cases.find((each) => each.name === 'generic lists')!;
    const id = await c.make();
    const before = await found(c, id);
    await ok(c.updateUrl, admin, { listInfos: [{ ...before, listDescription: 'Again' }] });
    const after = await found(c, id);
    const items = (list: TRecord) =>
      (list.listItems as TRecord[]).map((i) => [i.itemCode, i.itemDescription, i.sortOrder]);
    expect(items(after)).toEqual(items(before));
  });

  it('price lists: items a find never read are kept; an empty list without itemCount still empties it', async () => {
    const c = cases.find((each) => each.name === 'price lists')!;
    const id = await c.make();
    const { itemCount, ...before } = await found(c, id);
    expect(itemCount).toBe(2);
    await ok(c.updateUrl, admin, { priceListInfos: [{ ...before, priceItemInfos: [] }] });
    expect((await found(c, id)).itemCount).toBe(0);
  });

  it('families: a partner sending a found family back with a change makes a change request carrying it', async () => {
    const c = cases.find((each) => each.name === 'families (admin)')!;
    const id = await makeFamily();
    const before = await found(c, id, partner.authToken);
    await ok('/api/family/update', partner.authToken, {
      revitFamilyInfos: [{ ...before, revitFamilyDescription: 'Asked for' }],
    });
    const original = await found(c, id);
    expect(original).toMatchObject({ revitFamilyDescription: 'Before', tifStatus: 'A' });
    const requests = await ok('/api/family/find', admin, { includeTempItems: true, tifStatuses: ['RfC'] });
    const request = (requests.revitFamilyInfos as TRecord[]).find((f) => f.tifOriginalId === id);
    expect(request).toMatchObject({
      revitFamilyDescription: 'Asked for',
      revitFamilyName: before.revitFamilyName,
      tifStatus: 'RfC',
    });
    expect(original.tifTempId).toBe(request!.revitFamilyId);
  });

  it('families: a found record that tries to change its status is refused and changes nothing', async () => {
    const c = cases.find((each) => each.name === 'families (admin)')!;
    const id = await makeFamily();
    const stored = await found(c, id);
    for (const token of [partner.authToken, admin]) {
      const before = await found(c, id, token);
      const answer = await t.call('POST', '/api/family/update', {
        token,
        body: { revitFamilyInfos: [{ ...before, tifStatus: 'D', revitFamilyDescription: 'Sneaky' }] },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(await found(c, id)).toEqual(stored);
    }
  });

  it('families: parameterListCode answers the code of the list parameterListId names, also after it changes', async () => {
    const lists = cases.find((each) => each.name === 'parameter lists')!;
    const listId = await lists.make();
    const list = await found(lists, listId);
    const families = cases.find((each) => each.name === 'families (admin)')!;
    const id = await makeFamily({ parameterListId: listId });
    expect((await found(families, id)).parameterListCode).toBe(list.parameterListCode);
    const renamed = unique('renamed');
    await ok('/api/parameters/update/parameterlist', admin, {
      parameterListInfos: [{ ...list, parameterListCode: renamed }],
    });
    expect((await found(families, id)).parameterListCode).toBe(renamed);
    const got = await t.call('GET', `/api/family/get/${id}`, { token: admin });
    expect((got.body.revitFamilyInfos as TRecord[])[0]!.parameterListCode).toBe(renamed);
  });
});
