import type { TFamilyFacets, TRevitFamily } from '@portal/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../shared/list/list-test-support.tsx';
import { apiAnswer } from '../../../../shared/test/api-answer.ts';
import { screenTestHooks } from '../../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../../shared/test/test-session.ts';
import { FamilyLibrary } from './family-library.tsx';

const ADMIN = ['contentmanagement.read', 'contentmanagement.create', 'adminmanagement.read'];
const PARTNER = ['contentmanagement.read', 'contentmanagement.create'];
const READER = ['contentmanagement.read'];

function family(id: number, extra: Partial<TRevitFamily> = {}): TRevitFamily {
  return {
    revitFamilyId: id,
    revitFamilyName: `Family ${id}`,
    revitVersion: '2024',
    revitFamilyVersion: null,
    revitFamilyInternalVersion: null,
    revitFamilyCategoryId: 3,
    categoryName: 'Doors',
    revitFamilyRating: 4,
    revitFamilyDescription: null,
    revitFamilyTags: ['steel'],
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
    downloads: id * 3,
    createdOn: '2026-11-01T10:00:00Z',
    lastUpdate: '2026-11-02T10:00:00Z',
    tifStatus: 'A',
    tifAction: null,
    tifOriginalId: null,
    tifTempId: null,
    ...extra,
  };
}

const facets: TFamilyFacets = {
  categories: [
    { value: '3', label: 'Doors', count: 120 },
    { value: '5', label: 'Windows', count: 30 },
  ],
  revitVersions: [
    { value: '2024', label: '2024', count: 100 },
    { value: '2023', label: '2023', count: 50 },
  ],
  ratings: [
    { value: '4', label: '4', count: 80 },
    { value: '3', label: '3', count: 110 },
  ],
  tags: [{ value: 'steel', label: 'steel', count: 40 }],
  companies: [{ value: '7', label: 'Acme', count: 150 }],
};

type TBody = Record<string, unknown> & { page: number; pageSize: number };
let finds: TBody[] = [];
/** What /family/find answers: by default 150 families, served page by page. */
let answer: (body: TBody) => { revitFamilyInfos: TRevitFamily[]; totalCount: number } = (body) => {
  const total = 150;
  const from = (body.page - 1) * body.pageSize;
  const count = Math.max(0, Math.min(body.pageSize, total - from));
  return {
    revitFamilyInfos: Array.from({ length: count }, (_, i) => family(from + i + 1)),
    totalCount: total,
  };
};
const defaultAnswer = answer;

const renderLibrary = (url = '/families') => renderAt(<FamilyLibrary />, url);

/** The browser's Back button, as the memory router knows it. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

/** Shows the current path, for a link followed inside the app. */
function PathProbe() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

const location = () => screen.getByTestId('location').textContent ?? '';
const lastFind = () => finds.at(-1);

async function openFilters() {
  fireEvent.click(screen.getByTestId('families-filters-open'));
  return screen.findByTestId('family-facets');
}

