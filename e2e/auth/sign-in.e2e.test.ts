import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPortal } from '../../packages/server/test/harness.ts';
import {
  ADMIN_PASSWORD,
  chooseFromUserMenu,
  openPortal,
  type TPortalUnderTest,
  signIn,
  waitForHash,
} from '../support/browser.ts';

describe('signing in and out', () => {
  let env: TPortalUnderTest;
  let portal: TPortal;
  let page: Page;

  beforeAll(async () => {
    env = await openPortal();
    portal = env.portal;
    page = await env.newPage({ width: 1280, height: 800 });
  });

  afterAll(() => env?.close());

  it('sends a visitor without a session to sign-in with the redirect flag', async () => {
    await page.goto(`${portal.url}#/users`);
    await waitForHash(page, /^#\/auth\/login\?redirect=%2Fusers$/);
    await page.locator('[data-testid=login-form]').waitFor();
  });

  it('refuses a wrong password with the spec message', async () => {
    await page.goto(`${portal.url}#/auth/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const error = page.locator('[data-testid=login-error]');
    await error.waitFor();
    expect(await error.innerText()).toContain('The login detail is incorrect');
  });

  it('signs in as admin and shows the layout with every screen in the menu', async () => {
    await signIn(page, portal.url, 'admin', ADMIN_PASSWORD);
    const menu = page.locator('[data-testid=side-menu]');
    for (const label of ['Home', 'Families', 'Price lists', 'Companies', 'Users', 'Roles', 'Statistics']) {
      await menu.getByText(label, { exact: true }).waitFor();
    }
    await page.locator('[data-testid=welcome]').waitFor();
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).find((key) => key.endsWith('-authData')),
    );
    expect(stored).toMatch(/^\d+\.\d+\.\d+-authData$/);
  });

  it('leaves no menu entry disabled: Statistics, the last to land, opens its screen', async () => {
    const menu = page.locator('[data-testid=side-menu]');
    expect(await menu.locator('.ant-menu-item-disabled').count()).toBe(0);
    await menu.getByText('Statistics', { exact: true }).click();
    await page.locator('h1', { hasText: 'Statistics' }).waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('#/statistics');
    await menu.getByText('Home', { exact: true }).click();
  });

  it('switches the interface to German and remembers it', async () => {
    await page.locator('[data-testid=language-switcher]').click();
    await page.getByText('Deutsch', { exact: true }).click();
    const menu = page.locator('[data-testid=side-menu]');
    await menu.getByText('Benutzer', { exact: true }).waitFor();
    await menu.getByText('Rollen', { exact: true }).waitFor();
    await menu.getByText('Preislisten', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');
    await page.reload();
    await menu.getByText('Benutzer', { exact: true }).waitFor();
  });

  it('signs out to the login page and forgets the session', async () => {
    await chooseFromUserMenu(page, 'Abmelden');
    await waitForHash(page, /^#\/auth\/login$/);
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.endsWith('-authData')),
    );
    expect(stored).toEqual([]);
  });

  it('lands on the 404 page for an unknown path', async () => {
    await page.goto(`${portal.url}#/some/unknown`);
    await waitForHash(page, /^#\/error\/404$/);
    await page.locator('[data-testid=not-found]').waitFor();
  });
});
