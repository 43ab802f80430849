import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerCompany, postAs } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import {
  ADMIN_PASSWORD,
  openPortal,
  signIn,
  submitLogin,
  type TPortalUnderTest,
  waitForHash,
} from '../support/browser.ts';
import { fitsWidth, settled } from '../support/layout.ts';
import { shotsOf } from '../support/shots.ts';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/server/test/fixtures/rfa',
);
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const shot = shotsOf('families');

function cardCount(page: Page, count: number): Promise<unknown> {
  return page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid=family-card]').length === n,
    count,
    { timeout: 15_000 },
  );
}

/** The count a library tab shows, once it shows one. */
async function tabCount(page: Page, scope: string): Promise<number> {
  const tab = page.locator(`[data-testid=families-scope-${scope}]`);
  await page.waitForFunction(
    (selector) => document.querySelector(selector)?.hasAttribute('data-count') === true,
    `[data-testid=families-scope-${scope}]`,
    { timeout: 15_000 },
  );
  return Number(await tab.getAttribute('data-count'));
}

/** Moves within the portal without loading the page again: what was cached stays cached. */
async function goInApp(page: Page, hash: string): Promise<void> {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, hash);
  await waitForHash(page, new RegExp(`^${hash.replace(/[?]/g, '\\$&')}$`));
}

/** Whether two boxes on the screen overlap. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!one || !two) return false;
  return (
    one.x < two.x + two.width &&
    two.x < one.x + one.width &&
    one.y < two.y + two.height &&
    two.y < one.y + one.height
  );
}

/** Fails with the primary buttons a shown toast covers. */
async function expectToastClear(page: Page): Promise<void> {
  const toast = page.locator('[data-testid=toast]').first();
  await toast.waitFor();
  await settled(page);
  const buttons = page.locator('.ant-btn-primary:visible');
  const covered: string[] = [];
  for (let i = 0; i < (await buttons.count()); i += 1) {
    const button = buttons.nth(i);
    if (await overlaps(toast, button)) covered.push(await button.innerText());
  }
  expect(covered).toEqual([]);
}

