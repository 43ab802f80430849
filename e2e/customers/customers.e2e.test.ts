import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import {
  ADMIN_PASSWORD,
  openPortal,
  signIn,
  submitLogin,
  type TPortalUnderTest,
  waitForHash,
} from '../support/browser.ts';
import { fitsWidth } from '../support/layout.ts';
import { shotsOf } from '../support/shots.ts';

const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };

const shot = shotsOf('customers');

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

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
  const { authToken } = (await call('/user/login', {
    username: 'admin',
    password: sha512(ADMIN_PASSWORD),
  })) as { authToken: string };
  return (route, body) => call(route, body, authToken);
}

/** Picks an option of one of the screen's filter drop-downs, named by its label. */
async function choose(page: Page, filter: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: filter }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: new RegExp(`^${option}$`),
    })
    .click();
}

/** Rows of the customers list, in the table (desktop) or stacked (phone). */
function rows(page: Page) {
  return page.locator(
    '[data-testid=customer-table] .ant-table-row, [data-testid=customer-table] [data-testid=list-row]',
  );
}

/** Waits until the list shows exactly these customer names, in this order. */
async function waitForNames(page: Page, names: string[]): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      JSON.stringify(
        [
          ...document.querySelectorAll(
            '[data-testid=customer-table] .ant-table-row, [data-testid=customer-table] [data-testid=list-row]',
          ),
        ].map((row) => row.querySelector('[data-testid=customer-link]')?.textContent ?? ''),
      ) === JSON.stringify(expected),
    names,
    { timeout: 15_000 },
  );
}

