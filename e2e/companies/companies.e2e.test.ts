import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import {
  ADMIN_PASSWORD,
  openPortal,
  signIn,
  submitLogin,
  type TPortalUnderTest,
  waitForHash,
  waitForToast,
} from '../support/browser.ts';
import { fitsWidth } from '../support/layout.ts';
import { shotsOf } from '../support/shots.ts';

const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };

const shot = shotsOf('companies');

/** True once the image has loaded and decoded (a broken one has no natural width). */
function pictureLoaded(img: Locator): Promise<boolean> {
  return img.evaluate(async (element: HTMLImageElement) => {
    await element.decode().catch(() => undefined);
    return element.complete && element.naturalWidth > 0;
  });
}

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

type TJson = Record<string, unknown>;
type TCompanyJson = {
  companyId: number;
  companyName: string;
  parentCompany: { companyId: number } | null;
  companyCity: string | null;
  companyLogoHash?: string | null;
  companyParameters: Record<string, string> | null;
  userCount?: number;
};

/** Calls the API as the admin (no cookies, so no CSRF header is needed). */
async function adminApi(baseUrl: string): Promise<(route: string, body?: object) => Promise<TJson>> {
  const call = async (route: string, body: object | undefined, token?: string) => {
    const response = await fetch(new URL(`api${route}`, baseUrl), {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
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

describe('managing companies', () => {
  let env: TPortalUnderTest;
  let page: Page;
  let api: (route: string, body?: object) => Promise<TJson>;
  const suffix = Date.now().toString(36);
  const parentName = `Bergwerk ${suffix}`;
  const childName = `Talstation ${suffix}`;
  const otherName = `Küstenhaus ${suffix}`;
  const login = `tal-${suffix}`;
  const password = 'Tal-Passw0rd!';
  let logoHash = '';

  const byName = async (name: string): Promise<TCompanyJson> => {
    const { companyInfos } = (await api('/company/find', { search: name })) as {
      companyInfos: TCompanyJson[];
    };
    const found = companyInfos.find((c) => c.companyName === name);
    if (!found) throw new Error(`no company ${name}`);
    return found;
  };
  const row = (p: Page, text: string) =>
    p.locator(
      '[data-testid=company-table] .ant-table-row, [data-testid=company-table] [data-testid=list-row]',
      {
        hasText: text,
      },
    );
  const treeNode = (p: Page, text: string) =>
    p.locator('[data-testid=company-tree] .ant-tree-node-content-wrapper', { hasText: text });
  const form = (p: Page) => p.locator('[data-testid=company-form]');
  const openEdit = async (p: Page, name: string) => {
    await row(p, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    await form(p).waitFor();
    await p.waitForFunction(
      (expected) => document.querySelector<HTMLInputElement>('#companyName')?.value === expected,
      name,
    );
  };

  beforeAll(async () => {
    env = await openPortal();
    api = await adminApi(env.portal.url);
    await api('/company/save', { companyInfos: [{ companyName: otherName, parentCompany: null }] });
    // axe is injected as a script, which the portal's CSP would refuse.
    page = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce' });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
  });

  afterAll(() => env?.close());

  it('creates a parent company with a logo dropped on the branding tab', async () => {
    await page.locator('[data-testid=side-menu]').getByText('Companies', { exact: true }).click();
    await waitForHash(page, /^#\/companies/);
    await page.locator('[data-testid=company-tree]').waitFor();
    await page.locator('[data-testid=company-create]').click();
    await form(page).waitFor();
    await page.locator('[data-testid=company-form-save]').click();
    await form(page).getByText('Company name is required', { exact: true }).waitFor();

    await form(page).getByLabel('Name').fill(parentName);
    await form(page).getByLabel('City', { exact: false }).fill('Innsbruck');
    await page.getByRole('tab', { name: 'Branding' }).click();
    await form(page)
      .locator('input[type=file]')
      .setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a picture'),
      });
    await form(page)
      .getByText('This file is not a picture. Choose a PNG, JPEG, GIF or WebP image.')
      .waitFor();
    const png = await sharp({ create: { width: 320, height: 120, channels: 3, background: '#1d4e89' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="320" height="120"><circle cx="60" cy="60" r="40" fill="#f2c14e"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    await form(page)
      .locator('input[type=file]')
      .setInputFiles({ name: 'bergwerk.png', mimeType: 'image/png', buffer: png });
    const preview = form(page).locator('[data-testid=company-logo-preview]');
    await preview.waitFor();
    expect(await pictureLoaded(preview)).toBe(true);
    await page.mouse.move(1, 1);
    await shot(page, '1-form-branding-desktop');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);

    await page.locator('[data-testid=company-form-save]').click();
    await waitForToast(page, 'The company has been created.');
    await form(page).waitFor({ state: 'hidden' });
    const parent = await byName(parentName);
    expect(parent.parentCompany).toBeNull();
    expect(parent.companyLogoHash).toMatch(/^[0-9a-f]{64}$/);
    logoHash = parent.companyLogoHash ?? '';
  });

  it('creates a child under the company chosen in the tree', async () => {
    await page.locator('[data-testid=company-search] input').fill(suffix);
    await waitForHash(page, new RegExp(`q=${suffix}`));
    await treeNode(page, parentName).locator('[data-testid=tree-match]').waitFor();
    await treeNode(page, parentName).click();
    await waitForHash(page, /parent=\d+/);
    await page.locator('[data-testid=company-under]', { hasText: parentName }).waitFor();
    await page.locator('[data-testid=list-empty]').waitFor();

    await page.locator('[data-testid=company-create]').click();
    await form(page).waitFor();
    await form(page).locator('[data-testid=company-parent]', { hasText: parentName }).waitFor();
    await form(page).getByLabel('Name').fill(childName);
    await page.locator('[data-testid=company-form-save]').click();
    await waitForToast(page, 'The company has been created.');
    await row(page, childName).waitFor();
    await treeNode(page, childName).waitFor();
    const child = await byName(childName);
    expect(child.parentCompany?.companyId).toBe((await byName(parentName)).companyId);
    await page.mouse.move(1, 1);
    await shot(page, '2-tree-and-table-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("shows the parent's logo in the header of a user of the child", async () => {
    const child = await byName(childName);
    const { roleInfos } = (await api('/role/find', {})) as {
      roleInfos: { roleId: number; roleName: string }[];
    };
    const role = roleInfos.find((r) => r.roleName === 'userrole');
    await api('/user/save', {
      userInfos: [
        {
          login,
          passwordHash: sha512(password),
          firstName: 'Tina',
          lastName: 'Tal',
          email: `${login}@example.com`,
          registrationCompleted: true,
          company: { companyId: child.companyId },
          roles: role ? [{ roleId: role.roleId }] : [],
        },
      ],
    });
    const user = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce' });
    await signIn(user, env.portal.url, login, password);
    const logo = user.locator('[data-testid=header-logo]');
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toContain(logoHash);
    expect(await pictureLoaded(logo)).toBe(true);
    expect(await user.locator('[data-testid=header-company]').innerText()).toBe(parentName);
    await shot(user, '3-header-branding-desktop');
    expect(await seriousViolations(user, 'header')).toEqual([]);

    // On a phone the logo and the name still fit beside the header's buttons.
    const phone = await env.newPage(PHONE, { bypassCSP: true, reducedMotion: 'reduce' });
    await submitLogin(phone, env.portal.url, login, password);
    await phone.locator('[data-testid=header-logo]').waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, '4-header-branding-phone');
  });

  it('moves the child under another parent through the parent picker', async () => {
    await page.locator('[data-testid=company-under] button', { hasText: 'Show all companies' }).click();
    await row(page, childName).waitFor();
    await openEdit(page, childName);
    await form(page).locator('[data-testid=company-parent]').click();
    await page.keyboard.type(otherName.slice(0, 10));
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: otherName }).click();
    await form(page).locator('[data-testid=company-parent]', { hasText: otherName }).waitFor();
    await page.locator('[data-testid=company-form-save]').click();
    await waitForToast(page, 'The company has been saved.');
    const other = await byName(otherName);
    expect((await byName(childName)).parentCompany?.companyId).toBe(other.companyId);
    // The tree now shows the child under its new parent.
    await page.waitForFunction(
      ({ child, parent }) => {
        const nodes = [...document.querySelectorAll('[data-testid=company-tree] .ant-tree-treenode')];
        const at = nodes.findIndex((n) => n.textContent?.includes(child));
        const above = nodes.slice(0, at).reverse();
        const indent = (n: Element | undefined) => n?.querySelectorAll('.ant-tree-indent-unit').length ?? 0;
        const parentNode = above.find((n) => indent(n) < indent(nodes[at]));
        return at > 0 && parentNode?.textContent?.includes(parent);
      },
      { child: childName, parent: otherName },
    );
  });

  it('edits the parameters, refusing a duplicate key', async () => {
    await openEdit(page, childName);
    await page.getByRole('tab', { name: 'Parameters' }).click();
    const list = form(page).locator('[data-testid=params-companyParameters]');
    await list.locator('[data-testid=params-add-companyParameters]').click();
    await list.getByLabel('Key 1 of Company parameters').fill('region');
    await list.getByLabel('Value 1 of Company parameters').fill('alps');
    await list.locator('[data-testid=params-add-companyParameters]').click();
    await list.getByLabel('Key 2 of Company parameters').fill('region');
    await list.getByLabel('Value 2 of Company parameters').fill('coast');
    await page.locator('[data-testid=company-form-save]').click();
    await list.getByText('The key region is used more than once.').first().waitFor();
    await list.getByLabel('Key 2 of Company parameters').fill('tier');
    await page.mouse.move(1, 1);
    await shot(page, '5-form-parameters-desktop');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);
    await page.locator('[data-testid=company-form-save]').click();
    await waitForToast(page, 'The company has been saved.');
    expect((await byName(childName)).companyParameters).toEqual({ region: 'alps', tier: 'coast' });

    await openEdit(page, childName);
    await page.getByRole('tab', { name: 'Parameters' }).click();
    expect(await list.getByLabel('Value 2 of Company parameters').inputValue()).toBe('coast');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await form(page).waitFor({ state: 'hidden' });
  });

  it('refuses a stale update made in a second page, and reloads the stored company', async () => {
    const second = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce' });
    await signIn(second, env.portal.url, 'admin', ADMIN_PASSWORD);
    await second.goto(`${env.portal.url}#/companies?q=${suffix}`);
    await row(second, childName).waitFor();

    await openEdit(page, childName);
    await openEdit(second, childName);
    await form(second).getByLabel('City', { exact: false }).fill('Bremen');
    await second.locator('[data-testid=company-form-save]').click();
    await waitForToast(second, 'The company has been saved.');

    await form(page).getByLabel('City', { exact: false }).fill('Graz');
    await page.locator('[data-testid=company-form-save]').click();
    await page.locator('[data-testid=company-stale]').waitFor();
    await shot(page, '6-stale-desktop');
    expect((await byName(childName)).companyCity).toBe('Bremen');
    await page.locator('[data-testid=company-reload]').click();
    await page.locator('[data-testid=company-stale]').waitFor({ state: 'detached' });
    expect(await form(page).getByLabel('City', { exact: false }).inputValue()).toBe('Bremen');
    await form(page).getByLabel('City', { exact: false }).fill('Graz');
    await page.locator('[data-testid=company-form-save]').click();
    await waitForToast(page, 'The company has been saved.');
    expect((await byName(childName)).companyCity).toBe('Graz');
  });

  it('lays the screen out for a phone: tree above stacked rows, form without horizontal scroll', async () => {
    const phone = await env.newPage(PHONE, { bypassCSP: true, reducedMotion: 'reduce' });
    await submitLogin(phone, env.portal.url, 'admin', ADMIN_PASSWORD);
    await phone.locator('[data-testid=menu-toggle]').first().waitFor();
    await phone.goto(`${env.portal.url}#/companies?q=${suffix}`);
    const stacked = phone.locator('[data-testid=list-row]', { hasText: childName });
    await stacked.waitFor();
    await treeNode(phone, childName).waitFor();
    for (const label of [`Edit ${childName}`, `Delete ${childName}`]) {
      const button = await stacked.getByRole('button', { name: label }).boundingBox();
      expect(button && button.x >= 0 && button.x + button.width <= PHONE.width).toBe(true);
    }
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, '7-list-phone');
    expect(await seriousViolations(phone)).toEqual([]);

    await stacked.getByRole('button', { name: `Edit ${childName}` }).click();
    await form(phone).waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, '8-form-phone');
    expect(await seriousViolations(phone, '.ant-drawer')).toEqual([]);
  });

  it('reads in German in the dark theme, the tree and the tabs whole', async () => {
    const german = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce' });
    await signIn(german, env.portal.url, 'admin', ADMIN_PASSWORD);
    await german.evaluate(() => {
      localStorage.setItem('language', 'de');
      localStorage.setItem('theme', 'dark');
    });
    await german.goto(`${env.portal.url}#/companies?q=${suffix}`);
    await german.reload();
    await german.getByRole('heading', { name: 'Unternehmen', level: 1 }).waitFor();
    await row(german, childName).waitFor();
    await treeNode(german, childName).waitFor();
    await shot(german, '9-list-german-dark');
    // The screen itself; the side menu's dark selected entry is the layout's to check.
    expect(await seriousViolations(german, '#main-content')).toEqual([]);
    await row(german, childName)
      .getByRole('button', { name: `Bearbeiten ${childName}` })
      .click();
    await form(german).waitFor();
    for (const tab of ['Details', 'Kontakt', 'Branding', 'Lizenz', 'Bedingungen', 'Parameter'])
      await german.getByRole('tab', { name: tab, exact: true }).waitFor();
    await german.mouse.move(1, 1);
    await shot(german, '10-form-german-dark');
    expect(await seriousViolations(german, '.ant-drawer')).toEqual([]);
  });

  it('deletes the child, moving its user to the company the dialog proposes', async () => {
    const other = await byName(otherName);
    await row(page, childName)
      .getByRole('button', { name: `Delete ${childName}` })
      .click();
    const dialog = page.locator('.ant-modal', { hasText: `Delete the company ${childName}?` });
    await dialog.waitFor();
    await dialog.getByText('Its users (1) move to').waitFor();
    await dialog.locator('[data-testid=company-delete-users-to]', { hasText: otherName }).waitFor();
    await page.mouse.move(1, 1);
    await shot(page, '11-delete-dialog-desktop');
    expect(await seriousViolations(page, '.ant-modal')).toEqual([]);
    await dialog.locator('[data-testid=company-delete-confirm]').click();
    await waitForToast(page, `The company ${childName} has been deleted.`);
    await row(page, childName).waitFor({ state: 'detached' });
    const { userInfos } = (await api('/user/find', { search: login })) as {
      userInfos: { login: string; company: { companyId: number } | null }[];
    };
    expect(userInfos.find((u) => u.login === login)?.company?.companyId).toBe(other.companyId);
  });
});
