import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  chooseFromUserMenu,
  openPortal,
  signIn,
  type TPortalUnderTest,
  waitForHash,
} from '../support/browser.ts';
import { seriousViolations } from '../support/axe.ts';
import { fitsWidth } from '../support/layout.ts';

/** The help links of GET /info/env and the title of the page each must open. */
const HELP_LINKS = [
  { key: 'helpUrl', hash: '#/help', title: 'Family Portal help', german: 'Hilfe zum Familienportal' },
  {
    key: 'helpUrlFamilies',
    hash: '#/help/families',
    title: 'Finding and downloading families',
    german: 'Familien finden und herunterladen',
  },
  { key: 'helpUrlScenarios', hash: '#/help/scenarios', title: 'Scenarios', german: 'Szenarien' },
  {
    key: 'helpUrlPlacementRules',
    hash: '#/help/placement-rules',
    title: 'Placement rules',
    german: 'Platzierungsregeln',
  },
] as const;

describe('the help pages of the environment links', () => {
  let env: TPortalUnderTest;
  /** Each help link as GET /api/info/env answers it. */
  let links: Map<string, string>;

  beforeAll(async () => {
    env = await openPortal();
    const answer = (await (await fetch(`${env.portal.url}api/info/env`)).json()) as {
      environment: Array<{ key: string; value: string }>;
    };
    links = new Map(answer.environment.map((entry) => [entry.key, entry.value]));
  });

  afterAll(() => env?.close());

  /**
   * The link opened on the portal under test. The environment is built at start-up with the public
   * URL the test harness learns only once its port is known, so its path and hash are kept.
   */
  function onPortal(key: string): string {
    const link = new URL(links.get(key)!);
    return new URL(`${link.pathname}${link.hash}`, env.portal.url).toString();
  }

  /** Waits for the help page titled `expected` (a hash change keeps the previous page a moment). */
  async function expectTitle(page: Page, expected: string): Promise<void> {
    const heading = page.locator('[data-testid=help-article] h1', { hasText: expected });
    await heading.waitFor({ timeout: 15_000 });
    expect(await heading.innerText()).toBe(expected);
  }

  it('opens each link signed out on its page, not on sign-in', async () => {
    const page = await env.newPage();
    for (const { key, hash, title: expected } of HELP_LINKS) {
      expect(links.get(key)?.endsWith(`/${hash}`), key).toBe(true);
      await page.goto(onPortal(key));
      await expectTitle(page, expected);
      expect(await page.evaluate(() => window.location.hash)).toBe(hash);
      await page.locator('[data-testid=help-back]', { hasText: 'Sign in' }).waitFor();
    }
  });

  it('opens each link signed in, and switches to German', async () => {
    const page = await env.newPage();
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    for (const { key, title: expected } of HELP_LINKS) {
      await page.goto(onPortal(key));
      await expectTitle(page, expected);
      await page.locator('[data-testid=help-back]', { hasText: 'Back to the portal' }).waitFor();
    }

    await page.locator('[data-testid=language-switcher]').click();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page
      .locator('[data-testid=help-article] h1', { hasText: 'Platzierungsregeln' })
      .waitFor({ timeout: 15_000 });
    await page.getByRole('navigation', { name: 'Hilfethemen' }).waitFor();
    for (const { hash, german } of HELP_LINKS) {
      await page.goto(`${env.portal.url}${hash}`);
      await page.locator('[data-testid=help-article] h1', { hasText: german }).waitFor({ timeout: 15_000 });
    }
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

    // The way back leads into the portal, still signed in.
    await page.locator('[data-testid=help-back]').click();
    await waitForHash(page, /^#\/$/);
    await page.locator('[data-testid=side-menu]').waitFor();
  });

  it('is reached from the sign-in page and from the account menu', async () => {
    const page = await env.newPage();
    await page.goto(`${env.portal.url}#/auth/login`);
    await page.locator('[data-testid=help-link]').click();
    await waitForHash(page, /^#\/help$/);
    await expectTitle(page, 'Family Portal help');

    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await chooseFromUserMenu(page, 'Help');
    await waitForHash(page, /^#\/help$/);
    await page
      .locator('[data-testid=help-topics]')
      .getByRole('link', { name: 'Price lists and Excel' })
      .click();
    await waitForHash(page, /^#\/help\/price-lists$/);
    await expectTitle(page, 'Price lists and Excel');
    await page.locator('[data-testid=help-toc]').getByRole('link', { name: 'Importing from Excel' }).click();
    await waitForHash(page, /^#\/help\/price-lists\?section=help-importing-from-excel$/);
    await page.waitForFunction(() => document.activeElement?.id === 'help-importing-from-excel');
  });

  it('fits a 390 px window without sideways scrolling, signed out and signed in', async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    for (const { key, title: expected } of HELP_LINKS) {
      await page.goto(onPortal(key));
      await expectTitle(page, expected);
      expect(await fitsWidth(page), key).toBe(true);
    }
    // The side menu signIn waits for is a closed drawer on a phone: sign in wide, then narrow again.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const { key } of HELP_LINKS) {
      await page.goto(onPortal(key));
      await page.locator('[data-testid=help-back]', { hasText: 'Back to the portal' }).waitFor();
      expect(await fitsWidth(page), key).toBe(true);
    }
  });

  it.each([
    ['desktop', 1366, 900],
    ['phone', 390, 844],
  ] as const)(
    'has no serious accessibility problem on a %s, light and dark',
    async (_name, width, height) => {
      // axe is injected as a script, which the portal's CSP would refuse.
      const page = await env.newPage({ width, height }, { bypassCSP: true, reducedMotion: 'reduce' });
      for (const theme of ['light', 'dark']) {
        await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
        await page.goto(`${env.portal.url}#/help/uploading`);
        await expectTitle(page, 'Uploading families and approvals');
        await page.reload();
        await expectTitle(page, 'Uploading families and approvals');
        expect(await page.locator('h1').count()).toBe(1);
        expect(await page.locator('main').count()).toBe(1);
        expect(await seriousViolations(page), theme).toEqual([]);
      }
    },
  );
});
