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

const shot = shotsOf('home');

/** The home page's texts of one language, as the portal ships them. */
function homeTexts(language: string): Record<string, string> {
  const tree = JSON.parse(readFileSync(path.join(LOCALES, language, 'translation.json'), 'utf8')) as {
    home: Record<string, string>;
  };
  return tree.home;
}

/** The h2 of every card on the page, in order. */
function cardTitles(page: Page): Promise<string[]> {
  return page.locator('[data-testid=home-sections] h2').allInnerTexts();
}

describe('home pages that fit the role', () => {
  let env: TPortalUnderTest;
  const suffix = Date.now().toString(36);
  const prefix = `Home ${suffix}`;
  const password = 'Home-Passw0rd!';
  const partnerLogin = `home_partner_${suffix}`;
  const readerLogin = `home_reader_${suffix}`;
  const waitingLogin = `home_waiting_${suffix}`;
  const licenceCode = `HOME-${suffix}`;
  const doors = `${prefix} Doors`;
  const windows = `${prefix} Windows`;

  beforeAll(async () => {
    env = await openPortal();
    const url = env.portal.url;
    const admin = await postAs(url, 'admin', ADMIN_PASSWORD);
    const companyId = await licensedCompany(admin, `${prefix} Builders`, licenceCode, 10);
    const { categoryInfos } = (await admin('/category/save', {
      categoryInfos: [{ categoryName: doors }, { categoryName: windows }],
    })) as { categoryInfos: { categoryId: number; categoryName: string }[] };
    const categoryOf = (name: string) => categoryInfos.find((c) => c.categoryName === name)!.categoryId;
    const person = await peopleOf(admin, password);
    await admin('/user/save', {
      userInfos: [
        person(partnerLogin, 'partnerrole', { company: { companyId } }),
        person(readerLogin, 'userrole'),
        person(waitingLogin, 'userrole', { firstName: 'Hana', lastName: 'Waiting', active: false }),
      ],
    });

    const file = (await readFile(path.join(FIXTURES, 'family-2024.rfa'))).toString('base64');
    const familyOf = (name: string, category: string, extra: object = {}) => ({
      revitFamilyName: `${prefix} ${name}`,
      revitFamilyCategoryId: categoryOf(category),
      revitFamilyFileName: 'family-2024.rfa',
      revitFamilyFileBase64: file,
      ...extra,
    });
    // One at a time, so their creation times (the order of "recently added") differ.
    await admin('/family/save', { revitFamilyInfos: [familyOf('Oak door', doors, { companyId })] });
    await admin('/family/save', { revitFamilyInfos: [familyOf('Bay window', windows)] });
    const partner = await postAs(url, partnerLogin, password);
    await partner('/family/save', { revitFamilyInfos: [familyOf('Requested door', doors)] });
  }, 120_000);

  afterAll(() => env?.close());

  it('gives an end user search, categories and recently added families, never a pending one', async () => {
    const page = await env.newPage(DESKTOP);
    await signIn(page, env.portal.url, readerLogin, password);
    await page.locator('[data-testid=home-search]').waitFor();
    const categories = page.locator('[data-testid=home-categories]');
    const doorCard = categories.locator('[data-testid=home-category]', { hasText: doors });
    await doorCard.waitFor();
    expect(await cardTitles(page)).toEqual(['Find a family', 'Categories', 'Recently added']);
    const recent = page.locator('[data-testid=home-recent-families] [data-testid=home-family]');
    await recent.first().waitFor();
    expect(await recent.allInnerTexts()).toEqual([
      expect.stringContaining(`${prefix} Bay window`),
      expect.stringContaining(`${prefix} Oak door`),
    ]);
    expect(await page.getByText(`${prefix} Requested door`).count()).toBe(0);
    expect(await page.locator('[data-testid=home-upload]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'end-user-1366');

    await recent.first().click();
    await waitForHash(page, /^#\/families\/\d+$/);
    await page.goBack();
    await doorCard.click();
    await waitForHash(page, /^#\/families\?category=\d+$/);
    await page.goBack();
    const search = page.locator('[data-testid=home-search]').getByRole('searchbox');
    await search.fill('oak');
    await search.press('Enter');
    await waitForHash(page, /^#\/families\?q=oak/);

    await page.setViewportSize(PHONE);
    await page.goto(`${env.portal.url}#/`);
    await page.locator('[data-testid=home-recent-families] [data-testid=home-family]').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'end-user-390');
  });

  it('gives a partner their company families, their open requests and an upload button', async () => {
    const page = await env.newPage(DESKTOP);
    await signIn(page, env.portal.url, partnerLogin, password);
    const families = page.locator('[data-testid=home-company-families]');
    await families.getByText(`${prefix} Oak door`).waitFor();
    expect(await families.locator('[data-testid=home-count]').innerText()).toBe('1');
    const requests = page.locator('[data-testid=home-open-requests]');
    await requests.getByText(`${prefix} Requested door`).waitFor();
    expect(await requests.locator('[data-testid=home-count]').innerText()).toBe('1');
    expect(await cardTitles(page)).toEqual(["Your company's families", 'Your open requests']);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'partner-1366');

    await requests.locator('[data-testid=home-decided-link]').click();
    await waitForHash(page, /^#\/approvals\?view=decided/);
    await page.goBack();
    await page.locator('[data-testid=home-upload]').click();
    await waitForHash(page, /^#\/families\/new$/);

    await page.setViewportSize(PHONE);
    await page.goto(`${env.portal.url}#/`);
    await page.locator('[data-testid=home-open-requests] [data-testid=home-item]').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'partner-390');
  });

  it('gives an admin the pending approvals, users waiting, licences ending and recent uploads', async () => {
    const page = await env.newPage(DESKTOP);
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    const pending = page.locator('[data-testid=home-pending-approvals]');
    await pending.getByText(`${prefix} Requested door`).waitFor();
    expect(await pending.locator('[data-testid=home-count]').innerText()).toBe('1');
    const users = page.locator('[data-testid=home-waiting-users]');
    await users.getByRole('link', { name: 'Hana Waiting' }).waitFor();
    expect(await users.innerText()).toContain(waitingLogin);
    expect(await users.locator('[data-testid=home-count]').innerText()).toBe('1');
    const licences = page.locator('[data-testid=home-expiring-licences]');
    await licences.getByText(licenceCode).waitFor();
    expect(await licences.innerText()).toMatch(/days left: (9|10)\b/);
    const uploads = page.locator('[data-testid=home-recent-uploads]');
    const requested = uploads.locator('[data-testid=home-family]', { hasText: `${prefix} Requested door` });
    await requested.getByText('Awaiting approval').waitFor();
    expect(await uploads.locator('[data-testid=home-count]').innerText()).toBe('3');
    expect(await cardTitles(page)).toEqual([
      'Pending approvals',
      'Users waiting for approval',
      'Licences about to expire',
      'Recent uploads',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-1366');

    await users.locator('[data-testid=home-waiting-users-link]').click();
    await waitForHash(page, /^#\/users\?active=false/);
    await page.goBack();
    await pending.locator('[data-testid=home-pending-link]').click();
    await waitForHash(page, /^#\/approvals$/);

    await page.setViewportSize(PHONE);
    await page.goto(`${env.portal.url}#/`);
    await page.locator('[data-testid=home-recent-uploads] [data-testid=home-family]').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'admin-390');
  });

  it('reads in all six languages with no serious axe finding', async () => {
    const page = await env.newPage(DESKTOP);
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    for (const language of LANGUAGES) {
      const texts = homeTexts(language);
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      await page.reload();
      await page.locator('[data-testid=home-recent-uploads] [data-testid=home-family]').first().waitFor();
      expect(await cardTitles(page), language).toEqual([
        texts.pendingTitle,
        texts.waitingUsersTitle,
        texts.licencesTitle,
        texts.uploadsTitle,
      ]);
      const body = await page.locator('main').innerText();
      expect(body, language).not.toMatch(/\bhome\.[a-zA-Z]+/);
      expect(await seriousViolations(page), language).toEqual([]);
      await shot(page, `admin-${language}`);
    }
  });
});
