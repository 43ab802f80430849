import { createHash } from 'node:crypto';
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
import { postAs } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import { fitsWidth } from '../support/layout.ts';

/** The activation mail's short code and its one-click link. */
const CODE = /\n\n([2-9A-Z]{4}-[2-9A-Z]{4})\n/;
const LINK = /(http\S+#\/auth\/activate\?token=\S+)/;

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
    // The picker searches the server as one types.
    const picker = form().getByRole('combobox', { name: /^Company/ });
    await picker.click();
    await picker.pressSequentially('family por');
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

  it('sends the approved user to activation, whose short code signs them in without a second sign-in', async () => {
    await submitLogin(visitor, portal.url, login, password);
    await waitForHash(visitor, /^#\/auth\/activate/);
    await visitor.getByText('Activate your account').waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
    await visitor.getByRole('button', { name: 'Send me a code' }).click();
    await waitForToast(visitor, 'A code has been sent to your e-mail address.');
    const mail = await waitForMail(portal.mails, email, /Activate/);
    const code = CODE.exec(mail.text)?.[1];
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(LINK.exec(mail.text)?.[1]).toBeTruthy();
    expect(await seriousViolations(visitor)).toEqual([]);
    // A wrong code first: its error shows, on the field too.
    const wrong = code!.startsWith('2') ? `3${code!.slice(1)}` : `2${code!.slice(1)}`;
    await visitor.getByLabel('Activation code').fill(wrong);
    await visitor.getByRole('button', { name: 'Activate my account' }).click();
    await waitForToast(visitor, 'The activation code is not valid or has expired');
    await visitor
      .locator('.ant-form-item-explain-error', { hasText: 'The activation code is not valid or has expired' })
      .waitFor();
    // Then the right one, typed in lower case without its dash: signed in at once, no second sign-in.
    await visitor.getByLabel('Activation code').fill(code!.replace('-', '').toLowerCase());
    await visitor.getByRole('button', { name: 'Activate my account' }).click();
    await visitor.locator('[data-testid=side-menu]').waitFor();
    await waitForToast(visitor, 'Your account is activated. Welcome!');
    // The wrong code's red toast is gone.
    await visitor.locator('[data-testid=toast][data-type=error]').waitFor({ state: 'detached' });
    expect(await visitor.locator('[data-testid=user-menu]').innerText()).toContain('Rita Registrant');
    expect(await visitor.evaluate(() => window.location.hash)).toBe('#/');
  });

  it('shows the activated user their role in words in the account menu', async () => {
    await visitor.locator('[data-testid=user-menu]').click();
    const roles = visitor.locator('[data-testid=user-menu-roles]');
    await roles.waitFor();
    expect(await roles.innerText()).toBe('End user');
    await visitor.keyboard.press('Escape');
  });

  it('shows every role in words on the users screen and in the user form, with no serious axe finding', async () => {
    await admin.goto(`${portal.url}#/users`);
    const adminRow = admin.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'Portal Administrator' });
    await adminRow.locator('[data-testid=role-name]', { hasText: 'Administrator' }).waitFor();
    await admin.goto(`${portal.url}#/users?q=${encodeURIComponent(login)}`);
    const row = admin.locator('.ant-table-tbody tr.ant-table-row', { hasText: login });
    await row.locator('[data-testid=role-name]', { hasText: 'End user' }).waitFor();
    expect(await admin.locator('.ant-table-tbody').innerText()).not.toMatch(/adminrole|userrole/);
    expect(await seriousViolations(admin, '[data-testid=user-list]')).toEqual([]);
    // The form's role picker: the chosen role in words, each option with its description.
    await row.getByRole('button', { name: /^Edit/ }).click();
    const userForm = admin.locator('[data-testid=user-form]');
    await userForm.locator('.ant-select-selection-item', { hasText: 'End user' }).waitFor();
    await userForm.getByLabel('Roles').click();
    await admin
      .locator('.ant-select-item-option', {
        hasText: 'Reads the content; adds and changes it through approval.',
      })
      .waitFor();
    expect(await seriousViolations(admin, '.ant-drawer')).toEqual([]);
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.goto(`${portal.url}#/roles`);
    await admin.getByText('Company user', { exact: true }).waitFor();
    await admin.getByText('Finds and downloads the published content.').waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
  });
});

describe('the activation link', () => {
  let env: TPortalUnderTest;

  beforeAll(async () => {
    env = await openPortal();
  });

  afterAll(() => env?.close());

  /** An approved user who has not activated yet, and the activation mail it asked for. */
  async function pendingActivation(prefix: string) {
    const admin = await postAs(env.portal.url, 'admin', ADMIN_PASSWORD);
    const userLogin = `${prefix}.${Date.now().toString(36)}`;
    const userPassword = 'Activ4tion-Pass!';
    const hashed = createHash('sha512').update(userPassword).digest('hex');
    await admin('/user/save', {
      userInfos: [
        {
          login: userLogin,
          passwordHash: hashed,
          firstName: 'Lina',
          lastName: 'Linked',
          email: `${userLogin}@example.com`,
          active: true,
          registrationCompleted: false,
        },
      ],
    });
    const signIn = await fetch(new URL('api/user/login', env.portal.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: userLogin, password: hashed }),
    });
    const { authToken } = (await signIn.json()) as { authToken: string };
    const sent = await fetch(new URL('api/user/selfcare/send-token', env.portal.url), {
      headers: { Authorization: `Bearer ${authToken}` },
    });
    expect(sent.status).toBe(200);
    const mail = await waitForMail(env.portal.mails, `${userLogin}@example.com`, /Activate/);
    const link = LINK.exec(mail.text)?.[1];
    if (!link) throw new Error(`no link in ${mail.text}`);
    return link;
  }

  it('activates in one click in a browser that never signed in, and ends signed in', async () => {
    const link = await pendingActivation('e2e.link');
    const page = await env.newPage();
    await page.goto(link);
    await page.locator('[data-testid=side-menu]').waitFor();
    await waitForToast(page, 'Your account is activated. Welcome!');
    expect(await page.locator('[data-testid=user-menu]').innerText()).toContain('Lina Linked');
    // The same link a second time: it is spent, and says what to do.
    const again = await env.newPage();
    await again.goto(link);
    await again.locator('[data-testid=activation-link-failed]').waitFor();
    await again.getByText('This activation link is not valid any more').waitFor();
    expect(await seriousViolations(again)).toEqual([]);
  });

  it('fits a 390 px phone, in German too', async () => {
    const link = await pendingActivation('e2e.phone');
    const page = await env.newPage({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('language', 'de'));
    await page.goto(link);
    await page.locator('[data-testid=user-menu]').waitFor();
    await waitForToast(page, 'Ihr Konto ist aktiviert. Willkommen!');
    expect(await fitsWidth(page)).toBe(true);
  });
});
