import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handZip } from '../../packages/server/test/hand-zip.ts';
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

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/server/test/fixtures/rfa',
);
const YEARS = [2019, 2021, 2023, 2024];
const CATALOG = ',Width##LENGTH##MILLIMETERS\r\nNarrow,600\r\nWide,900\r\n';
const shot = shotsOf('families');

/** A zip of fixtures in a folder, a type catalog beside one of them, and a file that is no family. */
function fixturesZip(dir: string): string {
  const entry = (name: string, content: Buffer) => ({
    name,
    deflated: deflateRawSync(content),
    declaredSize: content.length,
  });
  const zip = handZip([
    ...YEARS.map((year) =>
      entry(`library/family-${year}.rfa`, readFileSync(path.join(FIXTURES, `family-${year}.rfa`))),
    ),
    entry('library/family-2024.txt', Buffer.from(CATALOG)),
    entry('library/readme.pdf', Buffer.from('%PDF-1.4')),
  ]);
  const file = path.join(dir, 'library.zip');
  writeFileSync(file, zip);
  return file;
}

/** Waits until the table shows `count` rows in `state`. */
function rowsIn(page: Page, state: string, count: number): Promise<unknown> {
  return page.waitForFunction(
    ({ state, count }) => document.querySelectorAll(`[data-testid=bulk-state-${state}]`).length === count,
    { state, count },
    { timeout: 45_000 },
  );
}

describe('many families at once', () => {
  let env: TPortalUnderTest;
  let dir: string;
  let zip: string;
  let page: Page;

  beforeAll(async () => {
    env = await openPortal();
    dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-bulk-'));
    zip = fixturesZip(dir);
  });

  afterAll(async () => {
    await env?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a zip of the fixtures from the library and shows each family saved, with what was read', async () => {
    page = await env.newPage({ width: 1366, height: 900 });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${env.portal.url}#/families`);
    await page.locator('[data-testid=family-bulk]').click();
    await waitForHash(page, /^#\/families\/bulk$/);
    await page.locator('[data-testid=bulk-drop]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('[data-testid=bulk-files-input]').setInputFiles(zip);
    await rowsIn(page, 'saved', YEARS.length + 1);
    await rowsIn(page, 'refused', 1);
    const table = page.locator('[data-testid=bulk-table]');
    const text = await table.innerText();
    for (const year of YEARS) expect(text).toContain(`family-${year}.rfa`);
    expect(text).toContain('with family-2024.txt');
    expect(text).toContain(
      'readme.pdf is not a Revit family (.rfa): export the family from Revit and upload the .rfa',
    );
    expect(await page.locator('[data-testid=bulk-totals]').innerText()).toContain('saved: 4');
    // Each saved family links to its page.
    const links = table.locator('a[href*="#/families/"]');
    expect(await links.count()).toBe(YEARS.length);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'bulk-saved-1366');

    await links.first().click();
    await waitForHash(page, /^#\/families\/\d+$/);
  });

  it('answers the same zip again as already in the library, on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.portal.url}#/families`);
    await page.locator('[data-testid=family-bulk]').click();
    await waitForHash(page, /^#\/families\/bulk$/);
    await page.locator('[data-testid=bulk-drop]').waitFor();
    expect(await page.locator('[data-testid=bulk-table]').count()).toBe(0);
    await page.locator('[data-testid=bulk-files-input]').setInputFiles(zip);
    // The zip's own row says so too: nothing of it was new.
    await rowsIn(page, 'skipped', YEARS.length + 1);
    expect(await page.locator('[data-testid=bulk-totals]').innerText()).toContain(
      'already in the library: 4',
    );
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page, undefined, { targetSize: true })).toEqual([]);
    await shot(page, 'bulk-skipped-390');
  });
});