describe('customers', () => {
  let env: TPortalUnderTest;
  let admin: Page;
  const suffix = Date.now().toString(36);
  const business = `Custodia Works ${suffix}`;
  const dormant = `Custodia Dormant ${suffix}`;
  const soloLogin = `custodia.solo.${suffix}`;
  const soloName = `Sol Custodia-${suffix}`;

  beforeAll(async () => {
    env = await openPortal();
    const api = await adminApi(env.portal.url);
    const { companyInfos } = (await api('/company/save', {
      companyInfos: [
        { companyName: business, companyCity: 'Lyon', companyCountry: 'France' },
        { companyName: dormant, companyCity: 'Graz', companyCountry: 'Austria', active: false },
      ],
    })) as { companyInfos: { companyId: number; companyName: string }[] };
    const works = companyInfos.find((c) => c.companyName === business);
    await api('/user/save', {
      userInfos: [
        {
          login: `custodia.staff.${suffix}`,
          passwordHash: sha512('Staff-Passw0rd!'),
          firstName: 'Stella',
          lastName: 'Staff',
          email: `staff.${suffix}@example.com`,
          registrationCompleted: true,
          company: works ? { companyId: works.companyId } : null,
        },
        {
          login: soloLogin,
          passwordHash: sha512('Solo-Passw0rd!'),
          firstName: 'Sol',
          lastName: `Custodia-${suffix}`,
          email: `solo.${suffix}@example.com`,
          registrationCompleted: true,
          company: null,
        },
      ],
    });
    // axe is injected as a script, which the portal's CSP would refuse.
    admin = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce' });
    await signIn(admin, env.portal.url, 'admin', ADMIN_PASSWORD);
  });

  afterAll(() => env?.close());

  it('lists companies as Business and a user without a company as Individual, found by search', async () => {
    await admin.locator('[data-testid=menu-customers]').click();
    await waitForHash(admin, /^#\/customers$/);
    await rows(admin).first().waitFor();
    await admin.getByRole('searchbox', { name: 'Search customers' }).fill(suffix);
    await waitForHash(admin, new RegExp(`q=${suffix}`));
    await waitForNames(admin, [dormant, business, soloName]);
    const works = rows(admin).filter({ hasText: business });
    expect(await works.locator('[data-testid=customer-type]').innerText()).toBe('Business');
    expect(await works.locator('[data-testid=customer-status]').innerText()).toBe('Active');
    expect(await works.innerText()).toContain('Lyon, France');
    const sleeping = rows(admin).filter({ hasText: dormant });
    expect(await sleeping.locator('[data-testid=customer-status]').innerText()).toBe('Suspended');
    const solo = rows(admin).filter({ hasText: soloName });
    expect(await solo.locator('[data-testid=customer-type]').innerText()).toBe('Individual');
    expect(await solo.innerText()).toContain(soloLogin);
    await shot(admin, '1-search-desktop');
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it('narrows by type and by status, both kept in the URL', async () => {
    await choose(admin, 'Customer type', 'Individual');
    await waitForHash(admin, /type=Individual/);
    await waitForNames(admin, [soloName]);

    await choose(admin, 'Customer type', 'Business');
    await waitForHash(admin, /type=Business/);
    await waitForNames(admin, [dormant, business]);

    await choose(admin, 'Customer status', 'Suspended');
    await waitForHash(admin, /status=Suspended/);
    await waitForNames(admin, [dormant]);
    await shot(admin, '2-filters-desktop');
    expect(await seriousViolations(admin)).toEqual([]);

    // A reload keeps the view: the state lives in the URL.
    await admin.reload();
    await waitForNames(admin, [dormant]);
    expect(await admin.getByRole('searchbox', { name: 'Search customers' }).inputValue()).toBe(suffix);

    await choose(admin, 'Customer status', 'Active');
    await waitForNames(admin, [business]);
    await choose(admin, 'Customer type', 'All types');
    await waitForNames(admin, [business, soloName]);
  });

  it('exports the filtered list, every row of it', async () => {
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.locator('[data-testid=list-export]').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path()))
      .subarray(3)
      .toString('utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Name,Type,Status,Login,E-mail,City,Country,Users');
    expect(lines.slice(1).sort()).toEqual(
      [
        `${business},Business,Active,,,Lyon,France,1`,
        `${soloName},Individual,Active,${soloLogin},solo.${suffix}@example.com,,,`,
      ].sort(),
    );
  });

  it('follows a business to the companies screen and an individual to the users screen', async () => {
    await rows(admin).filter({ hasText: business }).getByRole('link', { name: business }).click();
    await waitForHash(admin, /^#\/companies\?q=/);
    await admin.getByText(business, { exact: true }).first().waitFor();

    await admin.goBack();
    await waitForHash(admin, /^#\/customers/);
    await rows(admin).filter({ hasText: soloName }).getByRole('link', { name: soloName }).click();
    await waitForHash(admin, /^#\/users\?q=/);
    await admin.locator('.ant-table-row', { hasText: soloLogin }).waitFor();
    await shot(admin, '3-user-from-link-desktop');
  });

  it('stacks the rows on a phone, without a horizontal scroll', async () => {
    const phone = await env.newPage(PHONE, { bypassCSP: true, reducedMotion: 'reduce' });
    await submitLogin(phone, env.portal.url, 'admin', ADMIN_PASSWORD);
    await phone.locator('[data-testid=menu-toggle]').first().waitFor();
    await phone.goto(`${env.portal.url}#/customers?q=${suffix}`);
    await waitForNames(phone, [dormant, business, soloName]);
    expect(await phone.locator('[data-testid=customer-table]').getAttribute('data-layout')).toBe('stacked');
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, '4-list-phone');
    expect(await seriousViolations(phone)).toEqual([]);

    await choose(phone, 'Customer status', 'Suspended');
    await waitForNames(phone, [dormant]);
    expect(await fitsWidth(phone)).toBe(true);
    await phone.getByRole('searchbox', { name: 'Search customers' }).fill(`${suffix}-nobody`);
    await phone.getByText('No customer matches the search or filters.').waitFor();
    await shot(phone, '5-empty-phone');
    expect(await seriousViolations(phone)).toEqual([]);
    await phone.getByRole('button', { name: 'Clear the filters' }).click();
    await waitForHash(phone, /^#\/customers$/);
  });
});
