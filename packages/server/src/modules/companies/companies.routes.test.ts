import type { TCompany } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser } from '../../../test/factories.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/company/find', () => {
  it('lists only ids and names of active companies when no token is sent', async () => {
    const active = await makeCompany(t, { prefix: 'Open_Ltd' });
    const dormant = await makeCompany(t, { prefix: 'Dormant_Ltd', active: false });
    const response = await t.call('POST', '/api/company/find', { body: {} });
    expect(response.status).toBe(200);
    const infos = response.body.companyInfos as Array<Record<string, unknown>>;
    expect(infos).toContainEqual({ companyId: active.id, companyName: active.name });
    expect(infos.map((c) => c.companyId)).not.toContain(dormant.id);
    expect(infos.map((c) => c.companyName)).not.toContain(dormant.name);
    expect(infos.length).toBeGreaterThan(0);
    for (const info of infos) expect(Object.keys(info).sort()).toEqual(['companyId', 'companyName']);
    expect(response.body.totalCount).toBe(infos.length);
  });

  it('answers full records of the caller tree, with parent and child names, when signed in', async () => {
    const parent = await makeCompany(t, { prefix: 'Tree_Parent' });
    const child = await makeCompany(t, { prefix: 'Tree_Child', parentId: parent.id });
    const other = await makeCompany(t, { prefix: 'Other_Tree' });
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: parent.id });
    const response = await t.call('POST', '/api/company/find', { token: partner.authToken, body: {} });
    expect(response.status).toBe(200);
    const infos = response.body.companyInfos as TCompany[];
    expect(infos.map((c) => c.companyId).sort()).toEqual([parent.id, child.id].sort());
    expect(infos.find((c) => c.companyId === child.id)?.parentCompany).toEqual({
      companyId: parent.id,
      companyName: parent.name,
    });
    expect(infos.find((c) => c.companyId === parent.id)?.childCompanies).toEqual([
      { companyId: child.id, companyName: child.name },
    ]);
    expect(infos.map((c) => c.companyId)).not.toContain(other.id);
  });
});
