import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { startPortal, type TPortal } from '../../packages/server/test/harness.ts';

/** Debian's Chromium: the browser tests drive it and never download one of their own. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** How the tests and the browser bench start Debian's Chromium: headless, quiet, nothing fetched. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export const ADMIN_PASSWORD = 'Admin-Passw0rd!';

/** Launches headless Chromium; fails (never skips) when the browser is not installed. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. The browser tests need Debian's chromium package: apt-get install chromium`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export type TPortalUnderTest = {
  portal: TPortal;
  /** A page in a fresh browser context (its own storage and cookies). */
  newPage(viewport?: { width: number; height: number }, options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
};

/** A real portal (admin password ADMIN_PASSWORD) and headless Chromium, for one test file. */
export async function openPortal(): Promise<TPortalUnderTest> {
  const browser = await launchBrowser();
  const portal = await startPortal({ adminPassword: ADMIN_PASSWORD });
  const contexts: BrowserContext[] = [];
  return {
    portal,
    async newPage(viewport = { width: 1280, height: 900 }, options = {}) {
      const context = await browser.newContext({ ...options, viewport });
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      for (const context of contexts) await context.close();
      await browser.close();
      await portal.close();
    },
  };
}

/** Waits until the hash route matches, e.g. /^#\/auth\/login/. */
export async function waitForHash(page: Page, pattern: RegExp, timeout = 15_000): Promise<void> {
  await page.waitForFunction((source) => new RegExp(source).test(window.location.hash), pattern.source, {
    timeout,
  });
}

/** Signs in through the login form and waits for the main layout. */
export async function signIn(page: Page, baseUrl: string, login: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}#/auth/login`);
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('[data-testid=side-menu]').waitFor();
}

/** Text of every toast currently shown. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('[data-testid=toast]').allInnerTexts();
}

/** Waits for a toast containing the text. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.locator('[data-testid=toast]', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** Waits until no antd popup (menu, popover, confirmation, dialog) is still sliding or zooming in. */
export async function popupsStill(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.ant-dropdown, .ant-popover, .ant-modal')].every(
      (popup) => !/-(appear|enter)\b/.test(popup.className),
    ),
  );
}

/**
 * Clicks a control in a popup that closes the popup: a user-menu entry, a confirmation's OK. Under
 * load a click can land while the popup is still moving in and be lost (seen in CI: the menu stayed
 * open and the sign-out never happened; a delete was never confirmed), so it waits for the popup to
 * stand still, and takes the control going away as proof the click was taken, clicking again (after
 * `open` when the popup closed without it) up to twice when it was not.
 */
async function clickToClose(page: Page, control: Locator, open?: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (open && !(await control.isVisible())) await open();
    await control.waitFor();
    await popupsStill(page);
    await control.click();
    try {
      await control.waitFor({ state: 'hidden', timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Opens the user menu and chooses an entry (see clickToClose). */
export async function chooseFromUserMenu(page: Page, name: string): Promise<void> {
  await clickToClose(page, page.getByRole('menuitem', { name }), () =>
    page.locator('[data-testid=user-menu]').click(),
  );
}

/** Confirms the open delete confirmation (the `confirm-delete` button; see clickToClose). */
export async function confirmDelete(page: Page): Promise<void> {
  await clickToClose(page, page.locator('[data-testid=confirm-delete]'));
}

/** Signs out through the user menu and waits for the login page. */
export async function signOut(page: Page): Promise<void> {
  await chooseFromUserMenu(page, 'Sign out');
  await page.locator('[data-testid=login-form]').waitFor();
}

/** Fills the login form and submits it, without waiting for where the portal goes next. */
export async function submitLogin(
  page: Page,
  baseUrl: string,
  login: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}#/auth/login`);
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The newest mail sent to the address, waiting a little for the portal's mail worker to send it. */
export async function waitForMail<TMail extends { to: string; subject: string; text: string }>(
  mails: () => Promise<TMail[]>,
  to: string,
  subject: RegExp,
  timeout = 10_000,
): Promise<TMail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await mails()).filter((mail) => mail.to === to && subject.test(mail.subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with a subject matching ${subject.source}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
