import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { installBrowserStubs } from '../list/list-test-support.tsx';
import { LicenceSummary, type TLicenceSummaryFacts } from './licence-summary.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

const gold: TLicenceSummaryFacts = {
  licenseCode: 'GOLD-1',
  active: true,
  licenseValidUntil: inDays(90.5),
  currentNumberOfUsers: 4,
  maxNumberOfUsers: 10,
  validCheck: null,
  validCheckDate: null,
};

function renderSummary(licence: TLicenceSummaryFacts, onCheck?: () => void) {
  return render(
    <I18nextProvider i18n={i18n}>
      <LicenceSummary licence={licence} onCheck={onCheck} />
    </I18nextProvider>,
  );
}

const badge = () => screen.getByTestId('licence-status');

describe('LicenceSummary', { timeout: 20_000 }, () => {
  beforeAll(() => {
    initI18n('en');
    installBrowserStubs();
  });
  afterEach(cleanup);

  it('shows an active licence with its days left, seats and no check yet', () => {
    renderSummary(gold);
    expect(badge().dataset.status).toBe('active');
    expect(badge().textContent).toBe('Active');
    expect(screen.getByText('Days left: 90')).toBeTruthy();
    expect(screen.getByLabelText('4 of 10 users')).toBeTruthy();
    expect(screen.getByText('Never checked')).toBeTruthy();
  });

  it('badges an expired licence as Expired with the days since', () => {
    renderSummary({ ...gold, licenseValidUntil: inDays(-2.5) });
    expect(badge().dataset.status).toBe('expired');
    expect(badge().textContent).toBe('Expired');
    expect(screen.getByText('Expired for days: 3')).toBeTruthy();
  });

  it('badges a licence whose seats are all taken as Full', () => {
    renderSummary({ ...gold, currentNumberOfUsers: 10 });
    expect(badge().dataset.status).toBe('full');
    expect(badge().textContent).toBe('Full');
    expect(screen.getByLabelText('10 of 10 users')).toBeTruthy();
  });

  it('badges a licence ending within 30 days as Expiring soon, and an inactive one as Inactive', () => {
    renderSummary({ ...gold, licenseValidUntil: inDays(10.5) });
    expect(badge().textContent).toBe('Expiring soon');
    cleanup();
    renderSummary({ ...gold, active: false, licenseValidUntil: inDays(-1) });
    expect(badge().textContent).toBe('Inactive');
  });

  it('shows the last check and runs a new one from its button', () => {
    const onCheck = vi.fn();
    renderSummary({ ...gold, validCheck: false, validCheckDate: inDays(-1) }, onCheck);
    const summary = screen.getByTestId('licence-summary');
    expect(within(summary).getByText('Not valid')).toBeTruthy();
    fireEvent.click(within(summary).getByRole('button', { name: /Check/ }));
    expect(onCheck).toHaveBeenCalledOnce();
  });

  it('reads in German', async () => {
    await i18n.changeLanguage('de');
    renderSummary({ ...gold, currentNumberOfUsers: 12 });
    expect(badge().textContent).toBe('Voll');
    expect(screen.getByText('Nie geprüft')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
