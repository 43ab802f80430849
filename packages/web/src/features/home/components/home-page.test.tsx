import type { TApprovalRequest, TCategory, TLicenseListItem, TRevitFamily, TUser } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { renderRoutes } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../shared/test/test-session.ts';
import { HomePage } from './home-page.tsx';

// The dashboard's chart library draws on a canvas jsdom does not have.
vi.mock('../../../shared/statistics/load-uplot.ts', () => ({
  loadUplot: () =>
    Promise.resolve(
      class {
        static tzDate(date: Date): Date {
          return date;
        }
        setSize(): void {}
        destroy(): void {}
      },
    ),
}));

const READER = ['contentmanagement.read'];
const PARTNER = [
  'contentmanagement.create',
  'contentmanagement.read',
  'contentmanagement.update',
  'usermanagement.read',
];
const ADMIN = [
  'adminmanagement.update',
  'partnermanagement.read',
  'usermanagement.read',
  'contentmanagement.create',
  'contentmanagement.read',
  'contentmanagement.update',
];

function family(id: number, extra: Partial<TRevitFamily> = {}): TRevitFamily {
  return {
    revitFamilyId: id,
    revitFamilyName: `Family ${id}`,
    revitVersion: '2024',
    revitFamilyVersion: null,
    revitFamilyInternalVersion: null,
    revitFamilyCategoryId: 3,
    categoryName: 'Doors',
    revitFamilyRating: null,
    revitFamilyDescription: null,
    revitFamilyTags: [],
    revitFamilyFileName: `family-${id}.rfa`,
    revitFamilyFileHash: null,
    revitFamilyFileSize: 1000,
    revitFamilyPictureFileName: null,
    revitFamilyPictureHash: id % 2 ? 'ab'.repeat(32) : null,
    pictureFromFile: false,
    omniClassCode: null,
    revitCategory: null,
    typeCatalogFileName: null,
    typeSource: null,
    typeCount: 0,
    parameterListId: null,
    parameterListCode: null,
    cost: null,
    companyId: 7,
    companyName: 'Acme',
    downloads: 0,
    createdOn: '2026-11-01T10:00:00Z',
    lastUpdate: '2026-11-02T10:00:00Z',
    tifStatus: 'A',
    tifAction: null,
    tifOriginalId: null,
    tifTempId: null,
    ...extra,
  };
}

const category = (id: number, name: string, familyCount: number): TCategory => ({
  categoryId: id,
  categoryName: name,
  categoryDescription: null,
  categoryPictureFileName: null,
  categoryPictureHash: null,
  active: true,
  familyCount,
});

const request = (id: number, name: string, ageDays: number): TApprovalRequest => ({
  recordKind: 'family',
  id,
  kind: 'new',
  tifStatus: 'RfA',
  name,
  companyId: 7,
  companyName: 'Acme',
  requestedBy: 'partner1',
  requestedOn: '2026-11-01T10:00:00Z',
  ageDays,
  record: family(id, { revitFamilyName: name, tifStatus: 'RfA' }),
  original: null,
  changedFields: [],
  actions: ['a', 'd', 'i', 'r'],
});

const waitingUser = {
  id: 41,
  login: 'newbie',
  active: false,
  roles: [],
  firstName: 'Nina',
  lastName: 'New',
  email: 'nina@example.com',
  phone: null,
  companyName: 'Builders Ltd',
  company: null,
  lastLogin: '0001-01-01T00:00:00Z',
  joinDate: '2026-11-20T10:00:00Z',
  registrationCompleted: true,
  licenseInfo: null,
  licenseAcceptanceDate: null,
  termsId: 0,
  photoFileName: null,
  photoBase64: null,
  mfaEnabled: false,
  language: 'en',
} satisfies TUser;

const licence: TLicenseListItem = {
  licenseInfoId: 5,
  licenseCode: 'GOLD-1',
  licenseType: null,
  licenseDescription: null,
  licenseValidUntil: new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString(),
  maxNumberOfUsers: 10,
  currentNumberOfUsers: 2,
  accountManager: null,
  licenseStatus: null,
  active: true,
  licenseClaims: [],
  validCheck: null,
  validCheckDate: null,
  companies: [{ companyId: 7, companyName: 'Acme' }],
  companyCount: 1,
};

