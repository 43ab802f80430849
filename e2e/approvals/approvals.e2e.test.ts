import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import {
  ADMIN_PASSWORD,
  openPortal,
  signIn,
  type TPortalUnderTest,
  waitForToast,
} from '../support/browser.ts';
import { postAs } from '../support/api.ts';
import { fitsWidth } from '../support/layout.ts';
import { shotsOf } from '../support/shots.ts';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/server/test/fixtures/rfa',
);
const shot = shotsOf('approvals', { dir: process.env.E2E_SHOTS_DIR });
const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

type TFamily = { revitFamilyId: number; revitFamilyName: string; tifStatus: string };

describe('approvals inbox', () => {
  let env: TPortalUnderTest;
  let admin: Page;
  const prefix = `Inbox ${Date.now().toString(36)}`;
  const password = 'Partner-Passw0rd!';
  const partnerLogin = `inbox_partner_${Date.now().toString(36)}`;
  const readerLogin = `inbox_reader_${Date.now().toString(36)}`;
  let refused: TFamily;
  let accepted: TFamily;

  beforeAll(async () => {
    env = await openPortal();
    const url = env.portal.url;
    const asAdmin = await postAs(url, 'admin', ADMIN_PASSWORD);
    const { roleInfos } = (await asAdmin('/role/find', {})) as {
      roleInfos: { roleId: number; roleName: string }[];
    };
    const roleId = (name: string) => roleInfos.find((r) => r.roleName === name)!.roleId;
    for (const [login, role] of [
      [partnerLogin, 'partnerrole'],
      [readerLogin, 'userrole'],
    ] as const) {
      await asAdmin('/user/save', {
        userInfos: [
          {
            login,
            passwordHash: sha512(password),
            firstName: 'E2E',
            lastName: role,
            email: `${login}@example.com`,
            registrationCompleted: true,
            roles: [{ roleId: roleId(role) }],
          },
        ],
      });
    }
    const partner = await postAs(url, partnerLogin, password);
    const file = (await readFile(path.join(FIXTURES, 'family-2019.rfa'))).toString('base64');
    const saved = (await partner('/family/save', {
      revitFamilyInfos: ['Refused door', 'Accepted window'].map((name) => ({
        revitFamilyName: `${prefix} ${name}`,
        revitFamilyFileName: 'family-2019.rfa',
        revitFamilyFileBase64: file,
      })),
    })) as { revitFamilyInfos: TFamily[] };
    [refused, accepted] = saved.revitFamilyInfos as [TFamily, TFamily];
    admin = await env.newPage({ width: 1366, height: 900 });
    await signIn(admin, url, 'admin', ADMIN_PASSWORD);
  }, 120_000);

  afterAll(() => env?.close());

  /** A request's row, by the button that opens it (table rows and stacked rows both have it). */
  const row = (name: string) => admin.getByRole('button', { name: `Review ${prefix} ${name}` });

  it('leads from the menu badge to the inbox, which lists the partner requests', async () => {
    const badge = admin.locator('[data-testid=menu-approvals] [data-testid=menu-pending-count]');
    await badge.waitFor();
    await admin.locator('[data-testid=menu-approvals]').click();
    await admin.waitForURL(/#\/approvals/);
    await admin.goto(`${env.portal.url}#/approvals?q=${encodeURIComponent(prefix)}`);
    await row('Refused door').waitFor();
    await row('Accepted window').waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await shot(admin, 'inbox-1366');
  });

  it('disapproves a request with a reason after reviewing it; the partner then finds it disapproved', async () => {
    await admin.getByRole('button', { name: `Review ${prefix} Refused door` }).click();
    const detail = admin.locator('[data-testid=approval-compare]');
    await detail.waitFor();
    expect(await seriousViolations(admin, '.ant-drawer')).toEqual([]);
    await shot(admin, 'review-1366');
    await admin.getByTestId('approval-action-d').click();
    await admin.getByText('Give a reason to disapprove.').waitFor();
    await admin.getByTestId('approval-reason').fill('Please name the door by its width');
    await admin.getByTestId('approval-comment').fill('Thanks for sending it');
    await admin.getByTestId('approval-action-d').click();
    await waitForToast(admin, 'Disapproved: 1');
    await row('Refused door').waitFor({ state: 'detached' });

    const partner = await postAs(env.portal.url, partnerLogin, password);
    const got = (await partner('/family/find', { ids: [refused.revitFamilyId], tifStatuses: ['D'] })) as {
      revitFamilyInfos: TFamily[];
    };
    expect(got.revitFamilyInfos.map((f) => f.tifStatus)).toEqual(['D']);
    const decisions = (await partner('/approvals/decisions', { recordIds: [refused.revitFamilyId] })) as {
      approvalDecisionInfos: { reason: string; comment: string; action: string }[];
    };
    expect(decisions.approvalDecisionInfos).toEqual([
      expect.objectContaining({
        action: 'd',
        reason: 'Please name the door by its width',
        comment: 'Thanks for sending it',
      }),
    ]);
  });

  it('approves the second request, which an end user then sees', async () => {
    await admin.getByRole('button', { name: `Review ${prefix} Accepted window` }).click();
    await admin.getByTestId('approval-action-a').click();
    await waitForToast(admin, 'Approved: 1');
    const reader = await postAs(env.portal.url, readerLogin, password);
    const found = (await reader('/family/find', { ids: [accepted.revitFamilyId] })) as {
      revitFamilyInfos: TFamily[];
    };
    expect(found.revitFamilyInfos).toEqual([
      expect.objectContaining({ revitFamilyName: `${prefix} Accepted window`, tifStatus: 'A' }),
    ]);
  });

  it('fits a 390 px window', async () => {
    const phone = await env.newPage({ width: 1366, height: 900 });
    await signIn(phone, env.portal.url, 'admin', ADMIN_PASSWORD);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${env.portal.url}#/approvals`);
    await phone.locator('[data-testid=approval-list]').waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    expect(await seriousViolations(phone)).toEqual([]);
    await shot(phone, 'inbox-390');
  });
});
