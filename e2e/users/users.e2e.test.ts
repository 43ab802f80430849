import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPortal } from '../../packages/server/test/harness.ts';
import {
  ADMIN_PASSWORD,
  confirmDelete,
  openPortal,
  signIn,
  type TPortalUnderTest,
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

  it('says which fields are required, then which are wrong, for the empty form', async () => {
    await page.locator('[data-testid=side-menu]').getByText('Users', { exact: true }).click();
    await waitForHash(page, /^#\/users/);
    await page.locator('[data-testid=user-create]').click();
    const form = page.locator('[data-testid=user-form]');
    await form.waitFor();
    await page.locator('[data-testid=user-form-save]').click();
    await form.getByText('Login is required', { exact: true }).waitFor();
    await form.getByText('First name is required', { exact: true }).waitFor();
    await form.getByText('E-mail is required', { exact: true }).waitFor();
    expect(await form.getByText(/Minimum field length/).count()).toBe(0);
    await form.getByLabel('Login').fill('ab');
    await form.getByLabel('E-mail').fill('not-an-email');
    await page.locator('[data-testid=user-form-save]').click();
    await form.getByText('Minimum field length: 3', { exact: true }).waitFor();
    await form.getByText('E-mail is not valid').waitFor();
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

  it('opens "New user" empty after editing a user with a phone', async () => {
    await row().getByRole('button', { name: /^Edit/ }).click();
    const form = page.locator('[data-testid=user-form]');
    await form.getByLabel('Phone').fill('+49 30 1234567');
    await page.locator('[data-testid=user-form-save]').click();
    await waitForToast(page, 'The user has been saved.');
    await form.waitFor({ state: 'hidden' });
    await page.locator('[data-testid=user-create]').click();
    await form.waitFor();
    expect(await form.getByLabel('Phone').inputValue()).toBe('');
    expect(await form.getByLabel('Login').inputValue()).toBe('');
    expect(await form.getByLabel('First name').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it('shows a login that is taken on the login field, not only in a toast', async () => {
    await page.locator('[data-testid=user-create]').click();
    const form = page.locator('[data-testid=user-form]');
    await form.waitFor();
    await form.getByLabel('Login').fill('admin');
    await form.getByRole('button', { name: 'Generate a password' }).click();
    await form.getByLabel('First name').fill('Second');
    await form.getByLabel('Last name').fill('Admin');
    await form.getByLabel('E-mail').fill('second.admin@example.com');
    await page.locator('[data-testid=user-form-save]').click();
    await waitForToast(page, 'The login admin is already taken');
    // The toast sits below the header: the language, theme and account controls stay usable.
    const toastBox = await page.locator('[data-testid=toast]').first().boundingBox();
    const menuBox = await page.locator('[data-testid=user-menu]').boundingBox();
    expect(toastBox && menuBox && toastBox.y >= menuBox.y + menuBox.height).toBe(true);
    await form
      .locator('.ant-form-item', { has: page.getByLabel('Login') })
      .getByText('The login admin is already taken')
      .waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it('keeps the company name a self-registered user typed when saved without changes', async () => {
    const selfLogin = `e2e.self.${Date.now().toString(36)}`;
    const answer = await fetch(`${portal.url}api/user/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        userInfo: {
          login: selfLogin,
          passwordHash: createHash('sha512').update('Self-Registered-1!').digest('hex'),
          userData: {
            firstName: 'Rita',
            lastName: 'Selfmade',
            email: `${selfLogin}@example.com`,
            phone: null,
            companyName: 'Rita Bau GmbH',
            company: null,
          },
        },
        acceptTerms: true,
      }),
    });
    expect(answer.status).toBe(200);
    const selfRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: selfLogin });
    await page.locator('[data-testid=user-search] input').fill(selfLogin);
    await selfRow.waitFor();
    await selfRow.getByRole('button', { name: /^Edit/ }).click();
    const form = page.locator('[data-testid=user-form]');
    const companyName = form.getByLabel(/^Company name/);
    expect(await companyName.inputValue()).toBe('Rita Bau GmbH');
    await page.locator('[data-testid=user-form-save]').click();
    await waitForToast(page, 'The user has been saved.');
    await form.waitFor({ state: 'hidden' });
    await selfRow.getByRole('button', { name: /^Edit/ }).click();
    await form.waitFor();
    expect(await form.getByLabel(/^Company name/).inputValue()).toBe('Rita Bau GmbH');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.locator('[data-testid=user-search] input').fill(login);
    await page.waitForFunction(
      () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1,
    );
  });

  it('deactivates the user', async () => {
    await row().locator('[data-testid=row-deactivate]').click();
    await waitForToast(page, 'Users deactivated: 1');
    await row().getByText('Inactive', { exact: true }).waitFor();
  });

  it('deletes the user after a confirmation', async () => {
    await row().locator('[data-testid=row-delete]').click();
    await confirmDelete(page);
    await waitForToast(page, 'Users deleted: 1');
    await page.getByText('No users match the search or filters.').waitFor();
  });
});