describe('FamilyLibrary', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    finds = [];
    answer = defaultAnswer;
    signInAs(ADMIN);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (!url.endsWith('/family/find')) return Promise.resolve(apiAnswer(404));
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as TBody;
        finds.push(body);
        return Promise.resolve(
          apiAnswer(200, { ...answer(body), ...(body.includeFacets ? { facets } : {}) }),
        );
      }),
    );
  });

  it('sends the filters of the URL and shows them as chips', async () => {
    renderLibrary('/families?q=door&category=3&revit=2024&rating=4&company=7&tag=steel&tag=fire%20rated');
    await screen.findAllByTestId('family-card');
    expect(finds[0]).toEqual({
      sort: [{ field: 'revitFamilyName', dir: 'asc' }],
      search: 'door',
      categoryIds: [3],
      revitVersions: ['2024'],
      minRating: 4,
      companyIds: [7],
      tags: ['steel', 'fire rated'],
      page: 1,
      pageSize: 60,
      includeFacets: true,
    });
    const chips = screen.getByTestId('active-filters');
    for (const name of ['“door”', 'Doors', 'Revit 2024', '4 ★ and up', '#steel', '#fire rated', 'Acme']) {
      within(chips).getByRole('button', { name: `Remove filter ${name}` });
    }
    fireEvent.click(within(chips).getByRole('button', { name: 'Remove filter #steel' }));
    await waitFor(() => expect(location()).not.toContain('tag=steel'));
    expect(location()).toContain('tag=fire+rated');
    await waitFor(() => expect(lastFind()?.tags).toEqual(['fire rated']));
  });

  it('says a facet has no values for this search when a search finds nothing, and nothing yet otherwise', async () => {
    const none: TFamilyFacets = { categories: [], revitVersions: [], ratings: [], tags: [], companies: [] };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(apiAnswer(200, { revitFamilyInfos: [], totalCount: 0, facets: none }))),
    );
    renderLibrary('/families?q=nothing-like-this');
    await screen.findByTestId('list-empty');
    const panel = await openFilters();
    const texts = () =>
      within(panel)
        .getAllByTestId('facet-none')
        .map((node) => node.textContent);
    await waitFor(() => expect(texts()).toHaveLength(4));
    expect(new Set(texts())).toEqual(new Set(['No values for this search or these filters']));
    cleanup();

    renderLibrary('/families');
    await screen.findByTestId('list-empty');
    const unfiltered = await openFilters();
    await waitFor(() =>
      expect(
        within(unfiltered)
          .getAllByTestId('facet-none')
          .map((node) => node.textContent),
      ).toEqual(Array(4).fill('Nothing to choose yet')),
    );
  });

  it('shows facet values with their counts and writes a chosen one to the URL', async () => {
    renderLibrary('/families');
    await screen.findAllByTestId('family-card');
    const panel = await openFilters();
    const category = within(panel).getByTestId('facet-category');
    expect(within(category).getByRole('checkbox', { name: /^Windows\s*30$/ })).toBeTruthy();
    expect(
      within(within(panel).getByTestId('facet-company')).getByRole('checkbox', { name: /^Acme\s*150$/ }),
    ).toBeTruthy();
    fireEvent.click(within(category).getByRole('checkbox', { name: /^Windows\s*30$/ }));
    await waitFor(() => expect(location()).toBe('?category=5'));
    await waitFor(() => expect(lastFind()).toMatchObject({ categoryIds: [5], page: 1 }));

    fireEvent.click(
      within(within(panel).getByTestId('facet-rating')).getByRole('radio', { name: /^3 ★ and up\s*110$/ }),
    );
    await waitFor(() => expect(location()).toBe('?category=5&rating=3'));
    await waitFor(() => expect(lastFind()).toMatchObject({ categoryIds: [5], minRating: 3 }));

    fireEvent.click(
      within(within(panel).getByTestId('facet-revit')).getByRole('checkbox', { name: /^2023\s*50$/ }),
    );
    await waitFor(() => expect(location()).toBe('?category=5&revit=2023&rating=3'));
    await waitFor(() => expect(lastFind()).toMatchObject({ revitVersions: ['2023'] }));
  });

  it('searches as the person types, once typing pauses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderLibrary('/families');
      await screen.findAllByTestId('family-card');
      const box = screen.getByRole('searchbox', { name: 'Search families' });
      fireEvent.change(box, { target: { value: 'do' } });
      fireEvent.change(box, { target: { value: 'door' } });
      expect(location()).toBe('');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(450);
      });
      await waitFor(() => expect(location()).toBe('?q=door'));
      await waitFor(() => expect(lastFind()?.search).toBe('door'));
      expect(finds.filter((f) => f.search === 'do')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders only the cards near the window and loads the next page when scrolled to the end', async () => {
    renderLibrary('/families');
    await screen.findAllByTestId('family-card');
    const gallery = screen.getByTestId('family-gallery');
    const columns = Number(gallery.dataset.columns);
    // 60 families are loaded; only the rows in and near the window are in the page.
    expect(screen.getAllByTestId('family-card').length).toBeLessThan(60);
    expect(screen.getAllByTestId('family-card').length % columns).toBe(0);
    expect(finds).toHaveLength(1);

    await act(async () => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 100_000 });
      window.dispatchEvent(new Event('scroll'));
    });
    // At the end of the list each page asks for the next, until all 150 are there.
    await waitFor(() => expect(finds.map((f) => f.page)).toEqual([1, 2, 3]));
    expect(finds[1]).toMatchObject({ page: 2, pageSize: 60, includeFacets: false });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(finds).toHaveLength(3);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('switches to the table: view in the URL, pages of 50, sorting by a column header', async () => {
    renderLibrary('/families?q=door');
    await screen.findAllByTestId('family-card');
    fireEvent.click(screen.getByRole('radio', { name: 'Table' }));
    await waitFor(() => expect(location()).toBe('?q=door&view=table'));
    await waitFor(() => expect(lastFind()).toMatchObject({ search: 'door', page: 1, pageSize: 50 }));
    // jsdom is a narrow window: the table stacks its rows and sorts with a drop-down.
    const table = await screen.findByTestId('family-table');
    await within(table).findAllByTestId('list-row');
    expect(within(table).getByText('Family 1')).toBeTruthy();
    await act(async () => {
      fireEvent.mouseDown(within(table).getByRole('combobox', { name: 'Sort by' }));
    });
    fireEvent.click(await screen.findByTitle('Downloads ↓'));
    await waitFor(() => expect(location()).toBe('?sort=downloads%3Adesc&q=door&view=table'));
    await waitFor(() => expect(lastFind()).toMatchObject({ sort: [{ field: 'downloads', dir: 'desc' }] }));
  });

  it('says "no families yet" and offers to add one when the library is empty', async () => {
    answer = () => ({ revitFamilyInfos: [], totalCount: 0 });
    renderLibrary('/families');
    const empty = await screen.findByTestId('list-empty');
    expect(within(empty).getByText('No families yet.')).toBeTruthy();
    expect(within(empty).getByRole('button', { name: /New family/ })).toBeTruthy();
  });

  it('says nothing matches and clears the filters but keeps the view', async () => {
    answer = () => ({ revitFamilyInfos: [], totalCount: 0 });
    renderLibrary('/families?view=table&q=zzz&category=5');
    const empty = await screen.findByTestId('list-empty');
    expect(within(empty).getByText('No families match the search or filters.')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(location()).toBe('?view=table'));
  });

  it('shows a loading state first and an error with a retry when the find fails', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          fail ? apiAnswer(500) : apiAnswer(200, { revitFamilyInfos: [family(1)], totalCount: 1, facets }),
        ),
      ),
    );
    renderLibrary('/families');
    expect(screen.getByTestId('list-loading')).toBeTruthy();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    await screen.findByTestId('family-card');
  });

  it('gives partners "My requests" with the status of each request, and no tab to readers', async () => {
    signInAs(PARTNER, { id: 2 });
    answer = (body) =>
      body.includeTempItems
        ? {
            revitFamilyInfos: [family(9, { tifStatus: 'RfA', revitFamilyName: 'My new door' })],
            totalCount: 1,
          }
        : defaultAnswer(body);
    const view = renderLibrary('/families');
    await screen.findAllByTestId('family-card');
    fireEvent.click(await screen.findByRole('radio', { name: 'My requests (1)' }));
    await waitFor(() => expect(location()).toBe('?scope=mine'));
    await waitFor(() =>
      expect(finds).toContainEqual(
        expect.objectContaining({
          includeTempItems: true,
          tifStatuses: ['RfA', 'RfC', 'RfR', 'RfD', 'P'],
          pageSize: 60,
        }),
      ),
    );
    const card = await screen.findByRole('article', { name: 'My new door' });
    expect(within(card).getByText('Awaiting approval')).toBeTruthy();
    expect(screen.getByTestId('family-create')).toBeTruthy();
    view.unmount();

    signInAs(READER, { id: 3 });
    renderLibrary('/families');
    await screen.findAllByTestId('family-card');
    expect(screen.queryByRole('radio', { name: /My requests/ })).toBeNull();
    expect(screen.queryByTestId('family-create')).toBeNull();
  });

  it('counts each tab with the same find, and points a partner with only requests to them', async () => {
    signInAs(PARTNER, { id: 2, companyId: 7 });
    // Nothing published yet; the company has 3 families and requests, 2 of them the partner's requests.
    answer = (body) => {
      const statuses = (body.tifStatuses as string[] | undefined) ?? [];
      const total = statuses.includes('A') ? 3 : statuses.length > 0 ? 2 : 0;
      return {
        revitFamilyInfos: Array.from({ length: Math.min(total, body.pageSize) }, (_, i) =>
          family(i + 1, { tifStatus: 'RfA' }),
        ),
        totalCount: total,
      };
    };
    renderLibrary('/families');
    const empty = await screen.findByTestId('list-empty');
    await within(empty).findByText(
      'No published families yet. Those waiting for approval are under the other tabs.',
    );
    const tabs = screen.getByTestId('families-scope');
    expect(within(tabs).getByRole('radio', { name: 'Library (0)' })).toBeTruthy();
    expect(within(tabs).getByRole('radio', { name: "My company's families (3)" })).toBeTruthy();
    expect(within(tabs).getByRole('radio', { name: 'My requests (2)' })).toBeTruthy();
    // Each count is the find of its tab over the same search and filters, asking for one row.
    expect(finds).toContainEqual(
      expect.objectContaining({
        companyIds: [7],
        tifStatuses: ['A', 'RfA', 'RfC', 'RfR', 'RfD', 'P'],
        page: 1,
        pageSize: 1,
      }),
    );

    fireEvent.click(within(tabs).getByRole('radio', { name: "My company's families (3)" }));
    await waitFor(() => expect(location()).toBe('?scope=company'));
    await waitFor(() => expect(screen.getAllByTestId('family-card')).toHaveLength(3));
    expect(within(tabs).getByRole('radio', { name: 'Library (0)' })).toBeTruthy();
  });

  it('makes every filter a step Back undoes, and a typed search one step however it paused', async () => {
    renderAt(
      <>
        <FamilyLibrary />
        <BackButton />
      </>,
      '/families',
    );
    await screen.findAllByTestId('family-card');
    const panel = await openFilters();
    fireEvent.click(
      within(within(panel).getByTestId('facet-category')).getByRole('checkbox', { name: /^Windows/ }),
    );
    await waitFor(() => expect(location()).toBe('?category=5'));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const box = screen.getByRole('searchbox', { name: 'Search families' });
      fireEvent.change(box, { target: { value: 'do' } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(450);
      });
      await waitFor(() => expect(location()).toBe('?q=do&category=5'));
      fireEvent.change(box, { target: { value: 'door' } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(450);
      });
      await waitFor(() => expect(location()).toBe('?q=door&category=5'));
      fireEvent.blur(box);
    } finally {
      vi.useRealTimers();
    }
    fireEvent.click(screen.getByRole('radio', { name: 'Table' }));
    await waitFor(() => expect(location()).toBe('?q=door&category=5&view=table'));

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location()).toBe('?q=door&category=5'));
    // The two pauses of one search are one step: Back goes to before the search.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location()).toBe('?category=5'));
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search families' })).toHaveProperty('value', ''),
    );
    await waitFor(() => expect(lastFind()).not.toHaveProperty('search'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location()).toBe(''));
  });

  it('cuts long names short with the whole name as the title and shows a placeholder without a picture', async () => {
    const long = 'A very long family name '.repeat(8).trim();
    answer = () => ({ revitFamilyInfos: [family(2, { revitFamilyName: long })], totalCount: 1 });
    renderLibrary('/families');
    const card = await screen.findByTestId('family-card');
    const name = within(card).getByTestId('family-card-name');
    expect(name.getAttribute('title')).toBe(long);
    expect(name.style.textOverflow).toBe('ellipsis');
    expect(within(card).getByTestId('family-placeholder')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Rated 4 of 5' })).toBeTruthy();
    expect(name.getAttribute('href')).toBe('/families/2');
  });

  it("links each table row's name to its family, opened in the app by a plain click only", async () => {
    renderAt(
      <>
        <FamilyLibrary />
        <PathProbe />
      </>,
      '/families?view=table',
    );
    const table = await screen.findByTestId('family-table');
    const names = await within(table).findAllByTestId('family-row-name');
    expect(names).toHaveLength(50);
    expect(names[0]!.getAttribute('href')).toBe('/families/1');
    expect(names[0]!.getAttribute('title')).toBe('Family 1');
    expect(names[0]!.textContent).toBe('Family 1');
    expect(within(table).getAllByRole('img', { name: 'Rated 4 of 5' })).toHaveLength(50);
    // A click with Ctrl (a new tab) is the browser's: the app stays where it is.
    fireEvent.click(names[1]!, { ctrlKey: true });
    expect(screen.getByTestId('path').textContent).toBe('/families');
    fireEvent.click(names[1]!);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/families/2'));
  });
});
