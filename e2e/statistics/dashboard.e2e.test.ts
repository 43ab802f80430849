import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licensedCompany, peopleOf, postAs } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import {
  ADMIN_PASSWORD,
  openPortal,
  signIn,
  type TPortalUnderTest,
  waitForHash,
} from '../support/browser.ts';
import { fitsWidth } from '../support/layout.ts';
import { shotsOf } from '../support/shots.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(HERE, '../../packages/server/test/fixtures/rfa');
const LOCALES = path.resolve(HERE, '../../packages/web/src/locales');
const LANGUAGES = ['en', 'de', 'fr', 'es', 'ja', 'zh'] as const;
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const shot = shotsOf('statistics');

type TTexts = {
  menu: { statistics: string };
  statistics: { figures: Record<string, string>; topFamilies: string; presets: Record<string, string> };
};

/** The texts of one language, as the portal ships them. */
function textsOf(language: string): TTexts {
  return JSON.parse(readFileSync(path.join(LOCALES, language, 'translation.json'), 'utf8')) as TTexts;
}

/** Signs in through the API and answers the bearer token, for downloads (a GET the poster does not make). */
async function tokenOf(baseUrl: string, login: string, password: string): Promise<string> {
  const response = await fetch(new URL('api/user/login', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: login, password: createHash('sha512').update(password).digest('hex') }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { authToken: string }).authToken;
}

