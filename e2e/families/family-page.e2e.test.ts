import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
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
import { postAs } from '../support/api.ts';
import { fitsWidth } from '../support/layout.ts';
import { shotsOf } from '../support/shots.ts';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/server/test/fixtures/rfa',
);

const shot = shotsOf('families', { dir: process.env.E2E_SHOTS_DIR });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

describe('family page and editor', () => {
  let env: TPortalUnderTest;
  let page: Page;
  let familyUrl = '';
  const name = `E2E sample ${Date.now().toString(36)}`;
  const fixture2024 = path.join(FIXTURES, 'family-2024.rfa');
  const fixture2023 = path.join(FIXTURES, 'family-2023.rfa');

  beforeAll(async () => {
    env = await openPortal();
    page = await env.newPage({ width: 1366, height: 900 }, { acceptDownloads: true });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
  });

  afterAll(() => env?.close());

  it('uploads a .rfa with a progress bar and fills the form from it', async () => {
    await page.goto(`${env.portal.url}#/families/new`);
    const form = page.locator('[data-testid=family-form]');
    await form.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // A slow line (about 80 kB/s) so the 400 kB file takes long enough to watch.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 80 * 1024,
    });
    await page.locator('input[type=file][accept=".rfa"]').setInputFiles(fixture2024);
    const progress = page.locator('[data-testid=rfa-progress]');
    await progress.waitFor();
    await page.waitForFunction(
      () => Number(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow') ?? 0) > 0,
      undefined,
      { timeout: 15_000 },
    );
    await shot(page, 'editor-uploading');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.locator('[data-testid=rfa-file]').waitFor({ timeout: 30_000 });
    expect(await progress.count()).toBe(0);

    expect(await page.locator('[data-testid=family-revit-version]').innerText()).toBe('2024');
    const preview = page.locator('[data-testid=family-preview]');
    await preview.waitFor();
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    // The name comes from the file until someone types their own.
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).not.toBe('');
    await shot(page, 'editor-uploaded');
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel('Name', { exact: true }).fill(name);
    await page.locator('[data-testid=family-save]').click();
    await waitForToast(page, 'The family has been created.');
    await waitForHash(page, /^#\/families\/\d+$/);
    familyUrl = page.url();
  });

  it('shows the family with its three types and passes axe at 1366 px', async () => {
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const types = page.locator('[data-testid=family-types]');
    await types.waitFor();
    expect(await types.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
    expect(await types.innerText()).toContain('0610 x 0160mm');
    expect(await page.locator('[data-testid=family-facts]').innerText()).toContain('2024');
    await page.locator('[data-testid=family-picture]').waitFor();
    await shot(page, 'page-1366');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('downloads the very bytes that were uploaded', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      page.locator('[data-testid=family-download]').click(),
    ]);
    const saved = await download.path();
    const bytes = await readFile(saved);
    expect(sha256(bytes)).toBe(sha256(await readFile(fixture2024)));
    expect(download.suggestedFilename()).toMatch(/\.rfa$/);
  });

  it('uploads a second version, then makes the first current again', async () => {
    await page.locator('[data-testid=family-edit]').click();
    await waitForHash(page, /^#\/families\/\d+\/edit$/);
    const form = page.locator('[data-testid=family-form]');
    await form.waitFor();
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    await page.locator('input[type=file][accept=".rfa"]').setInputFiles(fixture2023);
    await page.locator('[data-testid=rfa-file]', { hasText: 'family-2023.rfa' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid=family-revit-version]').innerText()).toBe('2023');
    // The name typed before stays; the file's suggestion does not overwrite it.
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    await page.locator('[data-testid=family-save]').click();
    await waitForToast(page, 'The family has been saved.');
    await waitForHash(page, /^#\/families\/\d+$/);

    const versions = page.locator('[data-testid=family-version]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=family-version]').length === 2);
    const current = page.locator('[data-testid=family-version][data-current=true]');
    expect(await current.innerText()).toContain('Revit 2023');
    const first = versions.filter({ hasText: 'Revit 2024' });
    await first.locator('[data-testid=version-make-current]').click();
    await page.locator('[data-testid=confirm-make-current]').click();
    await waitForToast(page, 'The version is now the current one.');
    await page
      .locator('[data-testid=family-version][data-current=true]', { hasText: 'Revit 2024' })
      .waitFor();
    expect(await page.locator('[data-testid=family-version][data-current=true]').count()).toBe(1);
    expect(await page.locator('[data-testid=family-facts]').innerText()).toContain('2024');
    await shot(page, 'page-versions');
  });

  it('fits a 390 px phone and passes axe there, page and editor', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(familyUrl);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.locator('[data-testid=family-types]').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'page-390');
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('[data-testid=family-edit]').click();
    await page.locator('[data-testid=family-form]').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'editor-390');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it("sends a partner user's new family for approval and shows it as a request", async () => {
    const admin = await postAs(env.portal.url, 'admin', ADMIN_PASSWORD);
    const { roleInfos } = (await admin('/role/find', {})) as {
      roleInfos: { roleId: number; roleName: string }[];
    };
    const { companyInfos } = (await admin('/company/find', {})) as { companyInfos: { companyId: number }[] };
    const role = roleInfos.find((r) => r.roleName === 'partneruserrole');
    const login = `e2e.partneruser.${Date.now().toString(36)}`;
    const password = 'Partner-Passw0rd!';
    await admin('/user/save', {
      userInfos: [
        {
          login,
          passwordHash: sha512(password),
          firstName: 'Paul',
          lastName: 'Partner',
          email: `${login}@example.com`,
          registrationCompleted: true,
          company: companyInfos[0] ? { companyId: companyInfos[0].companyId } : null,
          roles: role ? [{ roleId: role.roleId }] : [],
        },
      ],
    });
    const partner = await env.newPage({ width: 1366, height: 900 });
    await signIn(partner, env.portal.url, login, password);
    await partner.goto(`${env.portal.url}#/families/new`);
    await partner
      .locator('input[type=file][accept=".rfa"]')
      .setInputFiles(path.join(FIXTURES, 'family-2022.rfa'));
    await partner.locator('[data-testid=rfa-file]').waitFor({ timeout: 30_000 });
    await partner
      .locator('[data-testid=family-form]')
      .getByLabel('Name', { exact: true })
      .fill(`${name} request`);
    await partner.locator('[data-testid=family-save]').click();
    await waitForToast(partner, 'Sent for approval');
    await waitForHash(partner, /^#\/families\/\d+$/);
    const pending = partner.locator('[data-testid=family-pending]');
    await pending.waitFor();
    expect(await pending.innerText()).toContain('Request for approval');
    // A partner user may change families but not delete them.
    await partner.locator('[data-testid=family-edit]').waitFor();
    expect(await partner.locator('[data-testid=family-delete]').count()).toBe(0);
    await shot(partner, 'page-request');
    expect(await seriousViolations(partner)).toEqual([]);
  });

  it('deletes the family after a confirmation and goes back to the library', async () => {
    await page.goto(familyUrl);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.locator('[data-testid=family-delete]').click();
    await confirmDelete(page);
    await waitForToast(page, `${name} has been deleted.`);
    await waitForHash(page, /^#\/families$/);
  });

  it('answers a family that does not exist with a way back', async () => {
    await page.goto(`${env.portal.url}#/families/999999`);
    await page.locator('[data-testid=family-not-found]').waitFor();
    await page.getByRole('link', { name: 'Back to the library' }).first().waitFor();
  });
});