type TAnswers = Record<string, () => Response | Promise<Response>>;

const statisticsTotals = {
  signIns: 1234,
  activeUsers: 40,
  registrations: 3,
  downloads: 560,
  pendingApprovals: 2,
  licencesExpiringSoon: 1,
};
const statistics = {
  days: [{ date: '2026-11-01', signIns: 1234, activeUsers: 40, registrations: 3, downloads: 560 }],
  totals: statisticsTotals,
  previousTotals: { ...statisticsTotals, signIns: 1000 },
  topFamilies: [{ revitFamilyId: 1, revitFamilyName: 'Family 1', downloads: 560 }],
  topCategories: [],
  downloadsByCompany: [],
};

/** What the portal answers by route, as a full server would with some data. */
const FULL: TAnswers = {
  'api/family/find': () =>
    apiAnswer(200, { revitFamilyInfos: [family(1), family(2, { tifStatus: 'RfA' })], totalCount: 10006 }),
  'api/category/find': () =>
    apiAnswer(200, {
      categoryInfos: [category(3, 'Doors', 2504), category(5, 'Windows', 12)],
      totalCount: 2,
    }),
  'api/approvals/find': () =>
    apiAnswer(200, {
      approvalInfos: [request(21, 'Oak door', 9), request(22, 'Glass window', 2)],
      totalCount: 1234,
    }),
  'api/user/find': () => apiAnswer(200, { userInfos: [waitingUser], totalCount: 3 }),
  'api/license/find': () => apiAnswer(200, { licenseInfos: [licence], totalCount: 1 }),
  'api/statistics/get': () => apiAnswer(200, { statisticsInfo: statistics }),
};

/** Every route answering an empty page. */
const EMPTY: TAnswers = {
  'api/family/find': () => apiAnswer(200, { revitFamilyInfos: [], totalCount: 0 }),
  'api/category/find': () => apiAnswer(200, { categoryInfos: [], totalCount: 0 }),
  'api/approvals/find': () => apiAnswer(200, { approvalInfos: [], totalCount: 0 }),
  'api/user/find': () => apiAnswer(200, { userInfos: [], totalCount: 0 }),
  'api/license/find': () => apiAnswer(200, { licenseInfos: [], totalCount: 0 }),
};

let answers: TAnswers = FULL;
let calls: { url: string; body: Record<string, unknown> }[] = [];

function serve(url: string, init?: RequestInit): Promise<Response> {
  const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
  calls.push({ url, body });
  const answer = answers[url];
  return Promise.resolve(answer ? answer() : apiAnswer(404, {}, ['[Title] Not found']));
}

const bodiesOf = (url: string) => calls.filter((call) => call.url === url).map((call) => call.body);

/** Where a link or button led: the path and query of the router. */
function Place() {
  const location = useLocation();
  return <output data-testid="place">{`${location.pathname}${location.search}`}</output>;
}

function renderHome() {
  return renderRoutes(
    [
      { path: '/', element: <HomePage /> },
      { path: '*', element: <Place /> },
    ],
    '/',
  );
}

const section = (testId: string) => screen.findByTestId(testId);

