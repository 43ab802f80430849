import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import {
  ADMIN_PASSWORD,
  confirmDelete,
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

const shot = shotsOf('terms');

type TProbe = Window & { __x?: number; __y?: number };

/** Whether the hostile snippets of the terms text ran in the page. */
function ranHostileCode(page: Page): Promise<{ x: unknown; y: unknown }> {
  return page.evaluate(() => ({ x: (window as TProbe).__x, y: (window as TProbe).__y }));
}

describe('terms', () => {
  let env: TPortalUnderTest;
  let page: Page;
  const suffix = Date.now().toString(36);
  const title = `Terms of use ${suffix}`;
  const body = [
    '# Terms of use',
    '',
    'Please read **carefully**. See [our privacy policy](https://example.com/privacy).',
    '',
    '1. Be kind',
    '2. Share families',
    '',
    '<script>window.__x=1</script>',
    '',
    '<img src=x onerror="window.__y=1">',
  ].join('\n');
  const saves: string[] = [];

  beforeAll(async () => {
    env = await openPortal();
    // axe is injected as a script, which the portal's CSP would refuse; without the CSP a script
    // in the terms text could run, so the test proves the rendering, not the CSP, stops it.
    page = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce' });
    page.on('request', (request) => {
      if (request.url().endsWith('/api/terms/save')) saves.push(request.postData() ?? '');
    });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
  });

  afterAll(() => env?.close());

  const row = () => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: title });

  it('writes terms in Markdown beside a live preview that never runs HTML', async () => {
    await page.locator('[data-testid=side-menu]').getByText('Terms', { exact: true }).click();
    await waitForHash(page, /^#\/terms/);
    await page.locator('[data-testid=terms-create]').click();
    const form = page.locator('[data-testid=terms-form]');
    await form.waitFor();
    await form.getByText('The preview shows here as you write.').waitFor();

    await page.locator('[data-testid=terms-form-save]').click();
    await form.getByText('Terms title is required', { exact: true }).waitFor();

    await form.getByLabel('Title').fill(title);
    // Everyone (portal-wide) is an admin's default; inactive, so no one is asked to accept them here.
    expect(await form.locator('[data-testid=terms-company]').innerText()).toContain('Everyone');
    await form.getByRole('switch').click();
    await page.locator('[data-testid=terms-body]').fill(body);

    const preview = page.locator('[data-testid=terms-preview-body]');
    await preview.locator('h1', { hasText: 'Terms of use' }).waitFor();
    expect(await preview.locator('strong').innerText()).toBe('carefully');
    expect(await preview.locator('ol li').count()).toBe(2);
    const link = preview.getByRole('link', { name: 'our privacy policy' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await preview.locator('script, img').count()).toBe(0);
    expect(await preview.innerText()).toContain('<script>window.__x=1</script>');
    expect(await preview.innerText()).toContain('<img src=x onerror="window.__y=1">');
    // Every image on the page has loaded or failed, so a broken one's error event has fired.
    await page.evaluate(() =>
      Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))),
    );
    expect(await ranHostileCode(page)).toEqual({ x: undefined, y: undefined });

    // Side by side on a desktop: the preview starts level with the text, to its right.
    const text = await page.locator('[data-testid=terms-body]').boundingBox();
    const pane = await page.locator('[data-testid=terms-preview]').boundingBox();
    expect(pane && text && pane.x > text.x + text.width - 1).toBe(true);

    await page.mouse.move(1, 1);
    await shot(page, '1-editor-desktop');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);

    await page.locator('[data-testid=terms-form-save]').click();
    await waitForToast(page, 'The terms have been created.');
    await form.waitFor({ state: 'hidden' });
    expect(saves).toHaveLength(1);
    expect(JSON.parse(saves[0] ?? '{}')).toEqual({
      termsInfos: [{ companyId: null, termsTitle: title, termsDescription: body, active: false }],
    });
  });

  it('lists them for Everyone, with status and update time', async () => {
    await page.locator('[data-testid=terms-search] input').fill(suffix);
    await waitForHash(page, new RegExp(`q=${suffix}`));
    await row().waitFor();
    const text = await row().innerText();
    expect(text).toContain('Everyone');
    expect(text).toContain('Inactive');
    await shot(page, '2-list-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('stacks the editor over the preview on a phone', async () => {
    await page.setViewportSize(PHONE);
    const item = page.locator('[data-testid=list-row]', { hasText: title });
    await item.waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, '3-list-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await item.getByRole('button', { name: `Edit ${title}` }).click();
    const form = page.locator('[data-testid=terms-form]');
    await form.waitFor();
    await page.locator('[data-testid=terms-preview-body] h1').waitFor();
    const text = await page.locator('[data-testid=terms-body]').boundingBox();
    const pane = await page.locator('[data-testid=terms-preview]').boundingBox();
    expect(pane && text && pane.y >= text.y + text.height).toBe(true);
    expect(await ranHostileCode(page)).toEqual({ x: undefined, y: undefined });
    await shot(page, '4-editor-phone');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);

    await form.getByLabel('Title').fill(`${title} v2`);
    await page.locator('[data-testid=terms-form-save]').click();
    await waitForToast(page, 'The terms have been saved.');
    await form.waitFor({ state: 'hidden' });
    await page.locator('[data-testid=list-row]', { hasText: `${title} v2` }).waitFor();
    await page.setViewportSize(DESKTOP);
  });

  it('keeps the preview and its links readable in dark mode', async () => {
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await row()
      .getByRole('button', { name: `Edit ${title} v2` })
      .click();
    await page.locator('[data-testid=terms-preview-body] a').waitFor();
    await page.mouse.move(1, 1);
    await shot(page, '5-editor-desktop-dark');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('[data-testid=terms-form]').waitFor({ state: 'hidden' });
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
  });

  it('deletes them after a confirmation', async () => {
    await row()
      .getByRole('button', { name: `Delete ${title} v2` })
      .click();
    await confirmDelete(page);
    await waitForToast(page, 'Terms deleted: 1');
    await row().waitFor({ state: 'detached' });
    await page.locator('[data-testid=list-empty]').waitFor();
  });
});
