import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licensedCompany, peopleOf, postAs } from '../support/api.ts';
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

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/server/test/fixtures/rfa',
);
const shot = shotsOf('approvals', { dir: process.env.E2E_SHOTS_DIR });

type TFamily = {
  revitFamilyId: number;
  revitFamilyName: string;
  tifStatus: string;
  tifOriginalId: number | null;
};

/**
 * The publishing loop in the browser: a partner's upload is disapproved with a reason the partner
 * reads; the partner's next change is approved on the family page, and an end user sees it live
 * without ever seeing it pending.
 */
describe('the publishing loop', () => {
  let env: TPortalUnderTest;
  let admin: Page;
  let partner: Page;
  let reader: Page;
  const stamp = Date.now().toString(36);
  const password = 'Loop-Passw0rd!';
  const partnerLogin = `loop_partner_${stamp}`;
  const readerLogin = `loop_reader_${stamp}`;
  const name = `Loop door ${stamp}`;
  const renamed = `${name} wide`;
  const reason = 'The 2021 file loses the door swing; keep the 2019 one';
  const comment = 'Send the swing as a type parameter instead';
  let original: TFamily;
  let refused: TFamily;
  let url: string;

  beforeAll(async () => {
    env = await openPortal();
    url = env.portal.url;
    const asAdmin = await postAs(url, 'admin', ADMIN_PASSWORD);
    const companyId = await licensedCompany(asAdmin, `Loop builders ${stamp}`, `LOOP-${stamp}`);
    const person = await peopleOf(asAdmin, password);
    await asAdmin('/user/save', {
      userInfos: [
        person(partnerLogin, 'partnerrole', { company: { companyId } }),
        person(readerLogin, 'userrole'),
      ],
    });
    // The partner company's family, live in the library.
    const file2019 = (await readFile(path.join(FIXTURES, 'family-2019.rfa'))).toString('base64');
    const published = (await asAdmin('/family/save', {
      revitFamilyInfos: [
        {
          revitFamilyName: name,
          revitFamilyDescription: 'A single door',
          revitFamilyFileName: 'family-2019.rfa',
          revitFamilyFileBase64: file2019,
          companyId,
        },
      ],
    })) as { revitFamilyInfos: TFamily[] };
    original = published.revitFamilyInfos[0]!;

    // The partner uploads a new file for it: a request for a change.
    const asPartner = await postAs(url, partnerLogin, password);
    const file2021 = (await readFile(path.join(FIXTURES, 'family-2021.rfa'))).toString('base64');
    const requested = (await asPartner('/family/update', {
      revitFamilyInfos: [
        {
          revitFamilyId: original.revitFamilyId,
          revitFamilyName: name,
          revitFamilyFileName: 'family-2021.rfa',
          revitFamilyFileBase64: file2021,
        },
      ],
    })) as { revitFamilyInfos: TFamily[] };
    refused = requested.revitFamilyInfos[0]!;
    expect(refused).toMatchObject({ tifStatus: 'RfC', tifOriginalId: original.revitFamilyId });

    admin = await env.newPage({ width: 1366, height: 900 });
    partner = await env.newPage({ width: 1366, height: 900 });
    reader = await env.newPage({ width: 1366, height: 900 });
    await signIn(admin, url, 'admin', ADMIN_PASSWORD);
    await signIn(partner, url, partnerLogin, password);
    await signIn(reader, url, readerLogin, password);
  }, 180_000);

  afterAll(() => env?.close());

  /** The end user's view of the published family: its name, and never a word of a request. */
  async function readerSees(familyName: string) {
    await reader.goto(`${url}#/families/${original.revitFamilyId}`);
    // A fresh load: what the server shows now, not what this tab read before.
    await reader.reload();
    await reader.getByRole('heading', { level: 1, name: familyName }).waitFor();
    expect(await reader.locator('[data-testid=family-pending]').count()).toBe(0);
    expect(await reader.locator('[data-testid=family-change-pending]').count()).toBe(0);
    expect(await reader.locator('[data-testid=menu-requests]').count()).toBe(0);
  }

  it('lets the admin compare the change in the inbox and disapprove it with a reason', async () => {
    await admin.goto(`${url}#/approvals?q=${encodeURIComponent(name)}`);
    await admin.getByRole('button', { name: `Review ${name}` }).click();
    const compare = admin.locator('[data-testid=approval-compare]');
    await compare.waitFor();
    expect(await compare.locator('[data-testid=compare-revitVersion]').getAttribute('data-changed')).toBe(
      'true',
    );
    expect(await compare.locator('[data-testid=compare-revitVersion]').innerText()).toContain('2021');
    expect(
      await compare.locator('[data-testid=compare-revitFamilyFileHash]').getAttribute('data-changed'),
    ).toBe('true');
    const drawer = admin.locator('.ant-drawer');
    await drawer.getByTestId('approval-reason').fill(reason);
    await drawer.getByTestId('approval-comment').fill(comment);
    await drawer.getByTestId('approval-action-d').click();
    await waitForToast(admin, 'Disapproved: 1');
    await admin.getByRole('button', { name: `Review ${name}` }).waitFor({ state: 'detached' });
    await readerSees(name);
  });

  it('shows the partner the reason and comment on the family page, in the decided view and on the bell', async () => {
    await partner.goto(`${url}#/families/${refused.revitFamilyId}`);
    const banner = partner.locator('[data-testid=family-pending]');
    await banner.waitFor();
    expect(await banner.getAttribute('class')).toContain('ant-alert-error');
    expect(await banner.innerText()).toContain('Disapproved');
    expect(await banner.innerText()).not.toContain('waits for an administrator');
    expect(await partner.locator('[data-testid=family-decision-reason]').innerText()).toBe(reason);
    expect(await partner.locator('[data-testid=family-decision-comment]').innerText()).toBe(comment);
    expect(await partner.locator('[data-testid=family-decision]').count()).toBe(0);
    expect(await seriousViolations(partner)).toEqual([]);
    await shot(partner, 'loop-disapproved-1366');

    // The bell names the decision (its count goes up when the admin acts).
    await partner.reload();
    const bell = partner.getByTestId('notification-bell');
    await partner.waitForFunction(
      () =>
        /unread notification/.test(
          document.querySelector('[data-testid=notification-bell]')?.getAttribute('aria-label') ?? '',
        ),
      undefined,
      { timeout: 15_000 },
    );
    expect(await bell.getAttribute('aria-label')).toMatch(
      /^(1 unread notification|\d+ unread notifications)$/,
    );

    await partner.locator('[data-testid=menu-requests]').click();
    await waitForHash(partner, /^#\/approvals/);
    await partner.getByTestId('approval-views').getByText('Decided').click();
    await waitForHash(partner, /view=decided/);
    const decided = partner.locator('[data-testid=decision-list]');
    const row = decided.locator('tr', { hasText: name }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Disapproved');
    expect(await row.innerText()).toContain(reason);
    expect(await row.innerText()).toContain(comment);
    expect(await row.innerText()).toContain('Change');
    expect(await seriousViolations(partner)).toEqual([]);
    await shot(partner, 'loop-decided-1366');
  });

  it('approves the partner’s next change from the family page; the end user sees it live, never pending', async () => {
    await partner.goto(`${url}#/families/${original.revitFamilyId}/edit`);
    const form = partner.locator('[data-testid=family-form]');
    await form.waitFor();
    await form.getByLabel('Name', { exact: true }).fill(renamed);
    await partner.locator('[data-testid=family-save]').click();
    await waitForToast(partner, 'Sent for approval');
    await waitForHash(partner, /^#\/families\/\d+$/);
    const pending = partner.locator('[data-testid=family-pending]');
    await pending.waitFor();
    expect(await pending.getAttribute('class')).toContain('ant-alert-warning');
    expect(await pending.innerText()).toContain('Change requested');
    expect(await pending.innerText()).toContain('This request waits for an administrator.');
    expect(await partner.locator('[data-testid=family-decision]').count()).toBe(0);
    await shot(partner, 'loop-pending-partner-1366');
    await readerSees(name);

    // The admin goes from the published family to the request and approves it there.
    await admin.goto(`${url}#/families/${original.revitFamilyId}`);
    await admin.locator('[data-testid=family-open-request]').click();
    await admin.getByRole('heading', { level: 1, name: renamed }).waitFor();
    const decision = admin.locator('[data-testid=family-decision]');
    await decision.waitFor();
    expect(await decision.getByRole('button').allInnerTexts()).toEqual([
      'Approve',
      'Disapprove',
      'Ignore',
      'Remove',
      'Publish as a new record',
    ]);
    expect(await admin.locator('[data-testid=family-pending]').innerText()).toContain(
      'This request waits for your decision.',
    );
    expect(await seriousViolations(admin)).toEqual([]);
    await shot(admin, 'loop-family-actions-1366');
    await decision.getByTestId('approval-comment').fill('Thanks, live now');
    await decision.getByRole('button', { name: 'Approve', exact: true }).click();
    await waitForToast(admin, 'Approved: 1');
    await waitForHash(admin, new RegExp(`^#/families/${original.revitFamilyId}$`));
    // The published family, reloaded: no request on it any more.
    await admin.locator('[data-testid=family-pending]').waitFor({ state: 'detached' });
    await admin.locator('[data-testid=family-change-pending]').waitFor({ state: 'detached' });
    await admin.getByRole('heading', { level: 1, name: renamed }).waitFor();
    expect(await admin.locator('[data-testid=family-not-found]').count()).toBe(0);

    await readerSees(renamed);
  });

  it('fits a 390 px phone: the family page with its actions, the disapproved request and the decided view', async () => {
    const asPartner = await postAs(url, partnerLogin, password);
    const requested = (await asPartner('/family/update', {
      revitFamilyInfos: [
        {
          revitFamilyId: original.revitFamilyId,
          revitFamilyName: renamed,
          revitFamilyDescription: 'Two leaves',
        },
      ],
    })) as { revitFamilyInfos: TFamily[] };
    const request = requested.revitFamilyInfos[0]!;

    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`${url}#/families/${request.revitFamilyId}`);
    await admin.locator('[data-testid=family-decision]').waitFor();
    expect(await fitsWidth(admin)).toBe(true);
    expect(await seriousViolations(admin)).toEqual([]);
    await shot(admin, 'loop-family-actions-390');

    // In German and the dark theme: the banner in words and readable, the actions named.
    await admin.evaluate(() => {
      localStorage.setItem('language', 'de');
      localStorage.setItem('theme', 'dark');
    });
    await admin.reload();
    const banner = admin.locator('[data-testid=family-pending]');
    await banner.getByText('Diese Anfrage wartet auf Ihre Entscheidung.').waitFor();
    expect(await banner.innerText()).toContain('Änderung angefragt');
    await admin.locator('[data-testid=family-decision]').getByRole('button', { name: 'Freigeben' }).waitFor();
    expect(await seriousViolations(admin, '#main-content')).toEqual([]);
    await shot(admin, 'loop-family-actions-390-german-dark');
    await admin.evaluate(() => {
      localStorage.setItem('language', 'en');
      localStorage.setItem('theme', 'light');
    });

    await partner.setViewportSize({ width: 390, height: 844 });
    await partner.goto(`${url}#/families/${refused.revitFamilyId}`);
    await partner.locator('[data-testid=family-decision-reason]').waitFor();
    expect(await fitsWidth(partner)).toBe(true);
    expect(await seriousViolations(partner)).toEqual([]);
    await shot(partner, 'loop-disapproved-390');

    await partner.goto(`${url}#/approvals?view=decided`);
    await partner.locator('[data-testid=decision-list]').getByText(reason).first().waitFor();
    expect(await fitsWidth(partner)).toBe(true);
    expect(await seriousViolations(partner)).toEqual([]);
    await shot(partner, 'loop-decided-390');
  });
});
