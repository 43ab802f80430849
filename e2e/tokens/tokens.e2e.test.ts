import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import {
  ADMIN_PASSWORD,
  openPortal,
  signIn,
  type TPortalUnderTest,
  waitForHash,
  waitForToast,
} from '../support/browser.ts';
import { fitsWidth } from '../support/layout.ts';
import { shotsOf } from '../support/shots.ts';

const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };

const shot = shotsOf('tokens');
const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

/** A download with the token of a family that does not exist: 404 while the token works, 401 once revoked. */
async function downloadStatus(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(new URL('api/family/download/content/2147483647', baseUrl), {
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.status;
}

describe('API tokens', () => {
  let env: TPortalUnderTest;
  let page: Page;
  const suffix = Date.now().toString(36);
  const partnerLogin = `tokens_partner_${suffix}`;
  const password = 'Partner-Passw0rd!';
  const name = `Revit add-in ${suffix}`;
  let secret = '';

  beforeAll(async () => {
    env = await openPortal();
    const url = env.portal.url;
    const asAdmin = await postAs(url, 'admin', ADMIN_PASSWORD);
    const { roleInfos } = (await asAdmin('/role/find', {})) as {
      roleInfos: { roleId: number; roleName: string }[];
    };
    const { companyInfos } = (await asAdmin('/company/save', {
      companyInfos: [{ companyName: `Firestop ${suffix}` }],
    })) as { companyInfos: { companyId: number }[] };
    await asAdmin('/user/save', {
      userInfos: [
        {
          login: partnerLogin,
          passwordHash: sha512(password),
          firstName: 'E2E',
          lastName: 'Partner',
          email: `${partnerLogin}@example.com`,
          registrationCompleted: true,
          company: { companyId: companyInfos[0]!.companyId },
          roles: [{ roleId: roleInfos.find((r) => r.roleName === 'partnerrole')!.roleId }],
        },
      ],
    });
    // axe is injected as a script, which the portal's CSP would refuse.
    page = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    await signIn(page, url, partnerLogin, password);
  }, 120_000);

  afterAll(() => env?.close());

  const row = () => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });

  it('creates a token from the menu and shows its secret once, with a copy button', async () => {
    await page.locator('[data-testid=side-menu]').getByText('API tokens', { exact: true }).click();
    await waitForHash(page, /^#\/tokens/);
    await page.getByText('No API tokens yet', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('[data-testid=token-create]').click();
    const form = page.locator('[data-testid=token-form]');
    await form.waitFor();
    await page.locator('[data-testid=token-form-save]').click();
    await form.getByText('Name is required', { exact: true }).waitFor();
    await form.getByLabel('Name').fill(name);
    await page.locator('[data-testid=token-scope-download]').click();
    await page.mouse.move(1, 1);
    await shot(page, '1-form-desktop');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);

    await page.locator('[data-testid=token-form-save]').click();
    const panel = page.locator('[data-testid=token-secret-panel]');
    await panel.waitFor();
    await panel.getByText('Copy this token now').waitFor();
    await panel.getByText(/It will not be shown again/).waitFor();
    secret = await page.locator('[data-testid=token-secret]').inputValue();
    expect(secret).toMatch(/^fpt_[A-Za-z0-9_-]{43}$/);
    await page.locator('[data-testid=token-copy]').click();
    await waitForToast(page, 'Token copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot(page, '2-secret-desktop');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);
    expect(await downloadStatus(env.portal.url, secret)).toBe(404);

    await page.locator('.ant-drawer-footer').getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'hidden' });
    await row().waitFor();
    expect(await row().innerText()).toContain('Look up details');
    expect(await row().innerText()).toContain('Download families');
    expect(await row().innerText()).toContain('Never used');
    expect(await page.locator('body').innerText()).not.toContain(secret);
    await shot(page, '3-list-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lists it on a phone, nothing wider than the window', async () => {
    await page.setViewportSize(PHONE);
    await page.locator('[data-layout=stacked]').waitFor();
    const item = page.locator('[data-testid=list-row]', { hasText: name });
    await item.waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, '4-list-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('[data-testid=token-create]').click();
    await page.locator('[data-testid=token-form]').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, '5-form-phone');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);
    await page.locator('.ant-drawer-footer').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('[data-testid=token-form]').waitFor({ state: 'hidden' });
  });

  it('revokes it after a confirmation, and the token stops working at once', async () => {
    await page.setViewportSize(DESKTOP);
    await row()
      .getByRole('button', { name: `Revoke ${name}` })
      .click();
    await page.getByText(`Revoke ${name}?`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('[data-testid=confirm-revoke]').click();
    await waitForToast(page, `${name} revoked`);
    await row().waitFor({ state: 'detached' });
    expect(await downloadStatus(env.portal.url, secret)).toBe(401);
  });

  it('reads in the other five languages on a phone, with no raw keys', async () => {
    await page.setViewportSize(PHONE);
    for (const [language, title] of [
      ['de', 'Neues API-Token'],
      ['fr', 'Nouveau jeton d’API'],
      ['es', 'Nuevo token de API'],
      ['ja', '新しい API トークン'],
      ['zh', '新建 API 令牌'],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      await page.goto(`${env.portal.url}#/tokens`);
      await page.reload();
      await page.locator('[data-testid=token-create]').click();
      await page.locator('.ant-drawer-title', { hasText: title }).waitFor();
      const text = await page.locator('body').innerText();
      expect(text, language).not.toMatch(/\btokens\.[a-zA-Z]/);
      expect(await fitsWidth(page), language).toBe(true);
      expect(await seriousViolations(page, '.ant-drawer'), language).toEqual([]);
      if (language === 'ja') await shot(page, '6-form-phone-ja');
    }
  });
});