/** Downloads a family's file as the token's holder: the portal counts it for the statistics. */
async function download(baseUrl: string, token: string, familyId: number): Promise<void> {
  const response = await fetch(new URL(`api/family/download/content/${familyId}`, baseUrl), {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

/** The big number of a headline figure. */
function figure(page: Page, key: string) {
  return page.locator(`[data-testid=statistics-figure-${key}] [data-testid=statistics-figure-value]`);
}

/** Picks a preset of the period select by its label. */
async function choosePreset(page: Page, label: string): Promise<void> {
  const preset = page.locator('[data-testid=statistics-preset]');
  await preset.click();
  await page.locator('.ant-select-item-option', { hasText: label }).click();
  // The period is chosen once the field shows it (a click during the list's opening can miss).
  await expect.poll(() => preset.innerText(), { timeout: 60_000 }).toContain(label);
}

describe('the statistics dashboard', () => {
  let env: TPortalUnderTest;
  const suffix = Date.now().toString(36);
  const prefix = `Stats ${suffix}`;
  const password = 'Stats-Passw0rd!';
  const partnerLogin = `stats_partner_${suffix}`;
  const readerLogin = `stats_reader_${suffix}`;
  const companyName = `${prefix} Builders`;
  const oakDoor = `${prefix} Oak door`;
  const bayWindow = `${prefix} Bay window`;

  beforeAll(async () => {
    env = await openPortal();
    const url = env.portal.url;
    const admin = await postAs(url, 'admin', ADMIN_PASSWORD);
    const companyId = await licensedCompany(admin, companyName, `STATS-${suffix}`, 90);
    const { categoryInfos } = (await admin('/category/save', {
      categoryInfos: [{ categoryName: `${prefix} Doors` }, { categoryName: `${prefix} Windows` }],
    })) as { categoryInfos: { categoryId: number }[] };
    const person = await peopleOf(admin, password);
    await admin('/user/save', {
      userInfos: [
        person(partnerLogin, 'partnerrole', { company: { companyId } }),
        person(readerLogin, 'userrole'),
      ],
    });
    const file = (await readFile(path.join(FIXTURES, 'family-2024.rfa'))).toString('base64');
    const { revitFamilyInfos } = (await admin('/family/save', {
      revitFamilyInfos: [oakDoor, bayWindow].map((name, index) => ({
        revitFamilyName: name,
        revitFamilyCategoryId: categoryInfos[index]!.categoryId,
        revitFamilyFileName: 'family-2024.rfa',
        revitFamilyFileBase64: file,
        companyId,
      })),
    })) as { revitFamilyInfos: { revitFamilyId: number; revitFamilyName: string }[] };
    const idOf = (name: string) => revitFamilyInfos.find((f) => f.revitFamilyName === name)!.revitFamilyId;

    // Both families belong to the partner's company. Oak door: once by the admin, twice by the
    // partner; bay window: once by the partner.
    const adminToken = await tokenOf(url, 'admin', ADMIN_PASSWORD);
    const partnerToken = await tokenOf(url, partnerLogin, password);
    await download(url, adminToken, idOf(oakDoor));
    await download(url, partnerToken, idOf(oakDoor));
    await download(url, partnerToken, idOf(oakDoor));
    await download(url, partnerToken, idOf(bayWindow));
  }, 120_000);

  afterAll(() => env?.close());

  it("shows an admin this month's figures and charts on the home page, and other figures for another period", async () => {
    const page = await env.newPage(DESKTOP);
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    const dashboard = page.locator('[data-testid=home-statistics]');
    await dashboard.locator('[data-testid=statistics-figures]').waitFor();
    expect(await figure(page, 'downloads').innerText()).toBe('4');
    // Three API sign-ins and this one, all today.
    expect(Number(await figure(page, 'signIns').innerText())).toBeGreaterThanOrEqual(4);
    expect(await figure(page, 'licencesExpiringSoon').innerText()).toBe('0');

    const families = dashboard.locator(
      '[data-testid=statistics-top-families] [data-testid=statistics-ranking-row]',
    );
    expect(await families.allInnerTexts()).toEqual([
      expect.stringMatching(new RegExp(`^${oakDoor}\\s+3$`)),
      expect.stringMatching(new RegExp(`^${bayWindow}\\s+1$`)),
    ]);
    const categories = dashboard.locator(
      '[data-testid=statistics-top-categories] [data-testid=statistics-ranking-row]',
    );
    expect(await categories.first().innerText()).toMatch(new RegExp(`^${prefix} Doors\\s+3$`));
    const companies = dashboard.locator(
      '[data-testid=statistics-downloads-by-company] [data-testid=statistics-ranking-row]',
    );
    // By the downloaders' companies: the partner's, then the admin's own.
    expect(await companies.allInnerTexts()).toEqual([
      expect.stringMatching(new RegExp(`^${companyName}\\s+3$`)),
      expect.stringMatching(/\s1$/),
    ]);

    // The line chart is drawn on a canvas as wide as its card, its figures in a table for screen readers.
    const canvas = dashboard.locator('[data-testid=statistics-daily-plot] canvas');
    await canvas.waitFor();
    const plotBox = await dashboard.locator('[data-testid=statistics-daily-plot]').boundingBox();
    expect((await canvas.boundingBox())!.width).toBeGreaterThan(plotBox!.width - 2);
    const tableRows = dashboard.locator('[data-testid=statistics-daily-table] tbody tr');
    expect(await tableRows.count()).toBe(30);
    expect(await tableRows.last().locator('td').last().innerText()).toBe('4');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'home-admin-1366');

    await choosePreset(page, 'Last month');
    await page.waitForFunction(
      () =>
        document.querySelector(
          '[data-testid=statistics-figure-downloads] [data-testid=statistics-figure-value]',
        )?.textContent === '0',
      undefined,
      // A bound for a hang on a loaded machine, not a timing.
      { timeout: 60_000 },
    );
    await dashboard.locator('[data-testid=statistics-empty]').waitFor();
    await choosePreset(page, 'Last 7 days');
    await page.waitForFunction(
      () =>
        document.querySelector(
          '[data-testid=statistics-figure-downloads] [data-testid=statistics-figure-value]',
        )?.textContent === '4',
    );
    expect(await tableRows.count()).toBe(7);

    await dashboard.locator('[data-testid=statistics-link-pendingApprovals]').click();
    await waitForHash(page, /^#\/approvals$/);
    await page.goBack();
    await dashboard.locator('[data-testid=home-statistics-link]').click();
    await waitForHash(page, /^#\/statistics$/);
    await page.locator('[data-testid=statistics-figures]').waitFor();
  });

  it('exports a chart as a CSV file', async () => {
    const page = await env.newPage(DESKTOP, { acceptDownloads: true });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${env.portal.url}#/statistics`);
    const families = page.locator('[data-testid=statistics-top-families]');
    await families.locator('[data-testid=statistics-ranking-row]').first().waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      families.locator('[data-testid=statistics-export]').click(),
    ]);
    expect(file.suggestedFilename()).toMatch(
      /^statistics-top-families-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    expect(text.trimEnd().split('\r\n')).toEqual([
      'Rank,Name,Downloads',
      `1,${oakDoor},3`,
      `2,${bayWindow},1`,
    ]);
  });

  it("shows a partner the downloads of their own company's families", async () => {
    const page = await env.newPage(DESKTOP);
    await signIn(page, env.portal.url, partnerLogin, password);
    await page.locator('[data-testid=menu-statistics]').click();
    await waitForHash(page, /^#\/statistics$/);
    await page.locator('[data-testid=statistics-figures]').waitFor();
    expect(await figure(page, 'downloads').innerText()).toBe('4');
    const families = page.locator(
      '[data-testid=statistics-top-families] [data-testid=statistics-ranking-row]',
    );
    expect(await families.count()).toBe(2);
    expect(await page.locator('[data-testid=statistics-company]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps the menu entry and the page from an end user', async () => {
    const page = await env.newPage(DESKTOP);
    await signIn(page, env.portal.url, readerLogin, password);
    expect(await page.locator('[data-testid=menu-statistics]').count()).toBe(0);
    expect(await page.locator('[data-testid=home-statistics]').count()).toBe(0);
    await page.goto(`${env.portal.url}#/statistics`);
    await page.locator('[data-testid=statistics-forbidden]').waitFor();
    expect(await page.locator('[data-testid=statistics-dashboard]').count()).toBe(0);
  });

  it('fits a 390 px window, charts included', async () => {
    const page = await env.newPage(DESKTOP);
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.setViewportSize(PHONE);
    await page.goto(`${env.portal.url}#/statistics`);
    await page.locator('[data-testid=statistics-daily-plot] canvas').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    // The chart takes its card's width once the layout has settled (it follows its container).
    const canvas = page.locator('[data-testid=statistics-daily-plot] canvas');
    await expect
      .poll(async () => (await canvas.boundingBox().catch(() => null))?.width ?? Infinity, {
        timeout: 10_000,
      })
      .toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'statistics-390');
  });

  it('reads in all six languages with no serious axe finding', async () => {
    const page = await env.newPage(DESKTOP);
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${env.portal.url}#/statistics`);
    for (const language of LANGUAGES) {
      const texts = textsOf(language);
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      await page.reload();
      await page
        .locator('[data-testid=statistics-top-families] [data-testid=statistics-ranking-row]')
        .first()
        .waitFor();
      expect(await page.locator('h1').innerText(), language).toBe(texts.menu.statistics);
      expect(await page.locator('[data-testid=statistics-figure-downloads]').innerText(), language).toContain(
        texts.statistics.figures.downloads,
      );
      expect(await page.locator('[data-testid=statistics-top-families] h2').innerText(), language).toBe(
        texts.statistics.topFamilies,
      );
      const body = await page.locator('main').innerText();
      expect(body, language).not.toMatch(/\bstatistics\.[a-zA-Z]+/);
      expect(await seriousViolations(page), language).toEqual([]);
      await shot(page, `statistics-${language}`);
    }
  }, 240_000);
});
