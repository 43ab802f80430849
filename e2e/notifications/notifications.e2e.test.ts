import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import {
  ADMIN_PASSWORD,
  confirmDelete,
  openPortal,
  signIn,
  submitLogin,
  type TPortalUnderTest,
  waitForHash,
  waitForToast,
} from '../support/browser.ts';
import { fitsWidth, settled } from '../support/layout.ts';
import { shotsOf } from '../support/shots.ts';

const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };

const shot = shotsOf('notifications');

/** Signs in on a narrow window, where the side menu hides in a drawer until the header's toggle. */
async function signInOnPhone(page: Page, baseUrl: string, login: string, password: string): Promise<void> {
  await submitLogin(page, baseUrl, login, password);
  await page.locator('[data-testid=menu-toggle]').first().waitFor();
}

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

type TJson = Record<string, unknown>;

/** Calls the API as the admin (no cookies, so no CSRF header is needed). */
async function adminApi(baseUrl: string): Promise<(route: string, body: object) => Promise<TJson>> {
  const call = async (route: string, body: object, token?: string) => {
    const response = await fetch(new URL(`api${route}`, baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as TJson;
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const { authToken } = (await call('/user/login', {
    username: 'admin',
    password: sha512(ADMIN_PASSWORD),
  })) as {
    authToken: string;
  };
  return (route, body) => call(route, body, authToken);
}

describe('notifications', () => {
  let env: TPortalUnderTest;
  let admin: Page;
  const suffix = Date.now().toString(36);
  const login = `reader-${suffix}`;
  const password = 'Reader-Passw0rd!';
  const title = `New door families ${suffix}`;
  const companyTitle = `Price list for your company ${suffix}`;
  let companyName = '';

  beforeAll(async () => {
    env = await openPortal();
    const api = await adminApi(env.portal.url);
    const { roleInfos } = (await api('/role/find', {})) as {
      roleInfos: { roleId: number; roleName: string }[];
    };
    const { companyInfos } = (await api('/company/find', {})) as {
      companyInfos: { companyId: number; companyName: string }[];
    };
    const role = roleInfos.find((r) => r.roleName === 'userrole');
    const company = companyInfos[0];
    companyName = company?.companyName ?? '';
    await api('/user/save', {
      userInfos: [
        {
          login,
          passwordHash: sha512(password),
          firstName: 'Rita',
          lastName: 'Reader',
          email: `${login}@example.com`,
          registrationCompleted: true,
          company: company ? { companyId: company.companyId } : null,
          roles: role ? [{ roleId: role.roleId }] : [],
        },
      ],
    });
    // axe is injected as a script, which the portal's CSP would refuse.
    admin = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce' });
    await signIn(admin, env.portal.url, 'admin', ADMIN_PASSWORD);
  });

  afterAll(() => env?.close());

  const row = (page: Page, text: string) =>
    page.locator(
      '[data-testid=notification-table] .ant-table-row, [data-testid=notification-table] [data-testid=list-row]',
      {
        hasText: text,
      },
    );

  it('lets the admin write a notification for everyone, with its rules checked', async () => {
    await admin.locator('[data-testid=menu-notifications]').click();
    await waitForHash(admin, /^#\/notifications$/);
    await admin.locator('[data-testid=list-empty]').waitFor();
    await shot(admin, '1-empty-desktop');
    expect(await seriousViolations(admin)).toEqual([]);

    await admin.locator('[data-testid=notification-create]').click();
    const form = admin.locator('[data-testid=notification-form]');
    await form.waitFor();
    await admin.locator('[data-testid=notification-form-save]').click();
    await form.getByText('Notification title is required', { exact: true }).waitFor();
    await form.getByLabel('Title').fill(title);
    await form
      .getByLabel('Description')
      .fill('Twelve new fire doors, single and double, are in the library.');
    await form.getByLabel('Link').fill('www.example.com');
    await admin.locator('[data-testid=notification-form-save]').click();
    await form.getByText('Notification link is not valid').waitFor();
    await form.getByLabel('Link').fill('#/families');
    await form.getByText('Notification link is not valid').waitFor({ state: 'detached' });
    await admin.mouse.move(1, 1);
    await shot(admin, '2-form-desktop');
    expect(await seriousViolations(admin, '.ant-drawer')).toEqual([]);

    await admin.locator('[data-testid=notification-form-save]').click();
    await waitForToast(admin, 'The notification has been published.');
    await form.waitFor({ state: 'hidden' });
    await row(admin, title).waitFor();
    expect(await row(admin, title).innerText()).toContain('Everyone');
  });

  it('writes a second one for one company tree, picked by name, linking to a web page', async () => {
    await admin.locator('[data-testid=notification-create]').click();
    const form = admin.locator('[data-testid=notification-form]');
    await form.waitFor();
    await form.getByLabel('Title').fill(companyTitle);
    await form.getByLabel('Link').fill('https://example.com/prices');
    await form.getByText('One company tree', { exact: true }).click();
    await form.locator('[data-testid=notification-company]').click();
    await admin.keyboard.type(companyName.slice(0, 6));
    await admin.locator('.ant-select-item-option', { hasText: companyName }).first().click();
    await admin.locator('[data-testid=notification-form-save]').click();
    await waitForToast(admin, 'The notification has been published.');
    await form.waitFor({ state: 'hidden' });
    await row(admin, companyTitle).waitFor();
    expect(await row(admin, companyTitle).innerText()).toContain(companyName);
    await shot(admin, '3-list-desktop');
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it('shows the admin screen and its drawer on a phone', async () => {
    const phone = await env.newPage(PHONE, { bypassCSP: true, reducedMotion: 'reduce' });
    await signInOnPhone(phone, env.portal.url, 'admin', ADMIN_PASSWORD);
    await phone.goto(`${env.portal.url}#/notifications`);
    await row(phone, title).waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, '4-list-phone');
    expect(await seriousViolations(phone)).toEqual([]);
    await row(phone, companyTitle)
      .getByRole('button', { name: `Edit ${companyTitle}` })
      .click();
    const form = phone.locator('[data-testid=notification-form]');
    await form.waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe(companyTitle);
    await shot(phone, '5-form-phone');
    expect(await seriousViolations(phone, '.ant-drawer')).toEqual([]);
  });

  it("shows a user the bell's count; following the link opens the screen and lowers the count", async () => {
    const user = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce' });
    await signIn(user, env.portal.url, login, password);
    const bell = user.locator('[data-testid=notification-bell]');
    await user.waitForFunction(
      () =>
        document.querySelector('[data-testid=notification-bell]')?.getAttribute('aria-label') ===
        '2 unread notifications',
    );
    expect(await bell.locator('.ant-badge-count').innerText()).toBe('2');
    // The keyboard opens it, and the focus moves into the list.
    await bell.focus();
    await user.keyboard.press('Enter');
    const panel = user.locator('[data-testid=notification-bell-panel]');
    await panel.waitFor();
    const items = panel.locator('[data-testid=notification-bell-item]');
    expect(await items.count()).toBe(2);
    const external = items.filter({ hasText: companyTitle });
    expect(await external.getAttribute('target')).toBe('_blank');
    expect(await external.getAttribute('rel')).toBe('noopener noreferrer');
    await shot(user, '6-bell-desktop');
    expect(await seriousViolations(user)).toEqual([]);

    await items.filter({ hasText: title }).click();
    await waitForHash(user, /^#\/families/);
    await user.waitForFunction(
      () =>
        document.querySelector('[data-testid=notification-bell]')?.getAttribute('aria-label') ===
        '1 unread notification',
    );
    await panel.waitFor({ state: 'hidden' });
    // The read state is the server's: it holds after a reload.
    await user.reload();
    await user.waitForFunction(
      () =>
        document.querySelector('[data-testid=notification-bell]')?.getAttribute('aria-label') ===
        '1 unread notification',
    );

    await user.goto(`${env.portal.url}#/notifications/inbox`);
    const inbox = user.locator('[data-testid=notification-inbox]');
    await inbox.getByText(companyTitle).waitFor();
    expect(
      await inbox.locator('[data-testid=notification-inbox-item][data-read=true]').innerText(),
    ).toContain(title);
    await shot(user, '7-inbox-desktop');
    expect(await seriousViolations(user)).toEqual([]);
  });

  it('gives a user on a phone the bell, the inbox with its unread filter, and mark all as read', async () => {
    const user = await env.newPage(PHONE, { bypassCSP: true, reducedMotion: 'reduce' });
    await signInOnPhone(user, env.portal.url, login, password);
    const bell = user.locator('[data-testid=notification-bell]');
    await user.waitForFunction(
      () =>
        document.querySelector('[data-testid=notification-bell]')?.getAttribute('aria-label') ===
        '1 unread notification',
    );
    await bell.click();
    const panel = user.locator('[data-testid=notification-bell-panel]');
    await panel.waitFor();
    expect(await fitsWidth(user)).toBe(true);
    await settled(user);
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await shot(user, '8-bell-phone');
    expect(await seriousViolations(user)).toEqual([]);

    await panel.locator('[data-testid=notification-see-all]').click();
    await waitForHash(user, /^#\/notifications\/inbox/);
    const inbox = user.locator('[data-testid=notification-inbox]');
    await inbox.getByText(title).waitFor();
    await inbox.getByText(companyTitle).waitFor();
    await user
      .locator('[data-testid=notification-inbox-filter]')
      .getByText('Unread', { exact: true })
      .click();
    await waitForHash(user, /unread=true/);
    await user.waitForFunction(
      () => document.querySelectorAll('[data-testid=notification-inbox-item]').length === 1,
    );
    await inbox.getByText(companyTitle).waitFor();
    expect(await fitsWidth(user)).toBe(true);
    await shot(user, '9-inbox-phone');
    expect(await seriousViolations(user)).toEqual([]);

    await user.locator('[data-testid=notification-inbox-mark-all]').click();
    await user.waitForFunction(
      () =>
        document.querySelector('[data-testid=notification-bell]')?.getAttribute('aria-label') ===
        'Notifications, none unread',
    );
    await inbox.locator('[data-testid=list-empty]').waitFor();
  });

  it('keeps a plain user out of the admin screen: #/notifications leads to the inbox', async () => {
    const user = await env.newPage(DESKTOP);
    await signIn(user, env.portal.url, login, password);
    expect(await user.locator('[data-testid=menu-notifications]').count()).toBe(0);
    await user.goto(`${env.portal.url}#/notifications`);
    await waitForHash(user, /^#\/notifications\/inbox/);
    expect(await user.locator('[data-testid=notification-create]').count()).toBe(0);
  });

  it('lets the admin delete a notification after confirming', async () => {
    await row(admin, companyTitle)
      .getByRole('button', { name: `Delete ${companyTitle}` })
      .click();
    await confirmDelete(admin);
    await waitForToast(admin, `The notification ${companyTitle} has been deleted.`);
    await row(admin, companyTitle).waitFor({ state: 'detached' });
    await row(admin, title).waitFor();
  });
});
