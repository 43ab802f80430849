import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPortal } from '../../packages/server/test/harness.ts';
import {
  ADMIN_PASSWORD,
  openPortal,
  type TPortalUnderTest,
  signIn,
  waitForHash,
  waitForToast,
} from '../support/browser.ts';

describe('managing users', () => {
  let env: TPortalUnderTest;
  let portal: TPortal;
  let page: Page;
  const login = `e2e.user.${Date.now().toString(36)}`;

  beforeAll(async () => {
    env = await openPortal();
    portal = env.portal;
    page = await env.newPage();
    await signIn(page, portal.url, 'admin', ADMIN_PASSWORD);
  });

  afterAll(() => env?.close());

  const row = () => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: login });

  it('shows the template messages of the contract for an empty form', async () => {
    await page.locator('[data-testid=side-menu]').getByText('Users', { exact: true }).click();
    await waitForHash(page, /^#\/users/);
    await page.locator('[data-testid=user-create]').click();
    const form = page.locator('[data-testid=user-form]');
    await form.waitFor();
    await form.getByLabel('Login').fill('ab');
    await form.getByLabel('E-mail').fill('not-an-email');
    await page.locator('[data-testid=user-form-save]').click();
    await form.getByText('login minimum length is 3').waitFor();
    await form.getByText('email is not valid').waitFor();
  });

  it('creates a user through the form with a generated password', async () => {
    const form = page.locator('[data-testid=user-form]');
    await form.getByLabel('Login').fill(login);
    await form.getByRole('button', { name: 'Generate a password' }).click();
    const password = await form.locator('[data-testid=new-password]').inputValue();
    expect(password).toHaveLength(10);
    await form.getByLabel('First name').fill('Erika');
    await form.getByLabel('Last name').fill('Mustermann-Oberhausen');
    await form.getByLabel('E-mail').fill(`${login}@example.com`);
    await page.locator('[data-testid=user-form-save]').click();
    await waitForToast(page, 'The user has been created.');
  });

  it('finds the new user by search, with the search kept in the URL', async () => {
    await page.locator('[data-testid=user-search] input').fill(login);
    await waitForHash(page, new RegExp(`q=${login.replace(/\./g, '\\.')}`));
    await row().waitFor();
    // The previous page stays on screen while the search runs: wait for the narrowed list.
    await page.waitForFunction(
      () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1,
    );
    expect(await row().innerText()).toContain('Erika Mustermann-Oberhausen');
  });

  it('gives the user a photo that the form shows again when reopened', async () => {
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    await row().getByRole('button', { name: /^Edit/ }).click();
    await page.locator('[data-testid=user-form] input[type=file]').setInputFiles({
      name: 'erika.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.locator('[data-testid=photo-remove]').waitFor();
    await page.locator('[data-testid=user-form-save]').click();
    await waitForToast(page, 'The user has been saved.');
    await row().getByRole('button', { name: /^Edit/ }).click();
    await page.locator('[data-testid=user-form] img[alt]').waitFor();
    await page.locator('[data-testid=photo-remove]').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('deactivates the user', async () => {
    await row().locator('[data-testid=row-deactivate]').click();
    await waitForToast(page, 'Users deactivated: 1');
    await row().getByText('Inactive', { exact: true }).waitFor();
  });

  it('deletes the user after a confirmation', async () => {
    await row().locator('[data-testid=row-delete]').click();
    await page.locator('[data-testid=confirm-delete]').click();
    await waitForToast(page, 'Users deleted: 1');
    await page.getByText('No users match the search or filters.').waitFor();
  });
});
