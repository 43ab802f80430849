import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import {
  ADMIN_PASSWORD,
  openPortal,
  signIn,
  type TPortalUnderTest,
  waitForHash,
  waitForToast,
} from '../support/browser.ts';
import { fitsWidth } from '../support/layout.ts';
import { shotsOf } from '../support/shots.ts';

const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };
const DAY_MS = 24 * 60 * 60 * 1000;

const shot = shotsOf('licences');

type TJson = Record<string, unknown>;

/** Calls the API as the admin (no cookies, so no CSRF header is needed). */
async function adminApi(baseUrl: string): Promise<(route: string, body: object) => Promise<TJson>> {
  const call = async (route: string, body: object, token?: string) => {
    const response = await fetch(new URL(`api${route}`, baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as TJson;
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const password = createHash('sha512').update(ADMIN_PASSWORD).digest('hex');
  const { authToken } = (await call('/user/login', { username: 'admin', password })) as { authToken: string };
  return (route, body) => call(route, body, authToken);
}

/** A date as the English date picker takes it (MM/DD/YYYY), days from today. */
function pickerDate(days: number): string {
  const date = new Date(Date.now() + days * DAY_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()}`;
}

describe('licences', () => {
  let env: TPortalUnderTest;
  let page: Page;
  let api: (route: string, body: object) => Promise<TJson>;
  const suffix = Date.now().toString(36);
  const code = `GOLD-${suffix}`;
  const companyName = `Licensed Ltd ${suffix}`;
  const checks: string[] = [];

  beforeAll(async () => {
    env = await openPortal();
    api = await adminApi(env.portal.url);
    // axe is injected as a script, which the portal's CSP would refuse.
    page = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce' });
    page.on('request', (request) => {
      if (request.url().endsWith('/api/license/check')) checks.push(request.postData() ?? '');
    });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
  });

  afterAll(() => env?.close());

  const row = () => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: code });

  it('creates a licence in the drawer', async () => {
    await page.locator('[data-testid=side-menu]').getByText('Licences', { exact: true }).click();
    await waitForHash(page, /^#\/licences/);
    await page.locator('[data-testid=licence-create]').click();
    const form = page.locator('[data-testid=licence-form]');
    await form.waitFor();

    await page.locator('[data-testid=licence-form-save]').click();
    await form.getByText('Licence code is required', { exact: true }).waitFor();

    await form.getByLabel('Licence code').fill(code);
    await form.getByLabel(/^Type/).fill('Enterprise');
    await form.getByLabel('Description').fill('Gold plan for the pilot customers.');
    const validUntil = form.getByLabel('Valid until');
    await validUntil.click();
    await validUntil.fill(pickerDate(10));
    await validUntil.press('Enter');
    await form.getByLabel('Maximum users').fill('2');
    await form.getByLabel('Account manager').fill('Ada Lovelace');
    const claims = form.getByLabel('Claims');
    await claims.fill('families');
    await claims.press('Enter');
    await claims.fill('statistics');
    await claims.press('Enter');
    await page.mouse.move(1, 1);
    await shot(page, '1-form-desktop');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);

    await page.locator('[data-testid=licence-form-save]').click();
    await waitForToast(page, 'The licence has been created.');
    await form.waitFor({ state: 'hidden' });
  });

  it('shows its status, days left and seats, and the company using it', async () => {
    const { licenseInfos } = (await api('/license/find', { search: code })) as {
      licenseInfos: { licenseInfoId: number; licenseClaims: string[]; maxNumberOfUsers: number }[];
    };
    const [saved] = licenseInfos;
    expect(saved?.licenseClaims).toEqual(['families', 'statistics']);
    expect(saved?.maxNumberOfUsers).toBe(2);
    await api('/company/save', {
      companyInfos: [{ companyName, companyLicense: { licenseInfoId: saved?.licenseInfoId } }],
    });

    await page.locator('[data-testid=licence-search] input').fill(suffix);
    await waitForHash(page, new RegExp(`q=${suffix}`));
    await row().waitFor();
    await page.locator('[data-testid=licence-expiring]').click();
    await waitForHash(page, /expiring=true/);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await row().getByText(companyName).waitFor();
    expect(await row().locator('[data-testid=licence-status]').innerText()).toBe('Expiring soon');
    expect(await row().innerText()).toMatch(/Days left: (9|10)\b/);
    expect(await row().getByRole('progressbar').getAttribute('aria-label')).toBe('0 of 2 users');
    expect(await row().innerText()).toContain('Never checked');
    await shot(page, '2-list-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('checks it from its row and from the selection', async () => {
    await row()
      .getByRole('button', { name: `Check ${code}` })
      .click();
    await waitForToast(page, 'Licences checked: 1, valid: 1');
    await row().getByText('Valid', { exact: true }).waitFor();
    expect(checks).toHaveLength(1);

    await row().getByRole('checkbox', { name: code }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions on the selected licences' });
    await bar.getByRole('button', { name: 'Check now' }).click();
    await page.waitForFunction(() => !document.querySelector('[data-testid=bulk-bar]'));
    expect(checks).toHaveLength(2);
    expect(JSON.parse(checks[1] ?? '{}')).toEqual({
      checkedLicenseInfos: [{ licenseInfo: { licenseInfoId: expect.any(Number) as unknown } }],
    });
    await shot(page, '3-checked-desktop');
  });

  it('shows the seats read-only when editing, and saves a change', async () => {
    await row()
      .getByRole('button', { name: `Edit ${code}` })
      .click();
    const form = page.locator('[data-testid=licence-form]');
    await form.waitFor();
    expect(await page.locator('[data-testid=licence-users-now]').innerText()).toBe('0 of 2 users');
    expect(await form.getByLabel('Licence code').inputValue()).toBe(code);
    await form.getByLabel('Maximum users').fill('5');
    await page.locator('[data-testid=licence-form-save]').click();
    await waitForToast(page, 'The licence has been saved.');
    await form.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      (c) =>
        [...document.querySelectorAll('.ant-table-tbody tr')].some(
          (tr) => tr.textContent?.includes(c) && tr.querySelector('[aria-label="0 of 5 users"]'),
        ),
      code,
    );
  });

  it('stacks the rows on a phone, every field labelled and nothing wider than the window', async () => {
    await page.setViewportSize(PHONE);
    await page.locator('[data-layout=stacked]').waitFor();
    const item = page.locator('[data-testid=list-row]', { hasText: code });
    await item.waitFor();
    expect(await item.innerText()).toContain('Expiring soon');
    await item.getByRole('button', { name: `Check ${code}` }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, '4-list-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await item.getByRole('button', { name: `Edit ${code}` }).click();
    await page.locator('[data-testid=licence-form]').waitFor();
    await shot(page, '5-form-phone');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);
  });

  it('keeps the badges, seats and check result readable in dark mode', async () => {
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${env.portal.url}#/licences?q=${suffix}`);
    await page.reload();
    const item = page.locator('[data-testid=list-row]', { hasText: code });
    await item.locator('[data-testid=licence-status]').waitFor();
    await shot(page, '6-list-phone-dark');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
