import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPortal } from '../../packages/server/test/harness.ts';
import {
  ADMIN_PASSWORD,
  openPortal,
  type TPortalUnderTest,
  signIn,
  submitLogin,
  waitForHash,
  waitForMail,
  waitForToast,
} from '../support/browser.ts';

describe('registering a new account', () => {
  let env: TPortalUnderTest;
  let portal: TPortal;
  let visitor: Page;
  let admin: Page;
  const login = `e2e.reg.${Date.now().toString(36)}`;
  const email = `${login}@example.com`;
  const password = 'Registr4tion-Pass!';

  beforeAll(async () => {
    env = await openPortal();
    portal = env.portal;
    visitor = await env.newPage();
    admin = await env.newPage();
  });

  afterAll(() => env?.close());

  const form = () => visitor.locator('[data-testid=register-form]');

  it('shows the spec messages when the empty register form is submitted', async () => {
    await visitor.goto(`${portal.url}#/auth/login`);
    await visitor.getByRole('link', { name: 'Register' }).click();
    await waitForHash(visitor, /^#\/auth\/register$/);
    await form().waitFor();
    await visitor.getByRole('button', { name: 'Create my account' }).click();
    await form().getByText('login is required').waitFor();
    await form().getByText('password is required').waitFor();
    await form().getByText('Accepting terms & conditions are required').waitFor();
    expect(await form().locator('.ant-form-item-explain-error').count()).toBeGreaterThanOrEqual(5);
    expect(await visitor.evaluate(() => window.location.hash)).toBe('#/auth/register');
  });

  it('registers with every required field and the picked company, then waits for approval', async () => {
    await form().getByLabel('Login', { exact: true }).fill(login);
    await form().getByLabel('Password', { exact: true }).fill(password);
    await form().getByLabel('First name').fill('Rita');
    await form().getByLabel('Last name').fill('Registrant');
    await form().getByLabel('E-mail').fill(email);
    // The optional fields carry "(optional)" in their label.
    await form()
      .getByRole('combobox', { name: /^Company/ })
      .click();
    await visitor.locator('.ant-select-item-option', { hasText: 'Family Portal' }).click();
    // A picked company shows in the picker and hides the free-text company name.
    await form()
      .getByLabel(/^Company name/)
      .waitFor({ state: 'detached' });
    await form().locator('.ant-select', { hasText: 'Family Portal' }).waitFor();
    await form().getByRole('checkbox', { name: 'I accept the terms & conditions' }).check();
    await visitor.getByRole('button', { name: 'Create my account' }).click();
    await visitor.getByText('Thank you for registering').waitFor({ timeout: 30_000 });
    await visitor.getByText('Your account waits for approval.', { exact: false }).waitFor();
  });

  it('refuses to sign in the registered user before approval with the server detail', async () => {
    await submitLogin(visitor, portal.url, login, password);
    const error = visitor.locator('[data-testid=login-error]');
    await error.waitFor();
    expect(await error.innerText()).toContain('The account is not approved yet');
    expect(await visitor.evaluate(() => window.location.hash)).toBe('#/auth/login');
  });

  it('lets the admin approve the user from the inactive filter of the users screen', async () => {
    await signIn(admin, portal.url, 'admin', ADMIN_PASSWORD);
    await admin.locator('[data-testid=side-menu]').getByText('Users', { exact: true }).click();
    await waitForHash(admin, /^#\/users/);
    await admin.getByRole('combobox', { name: 'Status' }).click();
    await admin.locator('.ant-select-item-option', { hasText: /^Inactive$/ }).click();
    // The filtered page replaces the previous one; act only once the active admin has left it.
    await admin
      .locator('.ant-table-tbody tr.ant-table-row', { hasText: 'Portal Administrator' })
      .waitFor({ state: 'detached' });
    const row = admin.locator('.ant-table-tbody tr.ant-table-row', { hasText: login });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Rita Registrant');
    expect(text).toContain('Family Portal');
    await row.locator('[data-testid=row-approve]').click();
    await waitForToast(admin, 'Users approved: 1');
    // Approved, it leaves the list of inactive users.
    await row.waitFor({ state: 'detached' });
    const approval = await waitForMail(portal.mails, email, /approved/);
    expect(approval.text).toContain(login);
  });

  it('sends the approved user to activation, which takes the mailed code', async () => {
    await submitLogin(visitor, portal.url, login, password);
    await waitForHash(visitor, /^#\/auth\/activate/);
    await visitor.getByText('Activate your account').waitFor();
    await visitor.getByRole('button', { name: 'Send me a code' }).click();
    await waitForToast(visitor, 'A code has been sent to your e-mail address.');
    const mail = await waitForMail(portal.mails, email, /Activate/);
    const code = /your activation code is:\n\n(\S+)/.exec(mail.text)?.[1];
    const link = /(http\S+#\/auth\/activate\?token=\S+)/.exec(mail.text)?.[1];
    expect(code).toBeTruthy();
    expect(link).toBeTruthy();
    // A wrong code first: its error shows, on the field too.
    await visitor.getByLabel('Activation code').fill('WRONG-CODE-123');
    await visitor.getByRole('button', { name: 'Activate my account' }).click();
    await waitForToast(visitor, 'The activation code is not valid or has expired');
    await visitor
      .locator('.ant-form-item-explain-error', { hasText: 'The activation code is not valid or has expired' })
      .waitFor();
    // Then the mailed link, opened in this very tab: the hash changes and its code is used.
    const signedOut = visitor.waitForResponse((response) => response.url().endsWith('/api/user/logout'));
    await visitor.goto(link ?? '');
    const done = visitor.locator('[data-testid=activation-done]');
    await done.waitFor();
    await done.getByText('Your account is activated').waitFor();
    // The wrong code's red toast is gone, and the success stays on screen.
    await visitor.locator('[data-testid=toast][data-type=error]').waitFor({ state: 'detached' });
    // The activation ends the sign-in it was made in: once that is over, the success is still shown.
    await signedOut;
    await visitor.waitForFunction(() => !Object.keys(localStorage).some((key) => key.endsWith('-authData')));
    expect(await done.isVisible()).toBe(true);
    await done.getByRole('link', { name: 'Sign in' }).click();
    await waitForHash(visitor, /^#\/auth\/login$/);
  });

  it('signs the activated user in to the main layout', async () => {
    await signIn(visitor, portal.url, login, password);
    await visitor.locator('[data-testid=welcome]').waitFor();
    expect(await visitor.locator('[data-testid=user-menu]').innerText()).toContain('Rita Registrant');
    expect(await visitor.evaluate(() => window.location.hash)).toBe('#/');
  });
});
