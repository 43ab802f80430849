import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terms } from '../../packages/server/src/db/schema/index.ts';
import type { TPortal } from '../../packages/server/test/harness.ts';
import {
  ADMIN_PASSWORD,
  openPortal,
  type TPortalUnderTest,
  signIn,
  signOut,
  submitLogin,
  waitForHash,
} from '../support/browser.ts';

describe('accepting the terms & conditions', () => {
  let env: TPortalUnderTest;
  let portal: TPortal;
  let page: Page;
  const title = 'Portal terms of use 2025';
  const description = 'Families may be used in your own projects only.\nRedistribution is not allowed.';

  beforeAll(async () => {
    env = await openPortal();
    portal = env.portal;
    page = await env.newPage({ width: 1280, height: 800 });
    await portal.database.db.insert(terms).values({ title, description, active: true, companyId: null });
  });

  afterAll(() => env?.close());

  it('sends the admin to the terms page after signing in when portal-wide terms are active', async () => {
    await submitLogin(page, portal.url, 'admin', ADMIN_PASSWORD);
    await waitForHash(page, /^#\/auth\/terms\?redirect=%2F$/);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('Please read and accept the terms & conditions to continue.').waitFor();
    const text = page.getByLabel(title);
    expect(await text.innerText()).toContain('Families may be used in your own projects only.');
    expect(await text.innerText()).toContain('Redistribution is not allowed.');
    expect(await page.locator('[data-testid=side-menu]').count()).toBe(0);
  });

  it('reaches the main layout when the terms are accepted', async () => {
    await page.getByRole('button', { name: 'I accept' }).click();
    await page.locator('[data-testid=side-menu]').waitFor();
    await page.locator('[data-testid=welcome]').waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('#/');
  });

  it('does not ask again when the admin signs in again', async () => {
    await signOut(page);
    await signIn(page, portal.url, 'admin', ADMIN_PASSWORD);
    await page.locator('[data-testid=welcome]').waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('#/');
  });
});
