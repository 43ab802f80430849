import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPortal } from '../../packages/server/test/harness.ts';
import {
  ADMIN_PASSWORD,
  chooseFromUserMenu,
  openPortal,
  type TPortalUnderTest,
  signIn,
  signOut,
  submitLogin,
  waitForHash,
  waitForMail,
  waitForToast,
} from '../support/browser.ts';

const ADMIN_EMAIL = 'admin@localhost';

describe('recovering and changing a password', () => {
  let env: TPortalUnderTest;
  let portal: TPortal;
  let page: Page;
  let resetPassword = '';
  const changedPassword = 'Chang3d-Password!';

  beforeAll(async () => {
    env = await openPortal();
    portal = env.portal;
    page = await env.newPage({ width: 1280, height: 800 });
  });

  afterAll(() => env?.close());

  const askForResetLink = async (userLogin: string) => {
    await page.goto(`${portal.url}#/auth/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await waitForHash(page, /^#\/auth\/forgot-password$/);
    await page.getByLabel('Login or e-mail address').fill(userLogin);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('Check your mailbox').waitFor({ timeout: 30_000 });
    await page.getByText('If the account exists, a mail was sent', { exact: false }).waitFor();
  };

  it('says a mail was sent also when the login is unknown, and sends none', async () => {
    const before = (await portal.mails()).length;
    await askForResetLink('nobody.here');
    expect(await portal.mails()).toHaveLength(before);
  });

  it('mails a reset link for the admin from the login page', async () => {
    await askForResetLink('admin');
    const mail = await waitForMail(portal.mails, ADMIN_EMAIL, /Reset/);
    expect(mail.text).toMatch(/#\/auth\/reset-password\?token=\S+/);
  });

  it('sets a generated password through the mailed link', async () => {
    const mail = await waitForMail(portal.mails, ADMIN_EMAIL, /Reset/);
    const route = /#\/auth\/reset-password\?token=\S+/.exec(mail.text)?.[0] ?? '';
    await page.goto(`${portal.url}${route}`);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByRole('button', { name: 'Generate a password' }).click();
    resetPassword = await page.locator('[data-testid=new-password]').inputValue();
    expect(resetPassword).toHaveLength(10);
    await page.getByRole('button', { name: 'Set the password' }).click();
    await waitForToast(page, 'Your password has been changed. You can now sign in.');
    await waitForHash(page, /^#\/auth\/login$/);
  });

  it('refuses the old password after the reset', async () => {
    await submitLogin(page, portal.url, 'admin', ADMIN_PASSWORD);
    const error = page.locator('[data-testid=login-error]');
    await error.waitFor();
    expect(await error.innerText()).toContain('The login detail is incorrect');
  });

  it('accepts the new password after the reset', async () => {
    await signIn(page, portal.url, 'admin', resetPassword);
    await page.locator('[data-testid=welcome]').waitFor();
  });

  it('shows an error when the change-password dialog gets a wrong old password', async () => {
    await chooseFromUserMenu(page, 'Change password');
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.waitFor();
    await dialog.getByLabel('Current password').fill('Wrong-Passw0rd!');
    await dialog.getByLabel('New password', { exact: true }).fill(changedPassword);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'The current password is not right');
    await dialog
      .locator('.ant-form-item-explain-error', { hasText: 'The current password is not right' })
      .waitFor();
    expect(await dialog.isVisible()).toBe(true);
  });

  it('changes the password from the user menu dialog', async () => {
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill(resetPassword);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Your password has been changed.');
    await dialog.waitFor({ state: 'hidden' });
    await signOut(page);
    await submitLogin(page, portal.url, 'admin', resetPassword);
    await page.locator('[data-testid=login-error]').getByText('The login detail is incorrect').waitFor();
    await signIn(page, portal.url, 'admin', changedPassword);
    await page.locator('[data-testid=welcome]').waitFor();
  });
});
