import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, openPortal, submitLogin, type TPortalUnderTest } from '../support/browser.ts';
import { seriousViolations } from '../support/axe.ts';

const AREAS = [
  'adminmanagement',
  'partnermanagement',
  'companymanagement',
  'usermanagement',
  'contentmanagement',
];
const ACTIONS = ['create', 'read', 'update', 'delete'];
const WIDTH = 390;
/** The built-in roles as the German screen names them, in words. */
const GERMAN_NAMES = {
  adminrole: 'Administrator',
  partnerrole: 'Partner',
  partneruserrole: 'Firmenbenutzer',
  userrole: 'Endbenutzer',
};

/** The element's box, failing when it is not rendered. */
async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  return box;
}

describe('roles on a phone in German', () => {
  let env: TPortalUnderTest;
  let page: Page;

  beforeAll(async () => {
    env = await openPortal();
    page = await env.newPage({ width: WIDTH, height: 844 });
    // On a phone the side menu is a drawer behind the menu button.
    await submitLogin(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.locator('[data-testid=menu-toggle]').first().waitFor();
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.goto(`${env.portal.url}#/roles`);
    await page.reload();
    await page.getByRole('heading', { name: 'Rollen' }).waitFor();
  });

  afterAll(() => env?.close());

  it('lists every role with its actions inside the screen width', async () => {
    const rows = page.locator('[data-testid=list-row]');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(4);
    for (const [role, name] of Object.entries(GERMAN_NAMES)) {
      const row = rows.filter({ has: page.locator(`[data-role=${role}]`) });
      await row.getByText(name, { exact: true }).waitFor();
      for (const button of [`Bearbeiten ${name}`, `Löschen ${name}`]) {
        const box = await row.getByRole('button', { name: button }).boundingBox();
        if (!box) throw new Error(`${button} is not shown`);
        expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page, '[data-testid=role-list]')).toEqual([]);
  });

  it('shows all four actions of every area in the permission matrix, names included', async () => {
    await page
      .locator('[data-testid=list-row]', { has: page.locator('[data-role=partnerrole]') })
      .getByRole('button', { name: 'Bearbeiten Partner' })
      .click();
    const matrix = page.locator('[data-testid=permission-matrix]');
    await matrix.waitFor();
    for (const area of AREAS) {
      for (const action of ACTIONS) {
        const selector = `[data-testid=perm-${area}-${action}]`;
        await page.locator(selector).scrollIntoViewIfNeeded();
        const box = await boxOf(page, selector);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
      }
    }
    for (const label of ['Anlegen', 'Lesen', 'Ändern', 'Löschen']) {
      expect(await matrix.getByText(label, { exact: true }).count()).toBe(AREAS.length + 1);
    }
    for (const area of [
      'Administration',
      'Partnerverwaltung',
      'Unternehmensverwaltung',
      'Benutzerverwaltung',
    ]) {
      const box = await matrix.getByText(area, { exact: true }).boundingBox();
      if (!box) throw new Error(`${area} is not shown`);
      expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    }
    expect(await matrix.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    expect(await seriousViolations(page, '[data-testid=permission-matrix]')).toEqual([]);
  });

  it('changes a permission from the phone layout and keeps it after saving', async () => {
    await page.locator('[data-testid=perm-adminmanagement-read]').check();
    await page.locator('[data-testid=role-save]').click();
    await page.locator('[data-testid=toast]', { hasText: 'Die Rolle wurde gespeichert.' }).waitFor();
    const row = page.locator('[data-testid=list-row]', { has: page.locator('[data-role=partnerrole]') });
    await row.getByText('Administration · R', { exact: true }).waitFor();
  });
});