describe('family library: tabs after an upload, Back, and the look at 1366 and 390 px', () => {
  let env: TPortalUnderTest;
  const stamp = Date.now().toString(36);
  const prefix = `back${stamp}`;
  const partnerLogin = `e2e.back.${stamp}`;
  const password = 'Partner-Passw0rd!';
  const doors = `Doors ${prefix}`;
  const windows = `Windows ${prefix}`;

  beforeAll(async () => {
    env = await openPortal();
    const admin = await postAs(env.portal.url, 'admin', ADMIN_PASSWORD);
    await partnerCompany(
      admin,
      { name: `Back builders ${stamp}`, licenseCode: `BACK-${stamp}` },
      { login: partnerLogin, password },
    );
    const { categoryInfos } = (await admin('/category/save', {
      categoryInfos: [{ categoryName: doors }, { categoryName: windows }],
    })) as { categoryInfos: { categoryId: number; categoryName: string }[] };
    const idOf = (name: string) => categoryInfos.find((c) => c.categoryName === name)?.categoryId;
    const file = (await readFile(path.join(FIXTURES, 'family-2024.rfa'))).toString('base64');
    await admin('/family/save', {
      revitFamilyInfos: [
        ...['Oak', 'Ash', 'Birch'].map((name) => ({
          revitFamilyName: `${prefix} ${name} door`,
          revitFamilyCategoryId: idOf(doors),
          revitFamilyRating: 4,
          revitFamilyFileName: 'family-2024.rfa',
          revitFamilyFileBase64: file,
        })),
        ...['Sash', 'Bay'].map((name) => ({
          revitFamilyName: `${prefix} ${name} window with an extraordinarily long name that does not fit`,
          revitFamilyCategoryId: idOf(windows),
          revitFamilyRating: 3,
          revitFamilyFileName: 'family-2024.rfa',
          revitFamilyFileBase64: file,
        })),
      ],
    });
  });

  afterAll(() => env?.close());

  /** A phone keeps the menu in a drawer: signed in once its toggle shows. */
  async function signInOnPhone(page: Page, login: string, secret: string): Promise<void> {
    await submitLogin(page, env.portal.url, login, secret);
    await page.locator('[data-testid=menu-toggle]').first().waitFor();
  }

  it("shows a partner's upload in their tabs with counts right after the save, toasts clear of the buttons", async () => {
    const page = await env.newPage(DESKTOP);
    await signIn(page, env.portal.url, partnerLogin, password);
    await page.goto(`${env.portal.url}#/families/new`);
    await page
      .locator('input[type=file][accept=".rfa"]')
      .setInputFiles(path.join(FIXTURES, 'family-2022.rfa'));
    await page.locator('[data-testid=rfa-file]').waitFor({ timeout: 30_000 });
    await page
      .locator('[data-testid=family-form]')
      .getByLabel('Name', { exact: true })
      .fill(`${prefix} Partner door`);
    await page.locator('[data-testid=family-save]').click();
    await waitForHash(page, /^#\/families\/\d+$/);
    await expectToastClear(page);

    await goInApp(page, '#/families');
    // Nothing of the partner's is published yet: the library says where their request is.
    expect(await tabCount(page, 'mine')).toBe(1);
    expect(await tabCount(page, 'company')).toBe(1);
    expect(await tabCount(page, 'all')).toBe(0);
    expect(await page.locator('[data-testid=list-empty]').innerText()).toContain(
      'Those waiting for approval are under the other tabs.',
    );
    await page.locator('[data-testid=families-scope-mine]').click();
    await waitForHash(page, /scope=mine/);
    await page.locator('[data-testid=family-card]', { hasText: `${prefix} Partner door` }).waitFor();
    await shot(page, 'library-partner-requests');
    expect(await seriousViolations(page, undefined, { targetSize: true })).toEqual([]);

    // A second upload on a phone: the counts follow at once, and the toast leaves the buttons free.
    const phone = await env.newPage(PHONE);
    await signInOnPhone(phone, partnerLogin, password);
    await phone.goto(`${env.portal.url}#/families?scope=company`);
    expect(await tabCount(phone, 'company')).toBe(1);
    await phone.locator('[data-testid=family-create]').click();
    await phone
      .locator('input[type=file][accept=".rfa"]')
      .setInputFiles(path.join(FIXTURES, 'family-2021.rfa'));
    await phone.locator('[data-testid=rfa-file]').waitFor({ timeout: 30_000 });
    await phone
      .locator('[data-testid=family-form]')
      .getByLabel('Name', { exact: true })
      .fill(`${prefix} Partner window`);
    await phone.locator('[data-testid=family-save]').click();
    await waitForHash(phone, /^#\/families\/\d+$/);
    await expectToastClear(phone);
    await goInApp(phone, '#/families');
    await phone.locator('[data-testid=families-scope-company]').click();
    await waitForHash(phone, /^#\/families\?scope=company$/);
    await cardCount(phone, 2);
    expect(await tabCount(phone, 'company')).toBe(2);
    expect(await tabCount(phone, 'mine')).toBe(2);
    expect(await fitsWidth(phone)).toBe(true);
    expect(await seriousViolations(phone, undefined, { targetSize: true })).toEqual([]);
  });

  it('undoes the last filter with Back: a facet, a typed search, the view, a sort', async () => {
    const page = await env.newPage(DESKTOP);
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.locator('[data-testid=menu-families]').click();
    await waitForHash(page, /^#\/families$/);
    await page.locator('[data-testid=family-card]').first().waitFor();

    const search = page.locator('[data-testid=families-search] input');
    // Typed with pauses longer than the search's: still one step back.
    await search.pressSequentially(prefix.slice(0, 4), { delay: 20 });
    await waitForHash(page, new RegExp(`q=${prefix.slice(0, 4)}(&|$)`));
    await search.pressSequentially(prefix.slice(4), { delay: 20 });
    await waitForHash(page, new RegExp(`q=${prefix}(&|$)`));
    await search.press('Enter');
    await cardCount(page, 5);

    const facets = page.locator('aside [data-testid=family-facets]');
    await facets
      .locator('[data-testid=facet-category]')
      .getByRole('checkbox', { name: new RegExp(`^${doors}\\s*3$`) })
      .click();
    await waitForHash(page, /category=\d+/);
    await cardCount(page, 3);

    await page.locator('[data-testid=families-view]').getByTitle('Table').click();
    await waitForHash(page, /view=table/);
    const rows = '[data-testid=family-table] .ant-table-tbody tr.ant-table-row';
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 3, rows);
    await page.locator('[data-testid=family-table] th', { hasText: 'Rating' }).click();
    await waitForHash(page, /sort=revitFamilyRating/);
    await shot(page, 'library-table-1366');
    expect(await seriousViolations(page, undefined, { targetSize: true })).toEqual([]);

    await page.goBack();
    await waitForHash(page, /^#\/families\?q=[^&]+&category=\d+&view=table$/);
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 3, rows);
    await page.goBack();
    await waitForHash(page, /^#\/families\?q=[^&]+&category=\d+$/);
    await cardCount(page, 3);
    await page.goBack();
    await waitForHash(page, new RegExp(`^#/families\\?q=${prefix}$`));
    await cardCount(page, 5);
    await expect.poll(() => search.inputValue()).toBe(prefix);
    // The whole typed search was one step: Back leaves it, and the next Back leaves the library.
    await page.goBack();
    await waitForHash(page, /^#\/families$/);
    await expect.poll(() => search.inputValue()).toBe('');
    await page.goBack();
    await page.waitForFunction(() => !/^#\/families/.test(window.location.hash));
  });

  it('keeps long names inside the Name column and tap targets at 24 px on a phone', async () => {
    const page = await env.newPage(DESKTOP);
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${env.portal.url}#/families?q=${prefix}&view=table`);
    const rows = '[data-testid=family-table] .ant-table-tbody tr.ant-table-row';
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 5, rows);
    // Every name cell's content ends inside its cell: the name is cut, with the whole of it as a title.
    const spill = async () =>
      page.evaluate((selector) => {
        return [...document.querySelectorAll(selector)].flatMap((row) => {
          const cell = row.querySelector('td:not(.ant-table-selection-column)');
          const link = cell?.querySelector('[data-testid=family-row-name]');
          if (!cell || !link) return ['no name cell'];
          return link.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5
            ? [link.textContent ?? '']
            : [];
        });
      }, rows);
    expect(await spill()).toEqual([]);
    // The narrowest window with the table beside the facets.
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 5, rows);
    await settled(page);
    await shot(page, 'library-table-1024');
    expect(await spill()).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    const long = page.locator('[data-testid=family-row-name]', { hasText: 'Sash window' });
    expect(await long.getAttribute('title')).toContain('extraordinarily long name');

    const phone = await env.newPage(PHONE);
    await signInOnPhone(phone, 'admin', ADMIN_PASSWORD);
    await phone.goto(`${env.portal.url}#/families?q=${prefix}`);
    // A phone draws the cards in sight only: the total says all five were found.
    await phone.getByText('Families found: 5', { exact: true }).waitFor();
    await phone.locator('[data-testid=family-card]').first().waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, 'library-gallery-390');
    expect(await seriousViolations(phone, undefined, { targetSize: true })).toEqual([]);

    // The menu drawer and the account menu over the library.
    await phone.locator('[data-testid=menu-toggle]').first().click();
    await phone.locator('.ant-drawer [data-testid=side-menu]').waitFor();
    expect(await seriousViolations(phone, undefined, { targetSize: true })).toEqual([]);
    await phone.keyboard.press('Escape');
    await phone.locator('.ant-drawer [data-testid=side-menu]').waitFor({ state: 'hidden' });
    await phone.locator('[data-testid=user-menu]').click();
    await phone.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    expect(await seriousViolations(phone, undefined, { targetSize: true })).toEqual([]);
    await phone.keyboard.press('Escape');

    await phone.locator('[data-testid=family-card-name]').first().click();
    await waitForHash(phone, /^#\/families\/\d+$/);
    await phone.getByRole('heading', { level: 1 }).waitFor();
    await shot(phone, 'family-page-390');
    expect(await seriousViolations(phone, undefined, { targetSize: true })).toEqual([]);
  });
});
