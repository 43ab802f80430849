import type { TStatisticsInfo } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { apiAnswer } from '../test/api-answer.ts';
import { renderWithProviders } from '../test/render-with-providers.tsx';
import { screenTestHooks } from '../test/screen-test-hooks.ts';
import { signInAs } from '../test/test-session.ts';
import { StatisticsDashboard } from './statistics-dashboard.tsx';
import { presetRange } from './statistics-range.ts';

/** What the fake uPlot was asked to draw: its options and data, one entry per chart drawn. */
const drawn: { series: { label?: string }[]; data: unknown[][] }[] = [];

vi.mock('./load-uplot.ts', () => {
  class FakePlot {
    static tzDate(date: Date): Date {
      return date;
    }
    constructor(options: { series: { label?: string }[] }, data: unknown[][]) {
      drawn.push({ series: options.series, data });
    }
    setSize(): void {}
    destroy(): void {}
  }
  return { loadUplot: () => Promise.resolve(FakePlot) };
});

const ADMIN = ['adminmanagement.read', 'adminmanagement.update', 'partnermanagement.read'];
const PARTNER = ['partnermanagement.read', 'companymanagement.read', 'contentmanagement.read'];

const zeros = { signIns: 0, activeUsers: 0, registrations: 0, downloads: 0 };

function info(extra: Partial<TStatisticsInfo> = {}): TStatisticsInfo {
  return {
    days: [
      { date: '2026-11-01', signIns: 4, activeUsers: 3, registrations: 1, downloads: 10 },
      { date: '2026-11-02', ...zeros },
      { date: '2026-11-03', signIns: 8, activeUsers: 5, registrations: 0, downloads: 1225 },
    ],
    totals: {
      signIns: 12,
      activeUsers: 6,
      registrations: 1,
      downloads: 1235,
      pendingApprovals: 3,
      licencesExpiringSoon: 1,
    },
    previousTotals: {
      signIns: 8,
      activeUsers: 12,
      registrations: 0,
      downloads: 1235,
      pendingApprovals: 3,
      licencesExpiringSoon: 2,
    },
    topFamilies: [
      { revitFamilyId: 7, revitFamilyName: 'Fire door, double leaf', downloads: 1200 },
      { revitFamilyId: 8, revitFamilyName: 'Window', downloads: 35 },
    ],
    topCategories: [{ categoryId: 3, categoryName: 'Doors', downloads: 1235 }],
    downloadsByCompany: [
      { companyId: 5, companyName: 'Acme', downloads: 1000 },
      { companyId: null, companyName: null, downloads: 235 },
    ],
    ...extra,
  };
}

const QUIET: TStatisticsInfo = {
  days: [
    { date: '2026-11-01', ...zeros },
    { date: '2026-11-02', ...zeros },
  ],
  totals: { ...zeros, pendingApprovals: 2, licencesExpiringSoon: 0 },
  previousTotals: { ...zeros, pendingApprovals: 2, licencesExpiringSoon: 0 },
  topFamilies: [],
  topCategories: [],
  downloadsByCompany: [],
};

type TBody = { isoStartDate: string; isoEndDate: string; timeZone?: string; companyId?: number };

let answer: () => Response | Promise<Response>;
let bodies: TBody[];

function serve(url: string, init?: RequestInit): Promise<Response> {
  if (url === 'api/statistics/get') {
    bodies.push(JSON.parse(init?.body as string) as TBody);
    return Promise.resolve(answer());
  }
  if (url === 'api/company/find') {
    return Promise.resolve(
      apiAnswer(200, { companyInfos: [{ companyId: 5, companyName: 'Acme' }], totalCount: 1 }),
    );
  }
  return Promise.resolve(apiAnswer(404, {}, ['[Title] Not found']));
}

const figure = (key: string) => screen.getByTestId(`statistics-figure-${key}`);
const valueOf = (key: string) => within(figure(key)).getByTestId('statistics-figure-value').textContent;
const changeIn = (key: string) => within(figure(key)).getByTestId('statistics-change');

function renderDashboard() {
  return renderWithProviders(<StatisticsDashboard headingLevel={2} />, { url: '/' });
}

