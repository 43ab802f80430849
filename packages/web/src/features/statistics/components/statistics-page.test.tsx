import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../shared/test/test-session.ts';
import { StatisticsPage } from './statistics-page.tsx';

vi.mock('../../../shared/statistics/load-uplot.ts', () => ({
  loadUplot: () => new Promise(() => undefined),
}));

const totals = {
  signIns: 0,
  activeUsers: 0,
  registrations: 0,
  downloads: 0,
  pendingApprovals: 0,
  licencesExpiringSoon: 0,
};

describe('StatisticsPage', { timeout: 30_000 }, () => {
  screenTestHooks();
  let urls: string[];

  beforeEach(() => {
    urls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        return Promise.resolve(
          apiAnswer(200, {
            statisticsInfo: {
              days: [],
              totals,
              previousTotals: totals,
              topFamilies: [],
              topCategories: [],
              downloadsByCompany: [],
            },
          }),
        );
      }),
    );
  });

  it('shows a partner the dashboard under the page title', async () => {
    signInAs(['partnermanagement.read']);
    renderWithProviders(<StatisticsPage />, { url: '/statistics' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Statistics');
    await screen.findByTestId('statistics-figures');
    expect(urls).toEqual(['api/statistics/get']);
  });

  it('tells an end user the page is not theirs, and asks the server nothing', () => {
    signInAs(['contentmanagement.read']);
    renderWithProviders(<StatisticsPage />, { url: '/statistics' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Statistics are for administrators and partners',
    );
    expect(screen.queryByTestId('statistics-dashboard')).toBeNull();
    expect(urls).toEqual([]);
  });
});
