import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs } from '../support/api.ts';
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
import { fitsWidth, rendered, settled } from '../support/layout.ts';
import { shotsOf } from '../support/shots.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const RFA = path.resolve(import.meta.dirname, '../../packages/server/test/fixtures/rfa/family-2020.rfa');

const shot = shotsOf('scenarios');

describe('scenarios, placement rules and the lookup panel', () => {
  let env: TPortalUnderTest;
  let page: Page;
  const suffix = Date.now().toString(36);
  const familyName = `Collar family ${suffix}`;
  const scenarioName = `Collar in concrete wall ${suffix}`;
  const ruleName = `Plastic pipes ${suffix}`;

  /**
   * Picks the option `title` of the select `testId` by keyboard (typing `search`, else the title's
   * first word, then Enter), as clicking an option of a drop-down that is still moving may miss it.
   */
  async function choose(testId: string, title: string, search = title.split(' ')[0]!) {
    await page.locator(`[data-testid=${testId}]`).click();
    // Typed only once the drop-down is open: elsewhere a space could press a focused button.
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last().waitFor();
    await page.keyboard.type(search);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active', {
        hasText: title,
      })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    // The drop-down closes and the screen takes the choice in before anything else is touched.
    await settled(page);
    await rendered(page);
  }

  const fill = (testId: string, value: string) => page.locator(`[data-testid=${testId}]`).fill(value);

  beforeAll(async () => {
    env = await openPortal();
    const asAdmin = await postAs(env.portal.url, 'admin', ADMIN_PASSWORD);
    await asAdmin('/family/save', {
      revitFamilyInfos: [
        {
          revitFamilyName: familyName,
          revitFamilyFileName: 'collar.rfa',
          revitFamilyFileBase64: readFileSync(RFA).toString('base64'),
        },
      ],
    });
    // axe is injected as a script, which the portal's CSP would refuse.
    page = await env.newPage(DESKTOP, { bypassCSP: true, reducedMotion: 'reduce' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.portal.url });
    await signIn(page, env.portal.url, 'admin', ADMIN_PASSWORD);
  }, 120_000);

  afterAll(() => env?.close());

  it('creates a scenario through its form, codes chosen from the generic lists', async () => {
    await page.locator('[data-testid=side-menu]').getByText('Scenarios', { exact: true }).click();
    await waitForHash(page, /^#\/scenarios/);
    await page.getByText('No scenarios yet', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('[data-testid=scenario-create]').click();
    await page.locator('[data-testid=scenario-form]').waitFor();
    await page.locator('[data-testid=scenario-form-save]').click();
    await page.getByText('Scenario name is required').waitFor();
    await fill('scenario-scenarioName', scenarioName);
    await choose('scenario-family', familyName, 'Collar');
    await choose('scenario-constructionElement', 'Rigid wall (wall-rigid)');
    await choose('scenario-constructionMaterialCode', 'Concrete (concrete)');
    await fill('scenario-fireRating', 'EI 90');
    await fill('scenario-constructionThickness', '100');
    await fill('scenario-apertureSizeMinWidth', '300');
    await fill('scenario-apertureSizeMaxWidth', '50');
    await page.locator('[data-testid=scenario-form-save]').click();
    await page.getByText('Aperture width from (300) is above aperture width to (50)').waitFor();
    await fill('scenario-apertureSizeMinWidth', '50');
    await fill('scenario-apertureSizeMaxWidth', '300');
    await page.mouse.move(1, 1);
    await shot(page, '1-scenario-form-desktop');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);
    await page.locator('[data-testid=scenario-form-save]').click();
    await waitForToast(page, 'Scenario created');
    await page.locator('.ant-drawer-content-wrapper').waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: scenarioName });
    await row.waitFor();
    expect(await row.innerText()).toContain('Concrete (concrete)');
    expect(await row.innerText()).toContain('EI 90');
    await shot(page, '2-scenarios-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('filters the scenarios on a code and a size', async () => {
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: scenarioName });
    await fill('scenario-filter-width', '400');
    await page.keyboard.press('Enter');
    await page.getByText('No scenario matches these filters.').waitFor();
    await fill('scenario-filter-width', '120');
    await page.keyboard.press('Enter');
    await waitForHash(page, /width=120/);
    await row.waitFor();
    expect(page.url()).toContain('width=120');
    await choose('scenario-filter-material', 'Masonry (masonry)');
    await waitForHash(page, /material=masonry/);
    await page.getByText('No scenario matches these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear the filters' }).first().click();
    await row.waitFor();
  });

  it('creates a placement rule for the scenario and filters the rules', async () => {
    await page.locator('[data-testid=side-menu]').getByText('Placement rules', { exact: true }).click();
    await waitForHash(page, /^#\/placement-rules/);
    await page.getByText('No placement rules yet', { exact: false }).waitFor();
    await page.locator('[data-testid=rule-create]').click();
    await page.locator('[data-testid=rule-form]').waitFor();
    await fill('rule-name', ruleName);
    await choose('rule-scenario', scenarioName, 'Collar in');
    await choose('rule-typeCode', 'Plastic pipe (pipe-plastic)');
    await choose('rule-materialCode', 'PVC-U (pvc)');
    await fill('rule-serviceSizeRangeLow', '20');
    await fill('rule-serviceSizeRangeHigh', '125');
    await fill('rule-closureDeviceSystemType', 'collar');
    await page.mouse.move(1, 1);
    await shot(page, '3-rule-form-desktop');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);
    await page.locator('[data-testid=rule-form-save]').click();
    await waitForToast(page, 'Placement rule created');
    // The closing drawer gives the focus back to its button, where typed text would land.
    await page.locator('.ant-drawer-content-wrapper').waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: ruleName });
    await row.waitFor();
    expect(await row.innerText()).toContain('Plastic pipe (pipe-plastic)');

    await choose('rule-filter-type', 'Ventilation duct (duct)');
    await waitForHash(page, /type=duct/);
    await page.getByText('No placement rule matches these filters.').waitFor();
    expect(page.url()).toContain('type=duct');
    await page.getByRole('button', { name: 'Clear the filters' }).first().click();
    await row.waitFor();
    await choose('rule-filter-type', 'Plastic pipe (pipe-plastic)');
    // Each filter is applied to the URL before the next is touched, as a person would see it happen.
    await waitForHash(page, /type=pipe-plastic/);
    await fill('rule-filter-size', '125');
    await page.keyboard.press('Enter');
    await waitForHash(page, /size=125/);
    await row.waitFor();
    expect(page.url()).toContain('type=pipe-plastic');
    await fill('rule-filter-size', '126');
    await page.keyboard.press('Enter');
    await page.getByText('No placement rule matches these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear the filters' }).first().click();
    await row.waitFor();
    await shot(page, '4-rules-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('tries the lookup: the rule ranked with its limits, the JSON a design tool gets, and near misses', async () => {
    await page.locator('[data-testid=rule-open-lookup]').click();
    await waitForHash(page, /^#\/placement-rules\/lookup/);
    await page.locator('[data-testid=lookup-form]').waitFor();
    await choose('lookup-TypeCode', 'Plastic pipe (pipe-plastic)');
    await fill('lookup-ServiceSize', '110');
    await fill('lookup-FireRating', 'EI 60');
    await page.locator('[data-testid=lookup-run]').click();
    const answer = page.locator('[data-testid=lookup-answer]', { hasText: ruleName });
    await answer.waitFor();
    expect(await answer.innerText()).toContain(scenarioName);
    expect(await answer.innerText()).toContain(familyName);
    expect(await answer.innerText()).toContain('/api/family/download/content/');
    expect(await answer.locator('[data-testid=lookup-limits]').innerText()).toMatch(
      /ServiceSize\s+110\s+20\s+125/,
    );
    const json = await page.locator('[data-testid=lookup-json]').innerText();
    const parsed = JSON.parse(json) as {
      responseCode: number;
      placementRuleInfos: Array<{ placementRuleName: string }>;
    };
    expect(parsed.responseCode).toBe(200);
    expect(parsed.placementRuleInfos[0]?.placementRuleName).toBe(ruleName);
    expect(await page.locator('[data-testid=lookup-curl]').innerText()).toContain(
      '/api/placement-rules/diKeeperGet?TypeCode=pipe-plastic&ServiceSize=110&FireRating=EI+60',
    );
    await page.locator('[data-testid=lookup-json-copy]').click();
    await waitForToast(page, 'Copied');
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(parsed);
    await page.mouse.move(1, 1);
    await shot(page, '5-lookup-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await fill('lookup-ServiceSize', '140');
    await page.locator('[data-testid=lookup-run]').click();
    const miss = page.locator('[data-testid=lookup-near-miss]', { hasText: ruleName });
    await miss.waitFor();
    expect(await miss.innerText()).toContain('ServiceSize 140 is above the high bound 125 (by 15)');
    await page.getByText('Nothing matches every value asked.').waitFor();
    await shot(page, '6-lookup-near-miss-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('[data-testid=lookup-kind]').getByText('Scenarios', { exact: true }).click();
    await waitForHash(page, /kind=scenario/);
    await page.locator('[data-testid=lookup-TypeCode]').waitFor({ state: 'detached' });
    await fill('lookup-ConstructionThickness', '150');
    await page.locator('[data-testid=lookup-run]').click();
    await page.locator('[data-testid=lookup-answer]', { hasText: scenarioName }).waitFor();
    expect(await page.locator('[data-testid=lookup-curl]').innerText()).toContain(
      '/api/scenario/diKeeperGet?ConstructionThickness=150',
    );
  });

  it('refuses to delete a scenario a rule uses, saying so in a sentence', async () => {
    await page.goto(`${env.portal.url}#/scenarios`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: scenarioName });
    await row.getByRole('button', { name: `Delete ${scenarioName}` }).click();
    await page.getByText(`Delete ${scenarioName}?`).waitFor();
    await confirmDelete(page);
    await waitForToast(
      page,
      'Placement rules still using this scenario: 1. Link them to another scenario first',
    );
    await row.waitFor();
  });

  it('fits a 390 px window, with no serious accessibility finding', async () => {
    await page.setViewportSize(PHONE);
    for (const [hash, ready] of [
      ['#/scenarios', '[data-testid=scenario-create]'],
      ['#/placement-rules', '[data-testid=rule-create]'],
      ['#/placement-rules/lookup', '[data-testid=lookup-form]'],
    ] as const) {
      await page.goto(`${env.portal.url}${hash}`);
      await page.locator(ready).waitFor();
      await page.locator('[data-layout=stacked], [data-testid=lookup-form]').first().waitFor();
      expect(await fitsWidth(page), hash).toBe(true);
      expect(await seriousViolations(page), hash).toEqual([]);
    }
    await shot(page, '7-lookup-phone');
    await page.goto(`${env.portal.url}#/scenarios`);
    await page.locator('[data-testid=list-row]', { hasText: scenarioName }).waitFor();
    await shot(page, '8-scenarios-phone');
    await page.locator('[data-testid=scenario-create]').click();
    await page.locator('[data-testid=scenario-form]').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, '9-scenario-form-phone');
    await page.locator('.ant-drawer-footer').getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`${env.portal.url}#/placement-rules`);
    await page.locator('[data-testid=list-row]', { hasText: ruleName }).waitFor();
    await shot(page, '10-rules-phone');
  });

  it('reads in all six languages on a phone, with no raw keys', async () => {
    await page.setViewportSize(PHONE);
    for (const [language, lookupTitle] of [
      ['en', 'Try the lookup'],
      ['de', 'Abfrage testen'],
      ['fr', 'Tester la recherche'],
      ['es', 'Probar la consulta'],
      ['ja', '検索を試す'],
      ['zh', '试用查询'],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      for (const hash of ['#/scenarios', '#/placement-rules', '#/placement-rules/lookup']) {
        await page.goto(`${env.portal.url}${hash}`);
        await page.reload();
        await page
          .locator(
            '[data-testid=rule-open-lookup], [data-testid=scenario-open-lookup], [data-testid=lookup-form]',
          )
          .first()
          .waitFor();
        if (hash.endsWith('lookup')) await page.getByText(lookupTitle).first().waitFor();
        const text = await page.locator('body').innerText();
        expect(text, `${language} ${hash}`).not.toMatch(
          /\b(scenarios|placementRules|lookup|fields)\.[a-zA-Z]/,
        );
        expect(await fitsWidth(page), `${language} ${hash}`).toBe(true);
      }
      if (language === 'ja') await shot(page, '11-lookup-phone-ja');
    }
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
