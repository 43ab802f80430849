import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../packages/server/src/lib/totp.ts';
import type { TPortal } from '../../packages/server/test/harness.ts';
import {
  ADMIN_PASSWORD,
  chooseFromUserMenu,
  openPortal,
  signIn,
  signOut,
  submitLogin,
  type TPortalUnderTest,
  waitForToast,
} from '../support/browser.ts';

describe('two-step sign-in', () => {
  let env: TPortalUnderTest;
  let portal: TPortal;
  let page: Page;
  let secret = '';
  let recoveryCode = '';

  beforeAll(async () => {
    env = await openPortal();
    portal = env.portal;
    page = await env.newPage();
  });

  afterAll(() => env?.close());

  it('turns on from the user menu with a code from the app and shows the recovery codes', async () => {
    await signIn(page, portal.url, 'admin', ADMIN_PASSWORD);
    await chooseFromUserMenu(page, 'Two-step sign-in');
    await page.locator('[data-testid=two-step-start]').click();
    secret = (await page.locator('[data-testid=two-step-secret]').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    await page.locator('[data-testid=two-step-code]').fill(totpCode(secret, Date.now()));
    await page.locator('[data-testid=two-step-enable]').click();
    await waitForToast(page, 'Two-step sign-in is on.');
    const codes = await page.locator('[data-testid=two-step-recovery] .ant-list-item').allInnerTexts();
    expect(codes).toHaveLength(10);
    recoveryCode = codes[0]?.trim() ?? '';
    await page.locator('[data-testid=two-step-done]').click();
  });

  it('asks for the code after the password at the next sign-in', async () => {
    await signOut(page);
    await submitLogin(page, portal.url, 'admin', ADMIN_PASSWORD);
    await page
      .getByLabel('Authentication code')
      .fill('000000' === totpCode(secret, Date.now()) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The code is not valid. Please try again.').waitFor();
    // The server takes each 30 s step once and turning it on spent this one: use the next step's
    // code, which it accepts for clock drift.
    await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.locator('[data-testid=side-menu]').waitFor();
  });

  it('takes a recovery code once instead of the app code', async () => {
    await signOut(page);
    await submitLogin(page, portal.url, 'admin', ADMIN_PASSWORD);
    await page.getByLabel('Authentication code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.locator('[data-testid=side-menu]').waitFor();
  });
});