describe('HomePage', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    answers = FULL;
    calls = [];
    vi.stubGlobal('fetch', vi.fn(serve));
  });

  it('gives an end user a search box, the categories with their counts and the newest families', async () => {
    signInAs(READER);
    renderHome();
    const categories = await section('home-categories');
    await within(categories).findByText('Doors');
    expect(
      within(categories)
        .getAllByTestId('home-category-count')
        .map((c) => c.textContent),
    ).toEqual(['Families: 2,504', 'Families: 12']);
    expect(within(categories).getByRole('link', { name: /Doors/ }).getAttribute('href')).toBe(
      '/families?category=3',
    );
    const recent = await section('home-recent-families');
    await within(recent).findByText('Family 1');
    expect(
      within(recent)
        .getByRole('link', { name: /Family 2/ })
        .getAttribute('href'),
    ).toBe('/families/2');
    expect(bodiesOf('api/family/find')).toEqual([
      { page: 1, pageSize: 8, sort: [{ field: 'createdOn', dir: 'desc' }] },
    ]);
    expect(bodiesOf('api/category/find')[0]).toMatchObject({ active: true, pageSize: 12 });
    for (const other of ['home-company-families', 'home-open-requests', 'home-pending-approvals'])
      expect(screen.queryByTestId(other)).toBeNull();
    expect(screen.queryByTestId('home-upload')).toBeNull();
    expect(calls.some((call) => call.url === 'api/approvals/find' || call.url === 'api/user/find')).toBe(
      false,
    );
    // A reader has no quick links: the old "No screens are available" card is gone.
    expect(screen.queryByText(/No screens are available/)).toBeNull();
  });

  it('opens the library with the words searched', async () => {
    signInAs(READER);
    renderHome();
    const search = within(await section('home-search')).getByRole('searchbox', { name: 'Search families' });
    fireEvent.change(search, { target: { value: 'fire door' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect((await screen.findByTestId('place')).textContent).toBe('/families?q=fire+door');
  });

  it('gives a partner their company families, their open requests and an upload button', async () => {
    signInAs(PARTNER);
    renderHome();
    const families = await section('home-company-families');
    await within(families).findByText('Family 1');
    expect(within(families).getByTestId('home-count').textContent).toBe('10,006');
    expect(bodiesOf('api/family/find')).toEqual([
      { page: 1, pageSize: 4, sort: [{ field: 'createdOn', dir: 'desc' }] },
    ]);
    const requests = await section('home-open-requests');
    await within(requests).findByText('Oak door');
    expect(within(requests).getByTestId('home-count').textContent).toBe('1,234');
    expect(within(requests).getByText('Family · New family · Acme · Days waiting: 9')).toBeTruthy();
    expect(within(requests).getByTestId('home-open-requests-link').getAttribute('href')).toBe('/approvals');
    expect(within(requests).getByTestId('home-decided-link').getAttribute('href')).toBe(
      '/approvals?view=decided',
    );
    expect(screen.queryByTestId('home-search')).toBeNull();
    expect(screen.queryByTestId('home-pending-approvals')).toBeNull();
    // The quick links a partner may open stay.
    expect(screen.getByRole('link', { name: /Users/ }).getAttribute('href')).toBe('/users');
    fireEvent.click(screen.getByTestId('home-upload'));
    expect((await screen.findByTestId('place')).textContent).toBe('/families/new');
  });

  it('gives an admin the pending approvals, the users and licences waiting and the recent uploads', async () => {
    signInAs(ADMIN);
    renderHome();
    const pending = await section('home-pending-approvals');
    await within(pending).findByText('Oak door');
    expect(within(pending).getByTestId('home-count').textContent).toBe('1,234');
    expect(within(pending).getAllByTestId('home-item')).toHaveLength(2);
    expect(within(pending).getByTestId('home-pending-link').getAttribute('href')).toBe('/approvals');
    expect(bodiesOf('api/approvals/find')).toEqual([
      { page: 1, pageSize: 5, sort: [{ field: 'requestedOn', dir: 'asc' }] },
    ]);

    const users = await section('home-waiting-users');
    await within(users).findByText('Nina New');
    expect(within(users).getByTestId('home-count').textContent).toBe('3');
    expect(within(users).getByRole('link', { name: 'Nina New' }).getAttribute('href')).toBe(
      '/users?active=false&q=newbie',
    );
    expect(within(users).getByTestId('home-waiting-users-link').getAttribute('href')).toBe(
      '/users?active=false',
    );
    expect(bodiesOf('api/user/find')[0]).toEqual({
      page: 1,
      pageSize: 5,
      active: false,
      sort: [{ field: 'joinDate', dir: 'desc' }],
    });

    const licences = await section('home-expiring-licences');
    await within(licences).findByText('GOLD-1');
    expect(within(licences).getByText(/Acme · Ends .*, days left: (9|10)$/)).toBeTruthy();
    expect(within(licences).getByTestId('home-licences-link').getAttribute('href')).toBe(
      '/licences?active=true&expiring=true',
    );
    expect(bodiesOf('api/license/find')[0]).toMatchObject({
      active: true,
      expiringWithinDays: 30,
      includeExpired: false,
      sort: [{ field: 'licenseValidUntil', dir: 'asc' }],
    });

    const uploads = await section('home-recent-uploads');
    await within(uploads).findByText('Family 2');
    expect(within(uploads).getByText('Awaiting approval')).toBeTruthy();
    expect(bodiesOf('api/family/find')).toEqual([
      { includeTempItems: true, page: 1, pageSize: 8, sort: [{ field: 'createdOn', dir: 'desc' }] },
    ]);
    expect(screen.queryByTestId('home-search')).toBeNull();
    expect(screen.queryByTestId('home-open-requests')).toBeNull();
  });

  it('puts the statistics dashboard at the top of the page for those who may read it, and only for them', async () => {
    signInAs(ADMIN);
    renderHome();
    const dashboard = await section('home-statistics');
    expect(within(dashboard).getByRole('heading', { level: 2, name: 'Statistics' })).toBeTruthy();
    const signIns = await within(dashboard).findByTestId('statistics-figure-signIns');
    expect(within(signIns).getByTestId('statistics-figure-value').textContent).toBe('1,234');
    expect(within(signIns).getByTestId('statistics-change').textContent).toBe('+23%Period before: 1,000');
    expect(
      within(dashboard).getByRole('heading', { level: 3, name: 'Most downloaded families' }),
    ).toBeTruthy();
    expect(within(dashboard).getByTestId('home-statistics-link').getAttribute('href')).toBe('/statistics');
    // The dashboard comes before the cards that were there already.
    const cards = await section('home-sections');
    expect(dashboard.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(bodiesOf('api/statistics/get')).toHaveLength(1);
    cleanup();
    calls = [];

    signInAs(PARTNER);
    renderHome();
    await section('home-open-requests');
    expect(screen.queryByTestId('home-statistics')).toBeNull();
    expect(bodiesOf('api/statistics/get')).toEqual([]);
  });

  it('says in words when a card has nothing to show', async () => {
    answers = EMPTY;
    signInAs(ADMIN);
    renderHome();
    const pending = await section('home-pending-approvals');
    expect((await within(pending).findByTestId('home-card-empty')).textContent).toBe(
      'No requests are waiting. You are all caught up.',
    );
    expect(within(pending).getByTestId('home-count').textContent).toBe('0');
    expect(
      (await within(await section('home-expiring-licences')).findByTestId('home-card-empty')).textContent,
    ).toBe('No active licence ends within the next 30 days.');
    expect(
      (await within(await section('home-waiting-users')).findByTestId('home-card-empty')).textContent,
    ).toBe('No accounts are waiting for approval.');
  });

  it('shows a skeleton while a card loads, then what failed, and loads again on retry', async () => {
    let release: (response: Response) => void = () => undefined;
    answers = {
      ...FULL,
      'api/category/find': () => new Promise<Response>((resolve) => (release = resolve)),
      'api/family/find': () => apiAnswer(500, {}, ['[Title] Server error', '[Detail] The database is down']),
    };
    signInAs(READER);
    renderHome();
    const categories = await section('home-categories');
    expect(within(categories).getByTestId('home-card-loading')).toBeTruthy();
    release(apiAnswer(200, { categoryInfos: [category(3, 'Doors', 1)], totalCount: 1 }));
    await within(categories).findByText('Doors');

    const recent = await section('home-recent-families');
    const error = await within(recent).findByTestId('home-card-error');
    expect(error.textContent).toContain('This could not be loaded.');
    expect(error.textContent).toContain('The database is down');
    answers = { ...answers, 'api/family/find': FULL['api/family/find']! };
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await within(recent).findByText('Family 1');
  });

  it('formats the numbers in the language of the interface', async () => {
    await i18n.changeLanguage('de');
    signInAs(ADMIN);
    renderHome();
    const pending = await section('home-pending-approvals');
    await waitFor(() => expect(within(pending).getByTestId('home-count').textContent).toBe('1.234'));
    expect(within(pending).getByRole('heading', { level: 2 }).textContent).toBe('Ausstehende Freigaben');
    const uploads = await section('home-recent-uploads');
    await waitFor(() => expect(within(uploads).getByTestId('home-count').textContent).toBe('10.006'));
  });
});
