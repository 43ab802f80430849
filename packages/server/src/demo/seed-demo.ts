import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.ts';
import type { TConfig } from '../config.ts';
import { DEFAULT_COMPANY_NAME } from '../modules/info/environment.service.ts';
import { sha512Hex } from '../seed.ts';
import {
  DEMO_CATEGORIES,
  DEMO_COMPANIES,
  DEMO_FAMILIES,
  DEMO_LICENCES,
  DEMO_LISTS,
  DEMO_PASSWORD,
  DEMO_RULES,
  DEMO_SCENARIOS,
  DEMO_USERS,
  PRICE_LINES,
  type TDemoFamily,
  type TDemoRole,
} from './demo-data.ts';
import {
  BULK_CATEGORIES,
  BULK_CUSTOMERS,
  BULK_MANUFACTURERS,
  bulkFamilies,
  bulkPeople,
  PERSON_SEARCH_WORD,
  randomOf,
  SEARCH_WORD,
} from './demo-bulk.ts';
import { categoryPng, logoPng } from './demo-pictures.ts';
import {
  DemoRepository,
  openPortalDatabase,
  type TDemoActivityRow,
  type TDemoBulkFamilyRow,
  type TDemoSearchFacts,
} from './demo.repository.ts';

export { DEMO_PASSWORD, PERSON_SEARCH_WORD, SEARCH_WORD };

export type TDemoSize = 'small' | 'large';

export type TDemoOptions = {
  /**
   * `small`: the realistic library; `large`: the same, plus benchmark volumes in bulk (100,000
   * families, 10,000 people, 1,000,000 price items).
   */
  size: TDemoSize;
  /** Tests, and benches that need fewer rows: a fraction of the large size's volumes (1 by default). */
  largeScale?: number;
  /**
   * The large size's people in all (the demo's own among them), when they are not to scale with
   * the rest: a bench of one machine's library seeds 10,000 families beside 10,000 people.
   */
  largePeople?: number;
  /** The opened portal (buildApp on its database, ready): everything goes through its API. */
  app: FastifyInstance;
  /**
   * The administrator's password (PORTAL_ADMIN_PASSWORD, or the one a first start generated);
   * undefined when neither is known, which is refused.
   */
  adminPassword: string | undefined;
  /** The day the demo's history ends (its months of activity lead up to it); now by default. */
  now?: Date;
  /** Told each step as it starts (the runner prints them). */
  progress?: (line: string) => void;
  /** Days of past activity; 90 by default (tests may ask for fewer). */
  historyDays?: number;
};

export type TDemoSummary = {
  counts: {
    companies: number;
    users: number;
    licences: number;
    terms: number;
    categories: number;
    families: number;
    familyVersions: number;
    parameterLists: number;
    genericLists: number;
    priceLists: number;
    partLists: number;
    priceItems: number;
    scenarios: number;
    placementRules: number;
    notifications: number;
    pendingRequests: number;
    activityRows: number;
  };
  /** Who can sign in: the administrator (its own password) and the demo people (DEMO_PASSWORD). */
  people: { login: string; role: TDemoRole; company: string }[];
  demoPassword: string;
  /**
   * The large size only: what the benches' searches must find, counted in the seeded tables after
   * the bulk step (the bulk families' first category, Doors, is the one the families bench reads).
   */
  search?: TDemoSearchFacts & {
    familyWord: string;
    personWord: string;
    category: { id: number; name: string };
  };
};

/** A refusal the runner reports as one line with exit code 1 (nothing was written). */
export class DemoRefusedError extends Error {
  override readonly name = 'DemoRefusedError';
}

/** The large size's totals (the demo library's own records count towards them). */
export const LARGE_SIZE = { families: 100_000, users: 10_000, priceItems: 1_000_000 } as const;
/** The large size's price items come in lists this long (PRICE_LIST_ITEMS_MAX is 200,000). */
const BULK_LIST_ITEMS = 200_000;

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/rfa');
const DAY_MS = 24 * 3600 * 1000;

type TBody = Record<string, unknown>;

