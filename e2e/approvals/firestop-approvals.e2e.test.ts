import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerCompany, postAs } from '../support/api.ts';
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

const shot = shotsOf('approvals', { dir: process.env.E2E_SHOTS_DIR });

type TScenario = { scenarioId: number; scenarioName: string; fireRating: string; tifStatus: string };

/**
 * A partner proposes a change to a scenario on its form; the admin compares it beside the published
 * one in the approvals inbox and approves it; the partner sees it applied and is told, and the
 * bell's link leads to the scenario.
 */
describe('a scenario change through the approvals inbox', () => {
  let env: TPortalUnderTest;
  let admin: Page;
  let partner: Page;
  let url: string;
  let published: TScenario;
  const stamp = Date.now().toString(36);
  const password = 'Seal-Passw0rd!';
  const partnerLogin = `seal_partner_${stamp}`;
  const name = `Seal ${stamp}`;

  beforeAll(async () => {
    env = await openPortal();
    url = env.portal.url;
    const asAdmin = await postAs(url, 'admin', ADMIN_PASSWORD);
    const companyId = await partnerCompany(
      asAdmin,
      { name: `Seal makers ${stamp}`, licenseCode: `SEAL-${stamp}` },
      { login: partnerLogin, password },
    );
    const saved = (await asAdmin('/scenario/save', {
      scenarioInfos: [
        {
          scenarioName: name,
          fireRating: 'EI 60',
          detailReference: 'D-1',
          constructionThickness: 100,
          companyId,
        },
      ],
    })) as { scenarioInfos: TScenario[] };
    published = saved.scenarioInfos[0]!;

    admin = await env.newPage({ width: 1366, height: 900 });
    partner = await env.newPage({ width: 1366, height: 900 });
    await signIn(admin, url, 'admin', ADMIN_PASSWORD);
    await signIn(partner, url, partnerLogin, password);
  }, 180_000);

  afterAll(() => env?.close());

  const scenarioRow = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });

  it('lets the partner propose a new fire rating on the scenario form', async () => {
    await partner.goto(`${url}#/scenarios`);
    await scenarioRow(partner)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const form = partner.locator('[data-testid=scenario-form]');
    await form.waitFor();
    await partner.locator('[data-testid=scenario-fireRating]').fill('EI 90');
    await partner.locator('[data-testid=scenario-form-save]').click();
    await waitForToast(partner, `${name} was sent for approval.`);
  });

  it('shows the admin the change beside the published scenario, and approves it', async () => {
    await admin.goto(`${url}#/approvals?record=scenario&q=${encodeURIComponent(name)}`);
    const open = admin.getByRole('button', { name: `Review ${name}` });
    await open.waitFor();
    const row = admin.locator('[data-testid=approval-list] tr', { has: open });
    expect(await row.locator('[data-testid=approval-record-kind]').innerText()).toBe('Scenario');
    await open.click();
    const compare = admin.locator('[data-testid=approval-compare]');
    await compare.waitFor();
    const rating = compare.locator('[data-testid=compare-fireRating]');
    expect(await rating.getAttribute('data-changed')).toBe('true');
    expect(await rating.innerText()).toContain('EI 60');
    expect(await rating.innerText()).toContain('EI 90');
    expect(
      await compare.locator('[data-testid=compare-detailReference]').getAttribute('data-changed'),
    ).toBeNull();
    expect(await admin.locator('[data-testid=approval-changed-count]').innerText()).toContain('1');
    expect(await seriousViolations(admin)).toEqual([]);
    await shot(admin, 'scenario-compare-1366');

    await admin.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth(admin)).toBe(true);
    await shot(admin, 'scenario-compare-390');
    await admin.setViewportSize({ width: 1366, height: 900 });

    const drawer = admin.locator('.ant-drawer');
    await drawer.getByTestId('approval-comment').fill('Matches the 2025 test report');
    await drawer.getByTestId('approval-action-a').click();
    await waitForToast(admin, 'Approved: 1');
    await open.waitFor({ state: 'detached' });
  });

  it('shows the partner the change applied, tells them on the bell, and the link opens the scenario', async () => {
    await partner.goto(`${url}#/scenarios`);
    await partner.reload();
    const row = scenarioRow(partner);
    await row.getByText('EI 90').waitFor();
    expect(await row.innerText()).not.toContain('EI 60');

    // The bell tells of the decision, and its link leads to the scenario, opened.
    await partner.getByTestId('notification-bell').click();
    const notice = partner
      .locator('[data-testid=notification-bell-list]')
      .getByText(`Your change to "${name}" was approved`, { exact: false })
      .first();
    await notice.click();
    await waitForHash(partner, new RegExp(`^#/scenarios/${published.scenarioId}$`));
    const form = partner.locator('[data-testid=scenario-form]');
    await form.waitFor();
    expect(await partner.locator('[data-testid=scenario-fireRating]').inputValue()).toBe('EI 90');
    expect(await seriousViolations(partner)).toEqual([]);
    await shot(partner, 'scenario-applied-1366');
  });
});
