import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  openPortal,
  signIn,
  submitLogin,
  type TPortalUnderTest,
  waitForHash,
} from '../support/browser.ts';
import { seriousViolations } from '../support/axe.ts';
import { fitsWidth } from '../support/layout.ts';

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

type TPost = (path: string, body: object) => Promise<Record<string, unknown>>;

/** Calls the API as admin (no cookies, so no CSRF header is needed). */
async function adminApi(baseUrl: string): Promise<TPost> {
  const post = async (path: string, body: object, token?: string) => {
    const response = await fetch(new URL(`api${path}`, baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const { authToken } = (await post('/user/login', {
    username: 'admin',
    password: sha512(ADMIN_PASSWORD),
  })) as {
    authToken: string;
  };
  return (path, body) => post(path, body, authToken);
}

/** True when the page is no wider than the window (nothing hides behind a horizontal scroll). */

describe('users list', () => {
  let env: TPortalUnderTest;
  const prefix = `e2e.list.${Date.now().toString(36)}`;
  const logins = Array.from({ length: 27 }, (_, i) => `${prefix}.${String(i).padStart(2, '0')}`);

  let partnerRoleIds: number[] = [];

  beforeAll(async () => {
    env = await openPortal();
    const api = await adminApi(env.portal.url);
    await api('/user/save', {
      userInfos: logins.map((login, i) => ({
        login,
        passwordHash: sha512(`Pw-${login}-1!`),
        firstName: 'Zoë',
        lastName: `Export ${String(i).padStart(2, '0')}`,
        email: `${login}@example.com`,
      })),
    });
    const { roleInfos } = (await api('/role/find', {})) as {
      roleInfos: { roleId: number; roleName: string }[];
    };
    partnerRoleIds = roleInfos
      .filter((r) => r.roleName === 'partnerrole' || r.roleName === 'partneruserrole')
      .map((r) => r.roleId);
  });

  afterAll(() => env?.close());

  it('shows a loading state, not "No users yet", while the list loads', async () => {
    const page = await env.newPage();
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/find', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${env.portal.url}#/users`);
    await page.locator('[data-testid=list-loading]').waitFor();
    expect(await page.getByText('No users yet. Create the first one.').count()).toBe(0);
    release();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    expect(await page.locator('[data-testid=list-loading]').count()).toBe(0);
    await page.unrouteAll();
  });

  it('exports every user the search finds, not only the page on screen', async () => {
    const page = await env.newPage();
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${env.portal.url}#/users?q=${prefix}`);
    await waitForHash(page, /q=/);
    await page.waitForFunction(
      () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 20,
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid=list-export]').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    // A UTF-8 byte order mark, so spreadsheet programs read "Zoë" right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(logins.length + 1);
    const exported = lines.slice(1).map((line) => line.split(',')[0]);
    expect(exported.sort()).toEqual([...logins].sort());
    expect(lines[1]).toContain(',Zoë,');
  });

  it('on a phone (390x844) shows Status, "Never" and the row actions without a horizontal scroll', async () => {
    const page = await env.newPage({ width: 390, height: 844 });
    // On a phone the side menu is a drawer behind the menu button.
    await submitLogin(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.locator('[data-testid=menu-toggle]').first().waitFor();
    await page.goto(`${env.portal.url}#/users?q=${logins[0]}`);
    const row = page.locator('[data-testid=list-row]', { hasText: logins[0] });
    await row.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=list-row]').length === 1);

    expect(await fitsWidth(page)).toBe(true);
    const status = row.getByText('Active', { exact: true });
    await status.waitFor();
    const lastSignIn = row.locator('dt', { hasText: 'Last sign-in' });
    expect(await lastSignIn.locator('xpath=following-sibling::dd[1]').innerText()).toBe('Never');
    expect(await page.getByText('0001-01-01', { exact: false }).count()).toBe(0);

    for (const name of [`Edit ${logins[0]}`, `Deactivate ${logins[0]}`, `Delete ${logins[0]}`]) {
      const button = row.getByRole('button', { name });
      const box = await button.boundingBox();
      if (!box) throw new Error(`${name} is not shown`);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    const statusBox = await status.boundingBox();
    expect(statusBox && statusBox.x + statusBox.width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page, '[data-testid=user-list]')).toEqual([]);
  });

  it('keeps the tooltip of a table row action closed while its confirmation is open', async () => {
    const page = await env.newPage();
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${env.portal.url}#/users?q=${logins[1]}`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: logins[1] });
    await row.waitFor();
    const remove = row.locator('[data-testid=row-delete]');
    await remove.hover();
    await page.locator('.ant-tooltip:not(.ant-tooltip-hidden)', { hasText: 'Delete' }).waitFor();
    await remove.click();
    await page.locator('[data-testid=confirm-delete]').waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('.ant-tooltip:not(.ant-tooltip-hidden)').length === 0,
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('passes axe-core in the table: status tag contrast, row action names, no focus in hidden rows', async () => {
    const page = await env.newPage();
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${env.portal.url}#/users?q=${prefix}`);
    const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await first.waitFor();
    await first.getByRole('checkbox').check();
    await page.locator('[data-testid=bulk-bar]').waitFor();
    expect(await seriousViolations(page, '[data-testid=user-list]')).toEqual([]);
    expect(await seriousViolations(page, '[data-testid=bulk-bar]')).toEqual([]);
  });

  it('shows filter texts whole in Spanish, German and Japanese', async () => {
    const page = await env.newPage({ width: 1366, height: 860 });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
    for (const [language, allStatuses, companyUser] of [
      ['es', 'Todos los estados', 'Usuario de empresa'],
      ['de', 'Alle Status', 'Firmenbenutzer'],
      ['ja', 'すべての状態', '会社ユーザー'],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      await page.goto(`${env.portal.url}#/users?roles=${partnerRoleIds.join(',')}`);
      await page.reload();
      await page.getByText(allStatuses, { exact: true }).waitFor();
      // Roles read in words, in the filter and on the rows alike.
      await page.getByText(companyUser, { exact: true }).first().waitFor();
      // Every text the drop-downs cut with an ellipsis: wider than the box that shows it.
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.ant-select, .ant-select *')]
          .filter((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.textContent?.trim())
          .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).opacity !== '0')
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent),
      );
      expect(cut, language).toEqual([]);
    }
  });
});
