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

const shot = shotsOf('lists', { window: true });

/** The item codes of the editor, top to bottom. */
function itemCodes(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid=list-item-code]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

describe('generic lists', () => {
  let env: TPortalUnderTest;
  let page: Page;
  const code = `zz${Date.now().toString(36)}`;
  const saves: string[] = [];

  beforeAll(async () => {
    env = await openPortal();
    page = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce' });
    page.on('request', (request) => {
      if (request.url().endsWith('/api/list/save')) saves.push(request.postData() ?? '');
    });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
  });

  afterAll(() => env?.close());

  it('lists the seeded lists with their item counts', async () => {
    await page.locator('[data-testid=side-menu]').getByText('Lists', { exact: true }).click();
    await waitForHash(page, /^#\/lists/);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'unitlist' });
    await row.waitFor();
    expect(Number((await row.locator('td').nth(2).innerText()).trim())).toBeGreaterThan(5);
    await page.mouse.move(1, 1);
    await shot(page, '1-lists-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('adds an item to the unit list, moves it up, saves and finds the order after a reload', async () => {
    await page.locator('[data-testid=lists-search] input').fill('unitlist');
    await waitForHash(page, /q=unitlist/);
    await page.getByRole('link', { name: 'unitlist', exact: true }).click();
    await waitForHash(page, /^#\/lists\/\d+$/);
    await page.locator('[data-testid=list-item]').first().waitFor();
    const before = await itemCodes(page);
    expect(before.length).toBeGreaterThan(2);
    expect(await page.locator('[data-testid=list-save]').isDisabled()).toBe(true);

    await page.locator('[data-testid=list-item-add]').click();
    const added = page.locator('[data-testid=list-item]').last();
    // The new row's code field has the focus: type straight away.
    await page.keyboard.type(code);
    await added.locator('[data-testid=list-item-description]').fill('Test unit');
    // Keyboard: the move up button of the new row, pressed with Enter.
    await added.getByRole('button', { name: `Move ${code} up` }).focus();
    await page.keyboard.press('Enter');
    const expected = [...before.slice(0, -1), code, ...before.slice(-1)];
    expect(await itemCodes(page)).toEqual(expected);
    await page.locator('[data-testid=list-dirty]').waitFor();
    await page.mouse.move(1, 1);
    await shot(page, '2-editor-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('[data-testid=list-save]').click();
    await waitForToast(page, 'The list has been saved.');
    expect(saves).toHaveLength(1);
    const sent = JSON.parse(saves[0] ?? '{}') as { listInfos: { listItems: { itemCode: string }[] }[] };
    expect(sent.listInfos[0]?.listItems.map((item) => item.itemCode)).toEqual(expected);

    await page.reload();
    await page.locator('[data-testid=list-item]').first().waitFor();
    expect(await itemCodes(page)).toEqual(expected);
  });

  it('asks before leaving with unsaved changes', async () => {
    await page.locator('[data-testid=list-item-remove]').last().click();
    await page.locator('[data-testid=list-dirty]').waitFor();
    await page.locator('[data-testid=side-menu]').getByText('Lists', { exact: true }).click();
    await page.getByText('Leave without saving?').waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    await page.getByText('Leave without saving?').waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/#\/lists\/\d+$/);
    await page.locator('[data-testid=list-cancel]').click();
    expect(await page.locator('[data-testid=list-save]').isDisabled()).toBe(true);
  });

  it('fits a phone, with the editor and the list axe clean at 390 px', async () => {
    await page.setViewportSize(PHONE);
    await page.locator('[data-testid=list-item]').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, '3-editor-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Back to the lists' }).click();
    await waitForHash(page, /^#\/lists(\?|$)/);
    await page.locator('[data-testid=list-row]', { hasText: 'unitlist' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, '4-lists-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
  });
});
