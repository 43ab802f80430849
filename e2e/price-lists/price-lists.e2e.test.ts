import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import {
  ADMIN_PASSWORD,
  openPortal,
  signIn,
  type TPortalUnderTest,
  waitForHash,
  waitForToast,
} from '../support/browser.ts';
import { fitsWidth, settled } from '../support/layout.ts';
import { shotsOf } from '../support/shots.ts';

const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };

const shot = shotsOf('price-lists');

type TSheetRow = { order: string; description: string; value: number | string; currency?: string };

/**
 * An .xlsx in the import's column order (order number, description, information, value,
 * reference values 1-9, k-factor, convertible, reference, per unit, unit, currency).
 */
async function workbook(rows: TSheetRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Items');
  sheet.addRow(['Order number', 'Description', 'Information', 'Value']);
  for (const row of rows) {
    const cells: (string | number | null)[] = [row.order, row.description, null, row.value];
    cells[18] = row.currency ?? null;
    sheet.addRow(cells);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Drops a workbook on the import and waits for the confirmation with the dry run's counts. */
async function dropAndPreview(page: Page, name: string, buffer: Buffer): Promise<Record<string, string>> {
  await page.locator('[data-testid=price-list-import] input[type=file]').setInputFiles({
    name,
    mimeType: XLSX,
    buffer,
  });
  const preview = page.locator('[data-testid=price-list-import-preview]');
  await preview.waitFor();
  const counts: Record<string, string> = {};
  for (const key of ['added', 'changed', 'removed', 'unchanged'])
    counts[key] = await preview.locator(`[data-testid=price-list-import-${key}]`).innerText();
  return counts;
}

/** The order numbers in the grid's rendered rows, top to bottom. */
function orderNumbers(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid=price-item-orderNumber]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

/** Saves a list of `count` items through the API as admin. */
async function saveLongList(baseUrl: string, code: string, count: number): Promise<number> {
  const post = await postAs(baseUrl, 'admin', ADMIN_PASSWORD);
  const priceItemInfos = Array.from({ length: count }, (_, n) => ({
    orderNumber: `L-${String(n + 1).padStart(5, '0')}`,
    priceItemDescription: `Cable tray ${n + 1} mm`,
    priceItemValue: Math.round(((n * 37) % 1000) * 1.25) / 100,
  }));
  const saved = (await post('/prices/save/pricelist', {
    priceListInfos: [{ priceListCode: code, priceItemInfos }],
  })) as {
    priceListInfos: { priceListId: number }[];
  };
  return saved.priceListInfos[0]!.priceListId;
}

describe('price lists', () => {
  let env: TPortalUnderTest;
  let page: Page;
  const code = `pl${Date.now().toString(36)}`;
  const updates: string[] = [];

  beforeAll(async () => {
    env = await openPortal();
    page = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce', acceptDownloads: true });
    page.on('request', (request) => {
      if (request.url().endsWith('/api/prices/update/pricelist')) updates.push(request.postData() ?? '');
    });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
  });

  afterAll(() => env?.close());

  it('creates a price list from the table screen', async () => {
    await page.locator('[data-testid=side-menu]').getByText('Price lists', { exact: true }).click();
    await waitForHash(page, /^#\/price-lists/);
    await page.locator('[data-testid=price-lists-table]').waitFor();
    await page.locator('[data-testid=price-list-create]').click();
    await waitForHash(page, /^#\/price-lists\/new$/);
    await page.locator('[data-testid=price-list-code]').fill(code);
    await page.locator('[data-testid=price-list-description]').fill('Steel pipes 2026');
    await page.locator('[data-testid=price-list-save]').click();
    await waitForToast(page, 'The price list has been created.');
    await waitForHash(page, /^#\/price-lists\/\d+$/);
    await shot(page, '0-created');
    await page.getByText('No items yet.').waitFor();
  });

  it('imports a workbook made here and shows its items', async () => {
    const file = await workbook([
      { order: 'A-001', description: 'Pipe DN50', value: 12.5, currency: 'EUR' },
      { order: 'A-002', description: 'Pipe DN80', value: 19.75, currency: 'EUR' },
      { order: 'A-003', description: 'Elbow DN50', value: 4 },
    ]);
    // An empty list: every row is added; nothing changes before the person confirms.
    expect(await dropAndPreview(page, 'items.xlsx', file)).toEqual({
      added: '3',
      changed: '0',
      removed: '0',
      unchanged: '0',
    });
    await page.getByText('No items yet.').waitFor();
    await page.locator('[data-testid=price-list-import-confirm]').click();
    await waitForToast(page, 'Imported 3 items.');
    await page.getByText('Items: 3').waitFor();
    expect(await orderNumbers(page)).toEqual(['A-001', 'A-002', 'A-003']);
    await page.mouse.move(1, 1);
    await shot(page, '1-editor-imported');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('fixes a cell inline and saves only what changed', async () => {
    // A just-imported list is clean: nothing to save.
    expect(await page.locator('[data-testid=price-list-dirty]').count()).toBe(0);
    expect(await page.locator('[data-testid=price-list-save]').isDisabled()).toBe(true);
    // Not being typed in, a price shows as money in the item's currency.
    expect(await page.getByRole('textbox', { name: 'Price, item A-001' }).inputValue()).toBe('€12.50');
    expect(await page.getByRole('textbox', { name: 'Price, item A-003' }).inputValue()).toBe('4.00');
    const value = page.getByRole('textbox', { name: 'Price, item A-002' });
    await value.fill('21,5');
    await page.getByRole('button', { name: 'Show reference values 1–9' }).click();
    await page.getByRole('textbox', { name: 'Reference value 1, item A-001' }).fill('3');
    await page.mouse.move(1, 1);
    await shot(page, '1b-editor-refs');
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('[data-testid=price-list-dirty]').waitFor();
    await page.locator('[data-testid=price-list-save]').click();
    await waitForToast(page, 'Saved with 3 items.');
    expect(updates).toHaveLength(1);
    // Only the two edited rows go, each naming its item.
    const sent = JSON.parse(updates[0] ?? '{}') as {
      priceListInfos: {
        priceItemChanges: {
          upsert: {
            priceItemId?: number;
            orderNumber: string;
            priceItemValue: number;
            refValue1: number | null;
          }[];
          removeIds: number[];
        };
      }[];
    };
    const changes = sent.priceListInfos[0]?.priceItemChanges;
    expect(changes?.upsert.map((i) => [i.orderNumber, i.priceItemValue, i.refValue1]).sort()).toEqual([
      ['A-001', 12.5, 3],
      ['A-002', 21.5, null],
    ]);
    expect(changes?.upsert.every((i) => typeof i.priceItemId === 'number')).toBe(true);
    expect(changes?.removeIds).toEqual([]);
    await page.locator('[data-testid=price-list-dirty]').waitFor({ state: 'hidden' });
  });

  it('exports the list and reads the file back', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid=price-list-export]').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${code}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    const rows: [string, number][] = [];
    sheet?.eachRow((row, index) => {
      if (index > 1) rows.push([row.getCell(1).text, Number(row.getCell(4).value)]);
    });
    expect(rows).toEqual([
      ['A-001', 12.5],
      ['A-002', 21.5],
      ['A-003', 4],
    ]);
  });

  it('confirms an import with its counts and undoes it, at 1366 and 390 px', async () => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // A-001 loses its reference value 1 (changed), A-002 stays, A-003 goes, C-001 comes.
    const file = await workbook([
      { order: 'A-001', description: 'Pipe DN50', value: 12.5, currency: 'EUR' },
      { order: 'A-002', description: 'Pipe DN80', value: 21.5, currency: 'EUR' },
      { order: 'C-001', description: 'Coupling DN50', value: 2.25 },
    ]);
    const counts = { added: '1', changed: '1', removed: '1', unchanged: '1' };
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      await page.setViewportSize(viewport);
      expect(await dropAndPreview(page, 'changes.xlsx', file)).toEqual(counts);
      await page.getByText('You can undo the import for 30 seconds.').first().waitFor();
      await settled(page);
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `2a-import-confirm-${name}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator('[data-testid=price-list-import-confirm]').click();
      await waitForToast(page, 'Imported 3 items.');
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLInputElement>('[data-testid=price-item-orderNumber]')].some(
          (input) => input.value === 'C-001',
        ),
      );
      expect(await orderNumbers(page)).toEqual(['A-001', 'A-002', 'C-001']);
      const done = page.locator('[data-testid=price-list-import-done]');
      await done.waitFor();
      await page.mouse.move(1, 1);
      await settled(page);
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `2b-import-undo-${name}`);
      expect(await seriousViolations(page)).toEqual([]);
      await done.locator('[data-testid=price-list-import-undo]').click();
      await waitForToast(page, 'The import was undone: the list holds its 3 previous items again.');
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLInputElement>('[data-testid=price-item-orderNumber]')].some(
          (input) => input.value === 'A-003',
        ),
      );
      expect(await orderNumbers(page)).toEqual(['A-001', 'A-002', 'A-003']);
      await done.waitFor({ state: 'hidden' });
    }
    await page.setViewportSize(DESKTOP);
    // The undo put back what the import replaced, reference values too.
    const showRefs = page.getByRole('button', { name: 'Show reference values 1–9' });
    if ((await showRefs.count()) > 0) await showRefs.click();
    expect(await page.getByRole('textbox', { name: 'Reference value 1, item A-001' }).inputValue()).toBe('3');
  });

  it('refuses a workbook with a bad row, lists the row and changes nothing', async () => {
    // The export button keeps the focus after its click; antd's focused button text is below 4.5:1.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const file = await workbook([
      { order: 'B-001', description: 'Valve', value: 3 },
      { order: 'B-002', description: 'Valve', value: 'twelve' },
    ]);
    await page.locator('[data-testid=price-list-import] input[type=file]').setInputFiles({
      name: 'bad.xlsx',
      mimeType: XLSX,
      buffer: file,
    });
    const failed = page.locator('[data-testid=price-list-import-failed]');
    await failed.waitFor();
    // Announced, and brought into view with the focus on its heading.
    await waitForToast(page, 'The file was not imported');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H3');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('The file was not imported');
    expect(await failed.isVisible()).toBe(true);
    await failed.getByText('Nothing was changed: the list keeps its items.').waitFor();
    const errorRow = page.locator('[data-testid=price-list-import-errors] tbody tr.ant-table-row');
    expect(await errorRow.count()).toBe(1);
    const cells = await errorRow.first().locator('td').allInnerTexts();
    expect(cells[0]).toBe('3');
    expect(cells[2]).toBe('“twelve” is not a number');
    expect(await orderNumbers(page)).toEqual(['A-001', 'A-002', 'A-003']);
    await shot(page, '2-import-refused');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('asks before leaving with unsaved changes', async () => {
    await page.getByRole('textbox', { name: 'Description, item A-001' }).fill('Pipe DN50 galvanised');
    await page.locator('[data-testid=side-menu]').getByText('Price lists', { exact: true }).click();
    await page.getByText('Leave without saving?').waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    await page.getByText('Leave without saving?').waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/#\/price-lists\/\d+$/);
    await page.locator('[data-testid=price-list-cancel]').click();
    await page.locator('[data-testid=price-list-dirty]').waitFor({ state: 'hidden' });
  });

  it('is axe clean and fits a phone at 390 px, the table at both widths', async () => {
    await page.setViewportSize(PHONE);
    await page.getByText('Items: 3').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, '3-editor-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Price lists' }).click();
    await waitForHash(page, /^#\/price-lists(\?|$)/);
    await page.getByText(code).first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, '4-lists-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: code, exact: true }).waitFor();
    await page.mouse.move(1, 1);
    await shot(page, '5-lists-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('pages a list of 3,000 items through the server and keeps an edit across pages', async () => {
    const longCode = `${code}-long`;
    const id = await saveLongList(env.portal.url, longCode, 3000);
    const reads: string[] = [];
    const onRequest = (request: { url(): string; postData(): string | null }) => {
      if (request.url().endsWith(`/api/prices/get/pricelist/${id}`)) reads.push(request.postData() ?? '');
    };
    page.on('request', onRequest);
    try {
      await page.goto(`${env.portal.url}#/price-lists/${id}`);
      await page.getByText('Items: 3,000').waitFor();
      await page.getByRole('textbox', { name: 'Price, item L-00001' }).waitFor();
      // One page of 100 items comes from the server, not the 3,000.
      expect(await page.locator('[data-testid=price-item-pages]').isVisible()).toBe(true);
      expect(JSON.parse(reads[0] ?? '{}')).toEqual({ page: 1, pageSize: 100 });
      await page.getByRole('textbox', { name: 'Price, item L-00002' }).fill('7,5');
      await page.locator('[data-testid=price-item-pages]').getByTitle('2', { exact: true }).click();
      await page.getByRole('textbox', { name: 'Price, item L-00101' }).waitFor();
      expect(JSON.parse(reads.at(-1) ?? '{}')).toEqual({ page: 2, pageSize: 100 });
      await page.mouse.move(1, 1);
      await shot(page, '6-long-list-page-2-desktop');
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('searchbox', { name: 'Search the items' }).fill('L-0000');
      await page.getByRole('textbox', { name: 'Price, item L-00009' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Price, item L-00002' }).inputValue()).toBe('7.50');
      expect(await orderNumbers(page)).toHaveLength(9);
      await page.setViewportSize(PHONE);
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, '7-long-list-search-phone');
      await page.setViewportSize(DESKTOP);

      await page.locator('[data-testid=price-list-save]').click();
      await waitForToast(page, 'Saved with 3,000 items.');
      const sent = JSON.parse(updates.at(-1) ?? '{}') as {
        priceListInfos: { priceItemChanges: { upsert: { orderNumber: string; priceItemValue: number }[] } }[];
      };
      expect(
        sent.priceListInfos[0]?.priceItemChanges.upsert.map((i) => [i.orderNumber, i.priceItemValue]),
      ).toEqual([['L-00002', 7.5]]);
    } finally {
      page.off('request', onRequest);
    }
  });
});
