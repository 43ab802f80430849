import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/server/test/fixtures/rfa',
);

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

type TJson = Record<string, unknown>;
type TApi = {
  post: (path: string, body: object) => Promise<TJson>;
  get: (path: string) => Promise<TJson>;
  upload: (fileName: string, bytes: Buffer) => Promise<TJson>;
};

/** Calls the API as `login` (no cookies, so no CSRF header is needed). */
async function apiAs(baseUrl: string, login: string, password: string): Promise<TApi> {
  const call = async (route: string, init: RequestInit, token?: string) => {
    const response = await fetch(new URL(`api${route}`, baseUrl), {
      ...init,
      headers: {
        ...(init.headers as Record<string, string>),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
    const json = (await response.json()) as TJson;
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const json = (body: object): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const { authToken } = (await call(
    '/user/login',
    json({ username: login, password: sha512(password) }),
  )) as {
    authToken: string;
  };
  return {
    post: (route, body) => call(route, json(body), authToken),
    get: (route) => call(route, { method: 'GET' }, authToken),
    upload: (fileName, bytes) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
      return call('/family/upload', { method: 'POST', body: form }, authToken);
    },
  };
}

/** True when the page is no wider than the window (nothing hides behind a horizontal scroll). */

function cardCount(page: Page, count: number): Promise<unknown> {
  return page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid=family-card]').length === n,
    count,
    { timeout: 15_000 },
  );
}

describe('family library', () => {
  let env: TPortalUnderTest;
  const prefix = `lib${Date.now().toString(36)}`;
  const doors = `Doors ${prefix}`;
  const trusses = `Trusses ${prefix}`;
  const longName = `${prefix} extraordinarily long family name for a sliding glass door with a steel frame`;
  const partnerLogin = `e2e.partner.${prefix}`;
  const partnerPassword = 'Partner-Passw0rd!';

  beforeAll(async () => {
    env = await openPortal();
    const admin = await apiAs(env.portal.url, 'admin', ADMIN_PASSWORD);
    const { categoryInfos } = (await admin.post('/category/save', {
      categoryInfos: [{ categoryName: doors }, { categoryName: trusses }],
    })) as { categoryInfos: { categoryId: number; categoryName: string }[] };
    const idOf = (name: string) => categoryInfos.find((c) => c.categoryName === name)?.categoryId;

    const door = (await readFile(path.join(FIXTURES, 'family-2024.rfa'))).toString('base64');
    const truss = (await readFile(path.join(FIXTURES, 'family-2019.rfa'))).toString('base64');
    await admin.post('/family/save', {
      revitFamilyInfos: [
        ...['Oak door', 'Ash door', 'Birch door'].map((name) => ({
          revitFamilyName: `${prefix} ${name}`,
          revitFamilyCategoryId: idOf(doors),
          revitFamilyRating: 4,
          revitFamilyTags: ['wood'],
          revitFamilyFileName: 'family-2024.rfa',
          revitFamilyFileBase64: door,
        })),
        {
          revitFamilyName: longName,
          revitFamilyCategoryId: idOf(doors),
          revitFamilyRating: 5,
          revitFamilyTags: ['glass'],
          revitFamilyFileName: 'family-2024.rfa',
          revitFamilyFileBase64: door,
        },
        ...['Warren truss', 'Pratt truss'].map((name) => ({
          revitFamilyName: `${prefix} ${name}`,
          revitFamilyCategoryId: idOf(trusses),
          revitFamilyRating: 2,
          revitFamilyTags: ['steel'],
          revitFamilyFileName: 'family-2019.rfa',
          revitFamilyFileBase64: truss,
        })),
      ],
    });
    // One more through the streaming upload, the way the editor sends large files.
    const { upload } = (await admin.upload(
      'family-2021.rfa',
      await readFile(path.join(FIXTURES, 'family-2021.rfa')),
    )) as {
      upload: { uploadId: string };
    };
    await admin.post('/family/save', {
      revitFamilyInfos: [
        {
          revitFamilyName: `${prefix} Howe truss`,
          revitFamilyCategoryId: idOf(trusses),
          revitFamilyRating: 3,
          revitFamilyTags: ['steel'],
          revitFamilyUploadId: upload.uploadId,
        },
      ],
    });

    // A partner user whose own family waits for approval (CONTRACT 4: RfA).
    const { roleInfos } = (await admin.post('/role/find', {})) as {
      roleInfos: { roleId: number; roleName: string }[];
    };
    const partnerRole = roleInfos.find((r) => r.roleName === 'partnerrole');
    await admin.post('/user/save', {
      userInfos: [
        {
          login: partnerLogin,
          passwordHash: sha512(partnerPassword),
          firstName: 'Pia',
          lastName: 'Partner',
          email: `${partnerLogin}@example.com`,
          registrationCompleted: true,
          roles: partnerRole ? [{ roleId: partnerRole.roleId }] : [],
        },
      ],
    });
    const partner = await apiAs(env.portal.url, partnerLogin, partnerPassword);
    await partner.post('/family/save', {
      revitFamilyInfos: [
        {
          revitFamilyName: `${prefix} Requested door`,
          revitFamilyCategoryId: idOf(doors),
          revitFamilyFileName: 'family-2024.rfa',
          revitFamilyFileBase64: door,
        },
      ],
    });
  });

  afterAll(() => env?.close());

  it('finds families by search and by facet, switches to the table, and passes axe at 1366 px', async () => {
    const page = await env.newPage({ width: 1366, height: 900 });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.locator('[data-testid=menu-families]').click();
    await waitForHash(page, /^#\/families/);
    await page.locator('[data-testid=family-card]').first().waitFor();

    await page.locator('[data-testid=families-search] input').fill(prefix);
    await waitForHash(page, new RegExp(`q=${prefix}`));
    await cardCount(page, 7);
    const card = page.locator('[data-testid=family-card]', { hasText: `${prefix} Howe truss` });
    expect(await card.locator('[data-testid=family-card-line]').innerText()).toBe(`${trusses} · Revit 2021`);
    // The picture read from the file is shown, not the placeholder.
    await card.locator('img').waitFor();
    expect(
      await card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);

    const facets = page.locator('aside [data-testid=family-facets]');
    const trussFacet = facets
      .locator('[data-testid=facet-category]')
      .getByRole('checkbox', { name: new RegExp(`^${trusses}\\s*3$`) });
    // A click, not check(): the box turns checked once the URL (the state) has changed.
    await trussFacet.click();
    await waitForHash(page, /category=\d+/);
    await cardCount(page, 3);
    expect(await page.locator('[data-testid=families-results]').innerText()).not.toContain('Oak door');
    // Counts over the other filters: the versions of the trusses found.
    const versions = facets.locator('[data-testid=facet-revit]');
    await versions.getByRole('checkbox', { name: /^2019\s*2$/ }).waitFor();
    await versions.getByRole('checkbox', { name: /^2021\s*1$/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('[data-testid=families-view]').getByTitle('Table').click();
    await waitForHash(page, /view=table/);
    const rows = page.locator('[data-testid=family-table] .ant-table-tbody tr.ant-table-row');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid=family-table] .ant-table-tbody tr.ant-table-row').length ===
        3,
    );
    // Twice: ascending, then descending (the best rated first).
    const rating = page.locator('[data-testid=family-table] th', { hasText: 'Rating' });
    await rating.click();
    await waitForHash(page, /sort=revitFamilyRating(:|%3A)asc/);
    // The header takes the next click once the sorted page has arrived; a click that lands while
    // the table re-renders is lost, so it is given again (a click that counted moves the hash).
    await page.locator('[data-testid=family-table] .ant-spin-spinning').waitFor({ state: 'detached' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await rating.click();
      const sorted = await waitForHash(page, /sort=revitFamilyRating(:|%3A)desc/, 5000).then(
        () => true,
        () => false,
      );
      if (sorted) break;
    }
    await waitForHash(page, /sort=revitFamilyRating(:|%3A)desc/);
    await page.waitForFunction(
      (name) =>
        document
          .querySelector('[data-testid=family-table] .ant-table-tbody tr.ant-table-row')
          ?.textContent?.includes(name),
      `${prefix} Howe truss`,
    );
    expect(await rows.first().innerText()).toContain('2021');
    expect(await seriousViolations(page)).toEqual([]);

    // The whole view lives in the URL: a reload shows the same table.
    await page.reload();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid=family-table] .ant-table-tbody tr.ant-table-row').length ===
        3,
    );
    expect(await page.locator('[data-testid=families-search] input').inputValue()).toBe(prefix);
  });

  it('on a phone (390 px) keeps the facets in a drawer, cuts long names, and passes axe', async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    await submitLogin(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.locator('[data-testid=menu-toggle]').first().waitFor();
    await page.goto(`${env.portal.url}#/families?q=${prefix}`);
    await cardCount(page, 7);
    expect(await fitsWidth(page)).toBe(true);
    expect(await page.locator('aside [data-testid=family-facets]').count()).toBe(0);

    const name = page.locator('[data-testid=family-card-name]', { hasText: longName.slice(0, 30) });
    expect(await name.getAttribute('title')).toBe(longName);
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

    await page.locator('[data-testid=families-filters-open]').click();
    const drawer = page.locator('.ant-drawer [data-testid=family-facets]');
    await drawer.waitFor();
    await drawer
      .locator('[data-testid=facet-revit]')
      .getByRole('checkbox', { name: /^2024\s*4$/ })
      .click();
    await waitForHash(page, /revit=2024/);
    await page.locator('[data-testid=families-filters-done]').click();
    await drawer.waitFor({ state: 'hidden' });
    await cardCount(page, 4);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('[data-testid=families-view]').getByTitle('Table').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=list-row]').length === 4);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a partner their request with its status, and the admin the pending count', async () => {
    const partner = await env.newPage({ width: 1366, height: 900 });
    await signIn(partner, env.portal.url, partnerLogin, partnerPassword);
    await partner.goto(`${env.portal.url}#/families?q=${prefix}`);
    await partner.locator('[data-testid=family-card]').first().waitFor();
    await partner.locator('[data-testid=families-scope-mine]').click();
    await waitForHash(partner, /scope=mine/);
    const request = partner.locator('[data-testid=family-card]', { hasText: `${prefix} Requested door` });
    await request.waitFor();
    expect(await request.locator('[data-testid=family-status]').innerText()).toBe('Awaiting approval');
    await cardCount(partner, 1);
    expect(await seriousViolations(partner)).toEqual([]);

    const admin = await env.newPage({ width: 1366, height: 900 });
    await signIn(admin, env.portal.url, 'admin', ADMIN_PASSWORD);
    const badge = admin.locator('[data-testid=menu-approvals] [data-testid=menu-pending-count]');
    await badge.waitFor();
    expect(await badge.innerText()).toContain('1');
    expect(await badge.locator('.sr-only').innerText()).toBe('1 waiting for approval');
  });
});
