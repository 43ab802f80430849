import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { fitsWidth, rendered } from '../support/layout.ts';
import { shotsOf } from '../support/shots.ts';

const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };

const shot = shotsOf('parameter-lists');

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
    password: createHash('sha512').update(ADMIN_PASSWORD).digest('hex'),
  })) as { authToken: string };
  return (route, body) => call(route, body, authToken);
}

/** Opens an antd select and picks the option with this title. */
async function choose(page: Page, select: Locator, title: string): Promise<void> {
  await select.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click();
}

describe('parameter lists', () => {
  let env: TPortalUnderTest;
  let page: Page;
  const code = `DOORS-${Date.now().toString(36)}`;
  const writes: { url: string; body: unknown }[] = [];

  beforeAll(async () => {
    env = await openPortal();
    page = await env.newPage(DESKTOP, { reducedMotion: 'reduce' });
    page.on('request', (request) => {
      if (/\/api\/parameters\/(save|update|delete)\//.test(request.url()))
        writes.push({ url: request.url(), body: JSON.parse(request.postData() ?? '{}') as unknown });
    });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
  });

  afterAll(() => env?.close());

  const rows = () => page.locator('[data-testid=parameter-row]');
  const row = (name: string) =>
    page.locator('[data-testid=parameter-row]').filter({ has: page.locator(`input[value="${name}"]`) });

  it('creates a list with a length parameter in mm and a yes/no parameter', async () => {
    await page.locator('[data-testid=side-menu]').getByText('Parameter lists', { exact: true }).click();
    await waitForHash(page, /^#\/parameter-lists/);
    await page.locator('[data-testid=parameter-lists-table]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('[data-testid=parameter-list-create]').click();
    await waitForHash(page, /^#\/parameter-lists\/new/);
    await page.locator('[data-testid=parameter-list-code]').fill(code);
    await page.locator('[data-testid=parameter-list-description]').fill('Door leaf parameters');
    // An admin's new list is portal-wide by default.
    expect(await page.locator('[data-testid=parameter-list-company]').innerText()).toContain('Portal-wide');

    await page.locator('[data-testid=parameter-add]').click();
    await page.getByRole('textbox', { name: 'Parameter name, row 1' }).fill('Width');
    await choose(page, page.getByRole('combobox', { name: 'Type, row 1' }), 'Length');
    await page.getByRole('textbox', { name: 'Value, row 1' }).fill('-900');
    await page.getByText('Enter a number of 0 or more').waitFor();
    await page.getByRole('textbox', { name: 'Value, row 1' }).fill('900');
    await choose(page, page.getByRole('combobox', { name: 'Unit, row 1' }), 'mm – Millimetre');

    await page.locator('[data-testid=parameter-add]').click();
    await page.getByRole('textbox', { name: 'Parameter name, row 2' }).fill('Fire rated');
    await choose(page, page.getByRole('combobox', { name: 'Type, row 2' }), 'Yes/no');
    await choose(page, page.getByRole('combobox', { name: 'Value, row 2' }), 'Yes');
    expect(await page.locator('[data-testid=parameter-error]').count()).toBe(0);

    await page.mouse.move(1, 1);
    await shot(page, '1-new-list-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('[data-testid=parameter-list-save]').click();
    await waitForToast(page, 'The parameter list has been created.');
    await waitForHash(page, /^#\/parameter-lists\/\d+$/);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.url).toContain('/api/parameters/save/parameterlist');
    expect(writes[0]?.body).toMatchObject({
      parameterListInfos: [
        {
          parameterListCode: code,
          companyId: null,
          parameters: [
            { parameterName: 'Width', parameterValue: '900', parameterValueType: 'length' },
            { parameterName: 'Fire rated', parameterValue: 'yes', parameterValueType: 'yesno' },
          ],
        },
      ],
    });
  });

  it('keeps the parameters over a reload, then edits a value and removes one', async () => {
    await page.reload();
    await rows().first().waitFor();
    expect(await rows().count()).toBe(2);
    expect(await row('Width').locator('[data-testid=parameter-unit]').innerText()).toContain('mm');
    expect(await row('Fire rated').locator('[data-testid=parameter-value]').innerText()).toContain('Yes');
    // A yes/no parameter has no unit.
    expect(await row('Fire rated').locator('[data-testid=parameter-unit]').count()).toBe(0);

    writes.length = 0;
    await row('Width')
      .getByRole('textbox', { name: /^Value/ })
      .fill('1000');
    await row('Fire rated').getByRole('button', { name: 'Remove Fire rated' }).click();
    await page.locator('[data-testid=parameter-list-dirty]').waitFor();

    // Leaving with unsaved changes asks first; staying keeps them.
    await page.getByRole('link', { name: 'Parameter lists' }).last().click();
    await page.locator('[data-testid=parameter-list-confirm-leave]').waitFor();
    await shot(page, '2-leave-question');
    await page.getByRole('button', { name: 'Stay' }).click();
    expect(await rows().count()).toBe(1);

    await page.locator('[data-testid=parameter-list-save]').click();
    await waitForToast(page, 'The parameter list has been saved.');
    expect(writes.map((w) => w.url.replace(/^.*\/api/, ''))).toEqual([
      '/parameters/update/parameterlist',
      '/parameters/delete/parameterlist',
    ]);

    await page.reload();
    await rows().first().waitFor();
    expect(await rows().count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'Value, row 1' }).inputValue()).toBe('1000');

    // Saved again unchanged: nothing is sent.
    writes.length = 0;
    await page.locator('[data-testid=parameter-list-save]').click();
    // Two frames after the click nothing is saving: a save would show on its button at once.
    await rendered(page);
    await page.locator('[data-testid=parameter-list-save]:not(.ant-btn-loading)').waitFor();
    expect(writes).toEqual([]);
    await shot(page, '3-editor-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('fits a phone: the grid scrolls inside its own focusable region', async () => {
    await page.setViewportSize(PHONE);
    expect(await fitsWidth(page)).toBe(true);
    const region = page.getByRole('region', { name: 'Parameters (scrolls sideways)' });
    expect(await region.getAttribute('tabindex')).toBe('0');
    const scrolls = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls).toBe(true);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((el) => (el?.scrollLeft ?? 0) > 0, await region.elementHandle());
    expect(await region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await shot(page, '4-editor-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Parameter lists' }).last().click();
    await waitForHash(page, /^#\/parameter-lists$/);
    const item = page.locator('[data-testid=list-row]', { hasText: code });
    await item.waitFor();
    expect(await item.innerText()).toContain('Portal-wide');
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, '5-list-phone');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lists it with its counts and deletes it after a confirmation', async () => {
    await page.setViewportSize(DESKTOP);
    const tableRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: code });
    await tableRow.waitFor();
    const cells = await tableRow.locator('td').allInnerTexts();
    expect(cells.slice(0, 6)).toEqual([code, 'Door leaf parameters', 'Portal-wide', '1', '0', 'Active']);
    await shot(page, '6-list-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await tableRow.locator('[data-testid=parameter-list-link]').click();
    await page.locator('[data-testid=parameter-list-delete]').click();
    await confirmDelete(page);
    await waitForToast(page, 'The parameter list has been deleted.');
    await waitForHash(page, /^#\/parameter-lists$/);
    await page.locator('[data-testid=parameter-lists-table]').waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: code }).waitFor({ state: 'detached' });
  });

  it('keeps a list that a family uses and says why', async () => {
    const api = await adminApi(env.portal.url);
    const usedCode = `${code}-USED`;
    const saved = (await api('/parameters/save/parameterlist', {
      parameterListInfos: [{ parameterListCode: usedCode }],
    })) as { parameterListInfos: { parameterListId: number }[] };
    const parameterListId = saved.parameterListInfos[0]?.parameterListId;
    await api('/family/save', {
      revitFamilyInfos: [{ revitFamilyName: `Door ${usedCode}`, parameterListId }],
    });
    await page.locator('[data-testid=parameter-list-search] input').fill(usedCode);
    const tableRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: usedCode });
    await tableRow.waitFor();
    expect((await tableRow.locator('td').allInnerTexts())[4]).toBe('1');

    await tableRow.getByRole('button', { name: `Delete ${usedCode}` }).click();
    await page.getByText('Families using this list: 1.', { exact: false }).waitFor();
    await confirmDelete(page);
    await waitForToast(page, 'The parameter list is used by 1 families');
    await shot(page, '7-in-use');
    expect(await tableRow.count()).toBe(1);
  });
});
