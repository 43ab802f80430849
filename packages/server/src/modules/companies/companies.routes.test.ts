import type { TCompany } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
let parent: number;
let child: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  parent = await t.company('Tree Parent');
  child = await t.company('Tree Child', parent);
  other = await t.company('Other Tree');
  await t.company('Dormant Ltd', null, { active: false });
  await t.user('tree-partner', 'partnerrole', parent);
});
afterAll(() => t.close());

describe('POST /api/company/find', () => {
  it('lists only ids and names of active companies when no token is sent', async () => {
    const response = await t.call('POST', '/api/company/find', { body: {} });
    expect(response.status).toBe(200);
    const infos = response.body.companyInfos as Array<Record<string, unknown>>;
    expect(infos.map((c) => c.companyName)).not.toContain('Dormant Ltd');
    expect(infos.every((c) => Object.keys(c).sort().join() === 'companyId,companyName')).toBe(true);
  });

  it('answers full records of the caller tree, with parent and child names, when signed in', async () => {
    const { authToken } = await t.login('tree-partner', 'User-Passw0rd!');
    const response = await t.call('POST', '/api/company/find', { token: authToken, body: {} });
    const infos = response.body.companyInfos as TCompany[];
    expect(infos.map((c) => c.companyId).sort()).toEqual([parent, child].sort());
    expect(infos.find((c) => c.companyId === child)?.parentCompany).toEqual({
      companyId: parent,
      companyName: 'Tree Parent',
    });
    expect(infos.find((c) => c.companyId === parent)?.childCompanies).toEqual([
      { companyId: child, companyName: 'Tree Child' },
    ]);
    expect(infos.some((c) => c.companyId === other)).toBe(false);
  });
});