/** Calls the portal's API in process, as a client would; anything but 2xx stops the seeding. */
function apiOf(app: FastifyInstance) {
  return async function api<T = TBody>(
    token: string | undefined,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ): Promise<T> {
    const response = await app.inject({
      method,
      url: `/api${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 600)}`);
    return (response.headers['content-type']?.includes('json') ? response.json() : {}) as T;
  };
}

/**
 * Fills an opened portal with the demo library through its own API (so every rule, derived column,
 * count table and activity row is as the app makes them); only the months of past activity are
 * written straight into the activity log, and the large size's volumes are bulk inserts
 * (demo.repository.ts). Refuses (DemoRefusedError, nothing written) a database that holds the demo
 * already and a wrong administrator password.
 */
export async function seedDemo(options: TDemoOptions): Promise<TDemoSummary> {
  const { app } = options;
  const say = options.progress ?? (() => undefined);
  const now = options.now ?? new Date();
  const repo = new DemoRepository(app.database.db);
  const present = await repo.present(
    DEMO_COMPANIES.map((c) => c.name),
    DEMO_USERS.map((u) => u.login),
  );
  if (present.companies > 0 || present.users > 0)
    throw new DemoRefusedError(
      `This database holds the demo data already (${present.companies} demo companies, ${present.users} demo people): ` +
        'seed:demo runs once, on a fresh data folder or database. Nothing was changed.',
    );

  const api = apiOf(app);
  const signIn = async (login: string, password: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: login, password: sha512Hex(password) },
    });
    const body = response.json<{ authToken?: string; mfaRequired?: boolean }>();
    if (response.statusCode !== 200 || !body.authToken)
      throw new DemoRefusedError(
        login === 'admin'
          ? body.mfaRequired
            ? 'The administrator signs in with a second factor: seed:demo needs a portal whose admin has none. Nothing was changed.'
            : `The administrator's password is not the one given (PORTAL_ADMIN_PASSWORD): sign-in answered ${response.statusCode}. Nothing was changed.`
          : `${login} could not sign in (${response.statusCode}): ${response.body.slice(0, 300)}`,
      );
    return body.authToken;
  };

  if (options.adminPassword === undefined)
    throw new DemoRefusedError(
      'The administrator exists already: set PORTAL_ADMIN_PASSWORD to its password so seed:demo can sign in. Nothing was changed.',
    );
  say('signing in as admin');
  const admin = await signIn('admin', options.adminPassword);
  const random = randomOf(20_261_127);
  const fixtures = new Map<number, string>();
  const fixture = async (year: number) => {
    const cached = fixtures.get(year);
    if (cached) return cached;
    const content = (await readFile(path.join(FIXTURES, `family-${year}.rfa`))).toString('base64');
    fixtures.set(year, content);
    return content;
  };

  // Roles and the generic lists the records point at.
  const { roleInfos } = await api<{ roleInfos: { roleId: number; roleName: string }[] }>(
    admin,
    'POST',
    '/role/find',
    { names: ['adminrole', 'partnerrole', 'partneruserrole', 'userrole'] },
  );
  const roleId = (name: TDemoRole) => {
    const found = roleInfos.find((r) => r.roleName === name);
    if (!found) throw new Error(`role ${name} is missing`);
    return found.roleId;
  };
  const listItems = async (code: string) => {
    const { listInfos } = await api<{
      listInfos: { listItems: { listItemId: number; itemCode: string }[] }[];
    }>(admin, 'GET', `/list/get/${code}/false`);
    return new Map((listInfos[0]?.listItems ?? []).map((item) => [item.itemCode, item.listItemId]));
  };
  const currencies = await listItems('currencylist');
  const units = await listItems('unitlist');
  const materials = await listItems('materiallist');
  const componentTypes = await listItems('componenttype');

  say('generic lists');
  await api(admin, 'POST', '/list/save', { listInfos: DEMO_LISTS });

  say('licences');
  const { licenseInfos } = await api<{ licenseInfos: { licenseInfoId: number; licenseCode: string }[] }>(
    admin,
    'POST',
    '/license/save',
    {
      licenseInfos: DEMO_LICENCES.map((l) => ({
        licenseCode: l.code,
        licenseType: l.type,
        licenseDescription: l.description,
        licenseValidUntil: new Date(now.getTime() + l.validDays * DAY_MS).toISOString(),
        maxNumberOfUsers: l.seats,
        accountManager: l.manager,
        licenseStatus: 'Valid',
        active: true,
        licenseClaims: ['download', 'lookup'],
      })),
    },
  );
  const licenceId = new Map(licenseInfos.map((l) => [l.licenseCode, l.licenseInfoId]));

  say('companies with logos');
  const companyId = new Map<string, number>();
  const companyName = new Map<string, string>();
  for (const c of DEMO_COMPANIES) {
    const parentId = c.parent ? companyId.get(c.parent) : undefined;
    const { companyInfos } = await api<{ companyInfos: { companyId: number }[] }>(
      admin,
      'POST',
      '/company/save',
      {
        companyInfos: [
          {
            companyName: c.name,
            companyCity: c.city,
            companyCountry: c.country,
            companyURL: c.url,
            companyEmail: c.email,
            companyContactName: c.contact,
            companyPhoneNumber: c.phone,
            parentCompany: parentId ? { companyId: parentId } : null,
            isPartnerCompany: c.partner,
            useParentCompanyBranding: !c.logo,
            ...(c.logo
              ? {
                  companyLogoFileName: `${c.key}-logo.png`,
                  companyLogoBase64: await logoPng(c.logo, c.name),
                }
              : {}),
            ...(c.licence ? { companyLicense: { licenseInfoId: licenceId.get(c.licence) } } : {}),
            active: true,
          },
        ],
      },
    );
    companyId.set(c.key, companyInfos[0]!.companyId);
    companyName.set(c.key, c.name);
  }
  const portalCompany = await api<{ companyInfos: { companyId: number }[] }>(admin, 'POST', '/company/find', {
    names: [DEFAULT_COMPANY_NAME],
  });
  const ownCompanyId = portalCompany.companyInfos[0]?.companyId ?? null;
  const idOf = (key: string) => {
    const id = companyId.get(key);
    if (id === undefined) throw new Error(`company ${key} is missing`);
    return id;
  };

  say('terms');
  await api(admin, 'POST', '/terms/save', {
    termsInfos: [
      {
        companyId: null,
        termsTitle: 'Terms of use of the Family Portal',
        termsDescription:
          '# Terms of use\n\nThe families, type catalogs and price lists in this portal are provided by their manufacturers ' +
          'for planning with their products. Do not redistribute them outside your project team.\n\n' +
          "1. Check the manufacturer's approval documents before you specify a product.\n" +
          '2. Prices are list prices without tax and may change without notice.\n',
      },
      {
        companyId: idOf('pyro'),
        termsTitle: 'Pyroguard content licence',
        termsDescription:
          '# Pyroguard content licence\n\nPyroguard families may be used in building projects that install ' +
          'Pyroguard products. Installation must follow the ETA annexes named in each scenario.\n',
      },
    ],
  });

  say('people in every role');
  const people = DEMO_USERS.map((u) => ({
    login: u.login,
    passwordHash: sha512Hex(DEMO_PASSWORD),
    firstName: u.firstName,
    lastName: u.lastName,
    email: `${u.login}@${u.company ? (DEMO_COMPANIES.find((c) => c.key === u.company)?.url ?? '').replace(/^https:\/\/([^/]+).*$/, '$1') : 'family-portal.example.com'}`,
    company: { companyId: u.company ? idOf(u.company) : ownCompanyId },
    roles: [{ roleId: roleId(u.role) }],
    active: true,
    registrationCompleted: true,
    ...(u.language ? { language: u.language } : {}),
  }));
  const { userInfos } = await api<{ userInfos: { id: number; login: string }[] }>(
    admin,
    'POST',
    '/user/save',
    {
      userInfos: people,
    },
  );
  const userId = new Map(userInfos.map((u) => [u.login, u.id]));

  say('categories with pictures');
  const { categoryInfos } = await api<{ categoryInfos: { categoryId: number; categoryName: string }[] }>(
    admin,
    'POST',
    '/category/save',
    {
      categoryInfos: await Promise.all(
        DEMO_CATEGORIES.map(async (c) => ({
          categoryName: c.name,
          categoryDescription: c.description,
          active: true,
          categoryPictureFileName: `${c.key}.png`,
          categoryPictureBase64: await categoryPng(c.name, c.colour),
        })),
      ),
    },
  );
  const categoryId = new Map(
    DEMO_CATEGORIES.map((c) => [c.key, categoryInfos.find((i) => i.categoryName === c.name)!.categoryId]),
  );

  say('parameter lists');
  const parameterListIds = new Map<string, number>();
  const parameterListsSaved = await api<{
    parameterListInfos: { parameterListId: number; parameterListCode: string }[];
  }>(admin, 'POST', '/parameters/save/parameterlist', {
    parameterListInfos: [
      {
        parameterListCode: 'PG-FIRESTOP',
        parameterListDescription: 'Pyroguard firestop data for schedules and checks',
        companyId: idOf('pyro'),
        parameters: [
          { parameterName: 'PG_FireRating', parameterValue: 'EI 120', parameterValueType: 'text' },
          {
            parameterName: 'PG_MaxPipeDiameter',
            parameterValue: '160',
            parameterValueType: 'length',
            parameterMeasurementUnitId: units.get('mm'),
          },
          {
            parameterName: 'PG_Approval',
            parameterValue: 'ETA-17/0123',
            parameterValueType: 'text',
            readOnly: true,
          },
          {
            parameterName: 'PG_InstallationGuide',
            parameterValue: 'https://pyroguard.example.com/guides/pc-110.pdf',
            parameterValueType: 'url',
          },
          { parameterName: 'PG_InstallerCertified', parameterValue: 'yes', parameterValueType: 'yesno' },
        ],
      },
      {
        parameterListCode: 'AV-DAMPER',
        parameterListDescription: 'Aerovent damper data: size, leakage class, actuator',
        companyId: idOf('aero'),
        parameters: [
          {
            parameterName: 'AV_NominalSize',
            parameterValue: '200',
            parameterValueType: 'length',
            parameterMeasurementUnitId: units.get('mm'),
          },
          { parameterName: 'AV_LeakageClass', parameterValue: 'C', parameterValueType: 'text' },
          { parameterName: 'AV_Actuator', parameterValue: 'no', parameterValueType: 'yesno' },
          { parameterName: 'AV_ReleaseTemperature', parameterValue: '72', parameterValueType: 'number' },
        ],
      },
      {
        parameterListCode: 'BIM-BASIC',
        parameterListDescription: 'Portal-wide data every family may carry',
        companyId: null,
        parameters: [
          { parameterName: 'Manufacturer', parameterValue: '', parameterValueType: 'text' },
          { parameterName: 'ProductURL', parameterValue: '', parameterValueType: 'url' },
          {
            parameterName: 'IfcExportAs',
            parameterValue: 'IfcBuildingElementProxy',
            parameterValueType: 'text',
          },
        ],
      },
    ],
  });
  for (const list of parameterListsSaved.parameterListInfos)
    parameterListIds.set(list.parameterListCode, list.parameterListId);

  say('families from the Revit fixtures, with their versions');
  const familyId = new Map<string, number>();
  const familyCompany = new Map<number, number>();
  let familyVersions = 0;
  const familyInput = async (f: TDemoFamily, year: number) => ({
    revitFamilyName: f.name,
    revitFamilyCategoryId: categoryId.get(f.category),
    revitFamilyDescription: f.description,
    revitFamilyTags: [...f.tags],
    revitFamilyRating: f.rating,
    cost: f.cost,
    companyId: idOf(f.company),
    revitFamilyFileName: `${f.name.replace(/[^A-Za-z0-9-]+/g, '_')}.rfa`,
    revitFamilyFileBase64: await fixture(year),
    ...(f.parameterList ? { parameterListId: parameterListIds.get(f.parameterList) } : {}),
    ...(f.catalog
      ? {
          typeCatalogFileName: `${f.name.replace(/[^A-Za-z0-9-]+/g, '_')}.txt`,
          typeCatalogText: [
            `,${f.catalog.columns.join(',')}`,
            ...f.catalog.rows.map((row) => row.join(',')),
          ].join('\r\n'),
        }
      : {}),
  });
  for (const f of DEMO_FAMILIES) {
    const [first, ...later] = f.files;
    const saved = await api<{ revitFamilyInfos: TBody[] }>(admin, 'POST', '/family/save', {
      revitFamilyInfos: [await familyInput(f, first!)],
    });
    let record = saved.revitFamilyInfos[0]!;
    const id = record.revitFamilyId as number;
    familyId.set(f.key, id);
    familyCompany.set(id, idOf(f.company));
    familyVersions += 1;
    for (const year of later) {
      // An update takes back the record as answered, with the new file beside it.
      const updated = await api<{ revitFamilyInfos: TBody[] }>(admin, 'POST', '/family/update', {
        revitFamilyInfos: [{ ...record, ...(await familyInput(f, year)), revitFamilyId: id }],
      });
      record = updated.revitFamilyInfos[0]!;
      familyVersions += 1;
    }
  }
  const famId = (key: string) => familyId.get(key)!;

  say('price lists and part lists');
  let priceItems = 0;
  const priceList = (company: 'pyro' | 'aero', code: string, description: string) => {
    const items = PRICE_LINES[company].flatMap((line) =>
      line.sizes.map((size, index) => ({
        orderNumber: `${line.prefix}-${size}`,
        priceItemDescription: `${line.name} ${size}${line.sizes.length > 1 ? ' mm' : ' ml'}`,
        priceItemValue: Math.round((line.base + index * line.base * 0.18) * 100) / 100,
        refValue1: size,
        currencyId: currencies.get('EUR'),
        priceItemPerUnitId: units.get('pcs'),
        priceItemReference: `${company.toUpperCase()}-${line.prefix}`,
      })),
    );
    priceItems += items.length;
    return {
      priceListCode: code,
      priceListDescription: description,
      companyId: idOf(company),
      isDefaultList: true,
      materialId: materials.get('steel'),
      priceItemInfos: items,
    };
  };
  const partList = (
    company: 'pyro' | 'aero',
    code: string,
    description: string,
    parts: [string, string, number][],
  ) => {
    priceItems += parts.length;
    return {
      priceListCode: code,
      priceListDescription: description,
      companyId: idOf(company),
      isPartList: true,
      componentTypeId: componentTypes.get(company === 'pyro' ? 'collar' : 'damper'),
      priceItemInfos: parts.map(([orderNumber, text, value]) => ({
        orderNumber,
        priceItemDescription: text,
        priceItemValue: value,
        currencyId: currencies.get('EUR'),
        priceItemPerUnitId: units.get('pcs'),
      })),
    };
  };
  await api(admin, 'POST', '/prices/save/pricelist', {
    priceListInfos: [
      priceList('pyro', 'PG-PRICES-2026', 'Pyroguard list prices 2026, EUR'),
      priceList('aero', 'AV-PRICES-2026', 'Aerovent list prices 2026, EUR'),
      partList('pyro', 'PG-PC110-KIT', 'Parts of a PC-110 collar installation', [
        ['PC-110', 'Intumescent pipe collar 110 mm', 61.9],
        ['AN-8x60', 'Steel anchor 8 x 60 mm', 0.45],
        ['WS-8', 'Washer 8 mm', 0.08],
        ['FS1-310', 'Acrylic firestop sealant, 310 ml', 14.9],
        ['LBL-PG', 'Identification label', 0.6],
      ]),
      partList('aero', 'AV-CFD-SPARES', 'Spare parts of the circular fire damper', [
        ['CFD-FL72', 'Fusible link 72 °C', 9.5],
        ['CFD-SPR', 'Closing spring', 12],
        ['CFD-GSK', 'Blade gasket', 7.2],
        ['CFD-MS', 'Micro switch kit', 38],
      ]),
    ],
  });

  say('scenarios and placement rules');
  const { scenarioInfos } = await api<{ scenarioInfos: { scenarioId: number; scenarioName: string }[] }>(
    admin,
    'POST',
    '/scenario/save',
    {
      scenarioInfos: DEMO_SCENARIOS.map((s) => ({
        scenarioName: s.name,
        revitFamilyId: famId(s.family),
        companyId: idOf(s.company),
        ...(s.parameterList ? { parameterListId: parameterListIds.get(s.parameterList) } : {}),
        constructionElement: s.element,
        constructionMaterialCode: s.material,
        constructionThickness: s.thickness,
        fireRating: s.fireRating,
        apertureSizeMinWidth: s.aperture[0],
        apertureSizeMinHeight: s.aperture[1],
        apertureSizeMaxWidth: s.aperture[2],
        apertureSizeMaxHeight: s.aperture[3],
        documentType: s.documentType,
        detailReference: s.detailReference,
        active: true,
      })),
    },
  );
  const scenarioId = new Map(
    DEMO_SCENARIOS.map((s) => [s.key, scenarioInfos.find((i) => i.scenarioName === s.name)!.scenarioId]),
  );
  await api(admin, 'POST', '/placement-rules/save', {
    placementRuleInfos: DEMO_RULES.map((r) => ({
      placementRuleName: r.name,
      scenarioId: scenarioId.get(r.scenario),
      companyId: idOf(r.company),
      typeCode: r.type,
      materialCode: r.material ?? null,
      serviceSizeRangeLow: r.range[0],
      serviceSizeRangeHigh: r.range[1],
      ...(r.closure
        ? {
            closureDeviceSystemType: r.closure.type,
            closureDeviceSystemCount: r.closure.count,
            closureDeviceSystemThickness: r.closure.thickness,
          }
        : {}),
      ...(r.insulation
        ? {
            additionalInsulationTypeCode: r.insulation.code,
            additionalInsulationThickness: r.insulation.thickness,
          }
        : {}),
      active: true,
    })),
  });

  say('notifications');
  const notifications = [
    {
      notificationTitle: 'Welcome to the Family Portal',
      notificationDescription:
        'Browse fire protection families by category, read their scenarios and download them for your Revit projects.',
      notificationUrl: '#/families',
      companyId: null,
    },
    {
      notificationTitle: 'PC-110 collar: new version for Revit 2023',
      notificationDescription:
        'The PC-110 family now carries the EI 120 types of ETA-17/0123 (2026 edition).',
      notificationUrl: `#/families/${famId('pc110')}`,
      companyId: idOf('pyro'),
    },
    {
      notificationTitle: 'Aerovent price list 2026 published',
      notificationDescription: 'List prices of dampers and grilles for 2026 are online.',
      notificationUrl: '#/price-lists',
      companyId: idOf('aero'),
    },
    {
      notificationTitle: 'Maintenance on Sunday 06:00–07:00 UTC',
      notificationDescription: 'The portal may answer slowly while the database is backed up.',
      notificationUrl: '',
      companyId: null,
    },
  ];
  await api(admin, 'POST', '/notification/save', { notificationInfos: notifications });

  say("partners' changes waiting for approval");
  const keller = await signIn('m.keller', DEMO_PASSWORD);
  const fischer = await signIn('j.fischer', DEMO_PASSWORD);
  const laurent = await signIn('s.laurent', DEMO_PASSWORD);
  const dubois = await signIn('p.dubois', DEMO_PASSWORD);
  // A new family (RfA) from the German subsidiary.
  await api(fischer, 'POST', '/family/save', {
    revitFamilyInfos: [
      {
        revitFamilyName: 'PG Slim Fire Collar PC-63',
        revitFamilyCategoryId: categoryId.get('collars'),
        revitFamilyDescription: 'Low-profile collar for PP and PE pipes up to 63 mm in floors.',
        revitFamilyTags: ['collar', 'floor', 'EI 90'],
        revitFamilyFileName: 'PG_Slim_Fire_Collar_PC-63.rfa',
        revitFamilyFileBase64: await fixture(2022),
      },
    ],
  });
  // A change (RfC) of a published family by the manufacturer's partner.
  const wrap = await api<{ revitFamilyInfos: TBody[] }>(keller, 'GET', `/family/get/${famId('iw50')}`);
  await api(keller, 'POST', '/family/update', {
    revitFamilyInfos: [
      {
        ...wrap.revitFamilyInfos[0],
        revitFamilyDescription: 'Graphite wrap for insulated metal pipes, composite pipes and PEX bundles.',
        revitFamilyTags: ['wrap', 'insulated pipe', 'PEX', 'EI 60'],
      },
    ],
  });
  // A removal request (RfR) for the access panel, and a new scenario and rule.
  await api(laurent, 'POST', '/family/delete', { revitFamilyInfos: [{ revitFamilyId: famId('ap400') }] });
  await api(dubois, 'POST', '/scenario/save', {
    scenarioInfos: [
      {
        scenarioName: 'TG-300 grille in a drywall door panel',
        revitFamilyId: famId('tg300'),
        constructionElement: 'wall-flexible',
        constructionMaterialCode: 'gypsum-board',
        constructionThickness: 75,
        fireRating: 'EI 60',
        apertureSizeMinWidth: 150,
        apertureSizeMaxWidth: 450,
        documentType: 'Test report',
        detailReference: 'EFR-24-004512',
        active: true,
      },
    ],
  });
  await api(keller, 'POST', '/placement-rules/save', {
    placementRuleInfos: [
      {
        placementRuleName: 'PVC-U pipes 125–160 mm, wall',
        scenarioId: scenarioId.get('pc-wall'),
        typeCode: 'pipe-plastic',
        materialCode: 'pvc',
        serviceSizeRangeLow: 125,
        serviceSizeRangeHigh: 160,
        closureDeviceSystemType: 'collar',
        closureDeviceSystemCount: 2,
        closureDeviceSystemThickness: 60,
        active: true,
      },
    ],
  });

  say('downloads and months of sign-ins');
  // A few downloads through the API (the log writes them itself), then the months before today.
  const walker = await signIn('e.walker', DEMO_PASSWORD);
  for (const key of ['pc110', 'cfd200', 'fd910']) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/family/download/content/${famId(key)}`,
      headers: { authorization: `Bearer ${walker}` },
    });
    if (response.statusCode !== 200) throw new Error(`download of ${key} answered ${response.statusCode}`);
  }
  const published = DEMO_FAMILIES.map((f) => famId(f.key));
  const history: TDemoActivityRow[] = [];
  const active = DEMO_USERS.map((u) => ({
    id: userId.get(u.login)!,
    companyId: u.company ? idOf(u.company) : ownCompanyId,
    // Designers download most; partners and admins sign in to look after their content.
    downloads: u.role === 'userrole' ? 3 : 1,
    presence: u.role === 'userrole' ? 0.55 : 0.4,
  }));
  const days = options.historyDays ?? 90;
  for (let daysAgo = days; daysAgo >= 1; daysAgo -= 1) {
    const day = new Date(now.getTime() - daysAgo * DAY_MS);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    for (const person of active) {
      if (random() > (weekend ? person.presence / 5 : person.presence)) continue;
      const start =
        Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 7) + random() * 9 * 3600_000;
      const ip = `192.0.2.${1 + (person.id % 250)}`;
      history.push({
        at: new Date(start),
        kind: 'login',
        userId: person.id,
        companyId: person.companyId,
        ip,
      });
      const downloads = Math.floor(random() * (person.downloads + 1));
      for (let n = 0; n < downloads; n += 1) {
        // Earlier families in the catalogue are the popular ones.
        const family = published[Math.floor(published.length * random() * random())]!;
        history.push({
          at: new Date(start + (n + 1) * 240_000),
          kind: 'family.download',
          userId: person.id,
          companyId: person.companyId,
          ownerCompanyId: familyCompany.get(family) ?? null,
          familyId: family,
          ip,
        });
      }
    }
  }
  await repo.addActivity(history);

  const bulk = { companies: 0, categories: 0, users: 0, families: 0, priceLists: 0, priceItems: 0 };
  let search: TDemoSummary['search'];
  if (options.size === 'large') {
    const scale = options.largeScale ?? 1;
    const itemsPerList = Math.max(1, Math.round(BULK_LIST_ITEMS * scale));
    bulk.families = Math.max(1, Math.round(LARGE_SIZE.families * scale) - DEMO_FAMILIES.length);
    const peopleInAll = options.largePeople ?? Math.round(LARGE_SIZE.users * scale);
    bulk.users = Math.max(1, peopleInAll - DEMO_USERS.length - 1);
    bulk.priceLists = Math.max(1, Math.round((LARGE_SIZE.priceItems * scale) / itemsPerList));
    bulk.priceItems = bulk.priceLists * itemsPerList;
    const number = (n: number) => n.toLocaleString('en');
    say(
      `benchmark volumes in bulk (${number(Math.round(LARGE_SIZE.families * scale))} families, ` +
        `${number(peopleInAll)} people, ${number(bulk.priceItems)} price items)`,
    );

    // The few records the volumes point at go through the API, as the demo's own do.
    const saved = await api<{ categoryInfos: { categoryId: number; categoryName: string }[] }>(
      admin,
      'POST',
      '/category/save',
      {
        categoryInfos: await Promise.all(
          BULK_CATEGORIES.map(async ([name, , , colour]) => ({
            categoryName: name,
            categoryDescription: `Revit families of ${name.toLowerCase()}`,
            active: true,
            categoryPictureFileName: `${name.toLowerCase().replace(/\W+/g, '-')}.png`,
            categoryPictureBase64: await categoryPng(name, colour),
          })),
        ),
      },
    );
    const bulkCategoryIds = BULK_CATEGORIES.map(
      ([name]) => saved.categoryInfos.find((c) => c.categoryName === name)!.categoryId,
    );
    const companies = [
      ...BULK_MANUFACTURERS.map((c) => ({ ...c, partner: true })),
      ...BULK_CUSTOMERS.map((c) => ({ ...c, partner: false })),
    ];
    const made = await api<{ companyInfos: { companyId: number; companyName: string }[] }>(
      admin,
      'POST',
      '/company/save',
      {
        companyInfos: companies.map((c) => ({
          companyName: c.name,
          companyCity: c.city,
          isPartnerCompany: c.partner,
          active: true,
        })),
      },
    );
    const bulkCompanyId = (name: string) => made.companyInfos.find((c) => c.companyName === name)!.companyId;
    const manufacturerIds = BULK_MANUFACTURERS.map((c) => bulkCompanyId(c.name));
    const customerIds = BULK_CUSTOMERS.map((c) => bulkCompanyId(c.name));
    bulk.categories = BULK_CATEGORIES.length;
    bulk.companies = companies.length;

    let familiesMade = 0;
    function* familyRows(): Generator<TDemoBulkFamilyRow[]> {
      for (const rows of bulkFamilies(bulk.families, now))
        yield rows.map(({ categoryIndex, manufacturerIndex, ...family }) => ({
          ...family,
          categoryId: bulkCategoryIds[categoryIndex]!,
          companyId: manufacturerIds[manufacturerIndex]!,
          // The demo's published families lend their files and previews in turn.
          templateId: published[familiesMade++ % published.length]!,
        }));
    }
    const familiesAndPeople = async () => {
      say(`bulk: ${bulk.families} families`);
      await repo.addBulkFamilies(familyRows());
      say(`bulk: ${bulk.users} people`);
      const people = bulkPeople(bulk.users, now, await repo.logins());
      await repo.addBulkPeople(
        people.map(({ customerIndex, ...person }) => ({ ...person, companyId: customerIds[customerIndex]! })),
        { passwordFromUserId: userId.get('e.walker')!, roleId: roleId('userrole') },
      );
    };
    const priceItems = async () => {
      say(`bulk: ${bulk.priceItems} price items`);
      await repo.addBulkPriceLists({
        priceListCompanyIds: [idOf('pyro'), idOf('aero')],
        priceLists: bulk.priceLists,
        itemsPerList,
        currencyId: currencies.get('EUR') ?? null,
        unitId: units.get('pcs') ?? null,
      });
    };
    // A server writes the price items on a connection of its own meanwhile; PGlite has one
    // connection, and its transactions must not interleave.
    if (app.database.kind === 'postgres') await Promise.all([familiesAndPeople(), priceItems()]);
    else {
      await familiesAndPeople();
      await priceItems();
    }
    say('bulk: vacuum analyze');
    await repo.settle();
    const category = { id: bulkCategoryIds[0]!, name: BULK_CATEGORIES[0]![0] };
    search = {
      ...(await repo.searchFacts(category.id, SEARCH_WORD, PERSON_SEARCH_WORD)),
      familyWord: SEARCH_WORD,
      personWord: PERSON_SEARCH_WORD,
      category,
    };
  }

  const { pendingCount } = await api<{ pendingCount: number }>(admin, 'GET', '/approvals/pending-count');
  return {
    counts: {
      companies: DEMO_COMPANIES.length + bulk.companies,
      users: DEMO_USERS.length + bulk.users,
      licences: DEMO_LICENCES.length,
      terms: 2,
      categories: DEMO_CATEGORIES.length + bulk.categories,
      families: DEMO_FAMILIES.length + bulk.families,
      familyVersions: familyVersions + bulk.families,
      parameterLists: parameterListIds.size,
      genericLists: DEMO_LISTS.length,
      priceLists: 2 + bulk.priceLists,
      partLists: 2,
      priceItems: priceItems + bulk.priceItems,
      scenarios: DEMO_SCENARIOS.length,
      placementRules: DEMO_RULES.length,
      notifications: notifications.length,
      pendingRequests: pendingCount,
      activityRows: history.length,
    },
    people: DEMO_USERS.map((u) => ({
      login: u.login,
      role: u.role,
      company: u.company ? companyName.get(u.company)! : DEFAULT_COMPANY_NAME,
    })),
    demoPassword: DEMO_PASSWORD,
    ...(search ? { search } : {}),
  };
}

/**
 * What `npm run seed:demo` runs, and the benches with their own database: opens the database
 * `config` names as `npm start` does (migrations, and on a first start the roles and the
 * administrator with PORTAL_ADMIN_PASSWORD), builds the portal on it with its log off, seeds it
 * (seedDemo) and closes it. Answers the administrator's password too when this run generated it.
 */
export async function seedDemoPortal(
  options: Omit<TDemoOptions, 'app' | 'adminPassword'> & { config: TConfig },
): Promise<{ summary: TDemoSummary; generatedAdminPassword?: string }> {
  const { config, ...seeding } = options;
  const database = await openPortalDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    readConnections: config.readConnections,
  });
  const app = await buildApp(config, database, false);
  try {
    await app.ready();
    const generated = config.adminPassword ? undefined : app.services.generatedAdminPassword;
    const summary = await seedDemo({ ...seeding, app, adminPassword: config.adminPassword ?? generated });
    return { summary, ...(generated === undefined ? {} : { generatedAdminPassword: generated }) };
  } finally {
    await app.close();
  }
}
