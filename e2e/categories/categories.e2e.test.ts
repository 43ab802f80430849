import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import {
  ADMIN_PASSWORD,
  confirmDelete,
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

const shot = shotsOf('categories');

/** True once the image has loaded and decoded (a broken one has no natural width). */
function pictureLoaded(img: Locator): Promise<boolean> {
  return img.evaluate(async (element: HTMLImageElement) => {
    await element.decode().catch(() => undefined);
    return element.complete && element.naturalWidth > 0;
  });
}

/** Creates categories through the API as admin. */
async function createCategories(baseUrl: string, names: string[]): Promise<void> {
  const post = await postAs(baseUrl, 'admin', ADMIN_PASSWORD);
  await post('/category/save', { categoryInfos: names.map((categoryName) => ({ categoryName })) });
}

describe('managing categories', () => {
  let env: TPortalUnderTest;
  let page: Page;
  const suffix = Date.now().toString(36);
  const name = `Doors ${suffix}`;
  const renamed = `Doors and gates ${suffix}`;
  // A second category, without a picture: its card shows the placeholder.
  const plain = `Windows ${suffix}`;
  const saves: string[] = [];

  beforeAll(async () => {
    env = await openPortal();
    await createCategories(env.portal.url, [plain]);
    // axe is injected as a script, which the portal's CSP would refuse.
    page = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce' });
    page.on('request', (request) => {
      if (request.url().endsWith('/api/category/save')) saves.push(request.postData() ?? '');
    });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
  });

  afterAll(() => env?.close());

  const card = () => page.locator('[data-testid=category-card]', { hasText: name });
  const row = (text: string) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });

  it('creates a category with a picture dropped on the form', async () => {
    await page.locator('[data-testid=side-menu]').getByText('Categories', { exact: true }).click();
    await waitForHash(page, /^#\/categories/);
    await page.locator('[data-testid=category-create]').click();
    const form = page.locator('[data-testid=category-form]');
    await form.waitFor();

    await page.locator('[data-testid=category-form-save]').click();
    await form.getByText('Category name is required', { exact: true }).waitFor();

    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('Single and double doors, with their frames.');
    await form.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await form.getByText('This file is not a picture. Choose a PNG, JPEG, GIF or WebP image.').waitFor();

    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7bd5' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="640" height="480"><rect x="220" y="90" width="200" height="320" fill="#f5d76e"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'doors.png', mimeType: 'image/png', buffer: png });
    const preview = form.locator('[data-testid=category-picture-preview]');
    await preview.waitFor();
    expect(await pictureLoaded(preview)).toBe(true);
    await form.getByText('This file is not a picture', { exact: false }).waitFor({ state: 'detached' });
    // The pointer still rests on Create from the first try; antd's lighter hover blue is measured otherwise.
    await page.mouse.move(1, 1);
    await shot(page, '1-form-desktop');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);

    await page.locator('[data-testid=category-form-save]').click();
    await waitForToast(page, 'The category has been created.');
    await form.waitFor({ state: 'hidden' });
    expect(saves).toHaveLength(1);
  });

  it('shows it in the grid with its thumbnail and family count', async () => {
    await page.locator('[data-testid=category-search] input').fill(suffix);
    await waitForHash(page, new RegExp(`q=${suffix}`));
    await card().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=category-card]').length === 2);
    const plainCard = page.locator('[data-testid=category-card]', { hasText: plain });
    await plainCard.locator('[data-testid=category-placeholder]').waitFor();
    expect(await plainCard.locator('img').count()).toBe(0);
    expect(await card().innerText()).toContain('Families: 0');
    await card().locator('[data-testid=category-thumbnail] img').waitFor();
    expect(await pictureLoaded(card().locator('img').first())).toBe(true);
    await shot(page, '2-grid-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows it in the table, the view kept in the URL', async () => {
    await page.getByText('Table', { exact: true }).click();
    await waitForHash(page, /view=table/);
    expect(page.url()).toContain(`q=${suffix}`);
    await row(name).waitFor();
    expect(await row(name).innerText()).toContain('Active');
    expect(await pictureLoaded(row(name).locator('img').first())).toBe(true);
    await page.reload();
    await row(name).waitFor();
    await shot(page, '3-table-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('edits it: an unchanged save sends nothing; a new name and inactive are saved', async () => {
    await row(name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const form = page.locator('[data-testid=category-form]');
    await form.waitFor();
    expect(await form.getByLabel('Name').inputValue()).toBe(name);
    await form.locator('[data-testid=category-picture-preview]').waitFor();
    await page.locator('[data-testid=category-form-save]').click();
    await waitForToast(page, 'Nothing was changed, so nothing was saved.');
    await form.waitFor({ state: 'hidden' });
    expect(saves).toHaveLength(1);

    await row(name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    await form.waitFor();
    await form.getByLabel('Name').fill(renamed);
    await form.getByRole('switch').click();
    await page.locator('[data-testid=category-form-save]').click();
    await waitForToast(page, 'The category has been saved.');
    expect(saves).toHaveLength(2);
    expect(JSON.parse(saves[1] ?? '{}')).toMatchObject({
      categoryInfos: [{ categoryName: renamed, active: false }],
    });
    // The stored picture stays when it was not touched: nothing about it is sent.
    expect(saves[1]).not.toContain('categoryPicture');
    await row(renamed).waitFor();
    expect(await row(renamed).innerText()).toContain('Inactive');
    expect(await pictureLoaded(row(renamed).locator('img').first())).toBe(true);
  });

  it('on a phone shows one card per row, stacked table rows and no horizontal scroll', async () => {
    const phone = await env.newPage(PHONE, { bypassCSP: true, reducedMotion: 'reduce' });
    await phone.goto(`${env.portal.url}#/auth/login`);
    await phone.getByLabel('Username').fill('admin');
    await phone.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.locator('[data-testid=menu-toggle]').first().waitFor();

    await phone.goto(`${env.portal.url}#/categories?q=${suffix}`);
    const phoneCard = phone.locator('[data-testid=category-card]', { hasText: renamed });
    await phoneCard.waitFor();
    expect(await phoneCard.innerText()).toContain('Inactive');
    const grid = await phone.locator('[data-testid=category-grid]').boundingBox();
    const boxes = await phone
      .locator('[data-testid=category-card]')
      .evaluateAll((cards) =>
        cards.map((c) => c.getBoundingClientRect().toJSON() as { x: number; y: number; width: number }),
      );
    // One column: both cards span the grid's whole width, one below the other.
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect(grid && Math.abs(box.width - grid.width)).toBeLessThan(2);
    expect(boxes[0]?.x).toBe(boxes[1]?.x);
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, '4-grid-phone');
    expect(await seriousViolations(phone)).toEqual([]);

    await phone.getByText('Table', { exact: true }).click();
    await waitForHash(phone, /view=table/);
    const stacked = phone.locator('[data-testid=list-row]', { hasText: renamed });
    await stacked.waitFor();
    for (const label of [`Edit ${renamed}`, `Delete ${renamed}`]) {
      const button = await stacked.getByRole('button', { name: label }).boundingBox();
      expect(button && button.x >= 0 && button.x + button.width <= PHONE.width).toBe(true);
    }
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, '5-table-phone');
    expect(await seriousViolations(phone)).toEqual([]);

    await phone.locator('[data-testid=category-create]').click();
    await phone.locator('[data-testid=category-form]').waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, '6-form-phone');
    expect(await seriousViolations(phone, '.ant-drawer')).toEqual([]);
    await phone.getByRole('button', { name: 'Cancel' }).click();

    // Dark mode: the cards, the placeholder-free thumbnail and the Inactive tag keep their contrast.
    await phone.evaluate(() => localStorage.setItem('theme', 'dark'));
    await phone.goto(`${env.portal.url}#/categories?q=${suffix}`);
    await phone.reload();
    await phoneCard.waitFor();
    await shot(phone, '7-grid-phone-dark');
    expect(await seriousViolations(phone)).toEqual([]);
  });

  it('deletes it after asking', async () => {
    await row(renamed)
      .getByRole('button', { name: `Delete ${renamed}` })
      .click();
    await page.getByText(`Delete the category ${renamed}?`).waitFor();
    await shot(page, '8-delete-confirm');
    await confirmDelete(page);
    await waitForToast(page, `The category ${renamed} has been deleted.`);
    await row(renamed).waitFor({ state: 'detached' });
    await row(plain).waitFor();
    await page.locator('[data-testid=category-search] input').fill(renamed);
    await page.locator('[data-testid=list-empty]').waitFor();
    expect(await page.getByText('No categories match the search or filter.').count()).toBe(1);
  });
});