describe('StatisticsDashboard', { timeout: 30_000 }, () => {
  screenTestHooks();
  let blobs: Blob[];

  beforeEach(() => {
    drawn.length = 0;
    bodies = [];
    blobs = [];
    answer = () => apiAnswer(200, { statisticsInfo: info() });
    vi.stubGlobal('fetch', vi.fn(serve));
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:statistics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for the last 30 days in the browser time zone and shows the headline figures', async () => {
    signInAs(PARTNER);
    renderDashboard();
    await screen.findByTestId('statistics-figures');
    expect(bodies).toEqual([
      {
        ...(() => {
          const days = presetRange('last30');
          return { isoStartDate: days.from, isoEndDate: days.to };
        })(),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
    expect(bodies[0]?.isoEndDate).toBe(dayjs().format('YYYY-MM-DD'));
    expect(valueOf('signIns')).toBe('12');
    expect(valueOf('downloads')).toBe('1,235');
    expect(valueOf('pendingApprovals')).toBe('3');
    expect(within(figure('signIns')).getByText('Sign-ins')).toBeTruthy();
    // A partner has no company filter: the server answers for their own tree.
    expect(screen.queryByTestId('statistics-company')).toBeNull();
  });

  it('gives each figure its change against the period before: up, down, new or none', async () => {
    signInAs(PARTNER);
    renderDashboard();
    await screen.findByTestId('statistics-figures');
    expect(changeIn('signIns').dataset.change).toBe('up');
    expect(changeIn('signIns').textContent).toBe('+50%Period before: 8');
    expect(changeIn('activeUsers').dataset.change).toBe('down');
    expect(changeIn('activeUsers').textContent).toBe('-50%Period before: 12');
    expect(changeIn('registrations').textContent).toBe('NewPeriod before: 0');
    expect(changeIn('downloads').textContent).toBe('No changePeriod before: 1,235');
    expect(changeIn('licencesExpiringSoon').textContent).toBe('-50%Period before: 2');
    expect(within(figure('pendingApprovals')).getByRole('link').getAttribute('href')).toBe('/approvals');
    expect(within(figure('licencesExpiringSoon')).getByRole('link').getAttribute('href')).toBe(
      '/licences?active=true&expiring=true',
    );
  });

  it('draws sign-ins and downloads per day with the same figures in a table for screen readers', async () => {
    signInAs(PARTNER);
    renderDashboard();
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]?.series.map((s) => s.label)).toEqual(['Date', 'Sign-ins', 'Downloads']);
    expect(drawn[0]?.data).toEqual([
      [Date.UTC(2026, 10, 1) / 1000, Date.UTC(2026, 10, 2) / 1000, Date.UTC(2026, 10, 3) / 1000],
      [4, 0, 8],
      [10, 0, 1225],
    ]);
    expect(screen.getByTestId('statistics-daily-plot').getAttribute('aria-hidden')).toBe('true');
    const table = screen.getByTestId('statistics-daily-table');
    expect(within(table).getByRole('columnheader', { name: 'Sign-ins' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Nov 1, 2026410', 'Nov 2, 202600', 'Nov 3, 202681,225']);
  });

  it('lists the rankings as text, best first, naming downloads of no company', async () => {
    signInAs(PARTNER);
    renderDashboard();
    const families = await screen.findByTestId('statistics-top-families');
    expect(within(families).getByRole('heading', { level: 2 }).textContent).toBe('Most downloaded families');
    const list = within(families).getByRole('list', { name: 'Most downloaded families' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fire door, double leaf1,200', 'Window35']);
    const companies = screen.getByTestId('statistics-downloads-by-company');
    expect(within(companies).getByText('Other or no company')).toBeTruthy();
  });

  it("exports a chart's figures as CSV", async () => {
    signInAs(PARTNER);
    renderDashboard();
    const families = await screen.findByTestId('statistics-top-families');
    fireEvent.click(
      within(families).getByRole('button', { name: 'Export "Most downloaded families" as CSV' }),
    );
    expect(blobs).toHaveLength(1);
    const text = (await blobs[0]!.text()).replace(/^\uFEFF/, '');
    expect(text.trimEnd().split('\r\n')).toEqual([
      'Rank,Name,Downloads',
      '1,"Fire door, double leaf",1200',
      '2,Window,35',
    ]);
    fireEvent.click(within(screen.getByTestId('statistics-daily')).getByTestId('statistics-export'));
    const daily = (await blobs[1]!.text()).replace(/^\uFEFF/, '');
    expect(daily.trimEnd().split('\r\n')).toEqual([
      'Date,Sign-ins,Downloads',
      '2026-11-01,4,10',
      '2026-11-02,0,0',
      '2026-11-03,8,1225',
    ]);
  });

  it('asks again for the days of the preset chosen', async () => {
    signInAs(PARTNER);
    renderDashboard();
    await screen.findByTestId('statistics-figures');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    const options = await screen.findAllByTitle('Last 7 days');
    await act(async () => {
      fireEvent.click(options.at(-1)!);
    });
    await waitFor(() => expect(bodies).toHaveLength(2));
    const week = presetRange('last7');
    expect(bodies[1]).toMatchObject({ isoStartDate: week.from, isoEndDate: week.to });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    const lastMonth = await screen.findAllByTitle('Last month');
    await act(async () => {
      fireEvent.click(lastMonth.at(-1)!);
    });
    await waitFor(() => expect(bodies).toHaveLength(3));
    const month = dayjs().subtract(1, 'month');
    expect(bodies[2]).toMatchObject({
      isoStartDate: month.startOf('month').format('YYYY-MM-DD'),
      isoEndDate: month.endOf('month').format('YYYY-MM-DD'),
    });
  });

  it('gives admins a company filter that narrows the figures to one company', async () => {
    signInAs(ADMIN);
    renderDashboard();
    await screen.findByTestId('statistics-figures');
    expect(bodies[0]?.companyId).toBeUndefined();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Company' }));
    const acme = await screen.findAllByTitle('Acme');
    await act(async () => {
      fireEvent.click(acme.at(-1)!);
    });
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]?.companyId).toBe(5);
  });

  it('says so in words when nothing happened in the period, instead of drawing flat charts', async () => {
    answer = () => apiAnswer(200, { statisticsInfo: QUIET });
    signInAs(PARTNER);
    renderDashboard();
    const empty = await screen.findByTestId('statistics-empty');
    expect(empty.textContent).toContain('Nothing was recorded in this period');
    expect(valueOf('pendingApprovals')).toBe('2');
    expect(screen.queryByTestId('statistics-daily')).toBeNull();
    expect(screen.queryByTestId('statistics-top-families')).toBeNull();
    expect(drawn).toHaveLength(0);
  });

  it('says in words that a ranking is empty when there were sign-ins but no downloads', async () => {
    answer = () =>
      apiAnswer(200, {
        statisticsInfo: info({ topFamilies: [], topCategories: [], downloadsByCompany: [] }),
      });
    signInAs(PARTNER);
    renderDashboard();
    const families = await screen.findByTestId('statistics-top-families');
    expect(within(families).getByTestId('statistics-ranking-empty').textContent).toBe(
      'No downloads in this period.',
    );
  });

  it('shows a skeleton while loading, then what failed, and loads again on retry', async () => {
    let release: (response: Response) => void = () => undefined;
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    signInAs(PARTNER);
    renderDashboard();
    expect(await screen.findByTestId('statistics-loading')).toBeTruthy();
    release(apiAnswer(500, {}, ['[Title] Server error', '[Detail] The database is down']));
    const error = await screen.findByTestId('statistics-error');
    expect(error.textContent).toContain('The statistics could not be loaded');
    expect(error.textContent).toContain('The database is down');
    answer = () => apiAnswer(200, { statisticsInfo: info() });
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('statistics-figures');
  });

  it('writes numbers and dates in the language of the interface', async () => {
    await i18n.changeLanguage('de');
    signInAs(PARTNER);
    renderDashboard();
    await screen.findByTestId('statistics-figures');
    expect(valueOf('downloads')).toBe('1.235');
    expect(within(figure('downloads')).getByText('Downloads')).toBeTruthy();
    expect(changeIn('signIns').textContent).toBe('+50\u00a0%Zeitraum davor: 8');
    const rows = within(screen.getByTestId('statistics-daily-table')).getAllByRole('row');
    expect(rows[3]?.textContent).toBe('03.11.202681.225');
  });
});
