import type { TCustomer } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, makeUser, signedInUser, unique } from '../../../test/factories.ts';

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

async function customers(token: string, body: Record<string, unknown>) {
  const found = await t.call('POST', '/api/customer/find', { token, body });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return found.body as unknown as { customerInfos: TCustomer[]; totalCount: number };
}

describe('customers', () => {
  it('lists companies as Business and users without a company as Individual, Active or Suspended', async () => {
    const marker = unique('Kunde');
    const business = await makeCompany(t, { prefix: `${marker}_co` });
    const dormant = await makeCompany(t, { prefix: `${marker}_dormant`, active: false });
    await makeUser(t, { companyId: business.id });
    const person = await makeUser(t, { prefix: `${marker}_solo`, companyId: null });
    const all = await customers(admin, { search: marker.toLowerCase() });
    expect(all.customerInfos).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          customerType: 'Business',
          customerId: business.id,
          status: 'Active',
          userCount: 1,
        }),
        expect.objectContaining({ customerType: 'Business', customerId: dormant.id, status: 'Suspended' }),
        expect.objectContaining({
          customerType: 'Individual',
          customerId: person.id,
          login: person.login,
          userCount: null,
        }),
      ]),
    );
    expect(all.totalCount).toBe(3);
    const suspended = await customers(admin, { search: marker.toLowerCase(), statuses: ['Suspended'] });
    expect(suspended.customerInfos.map((c) => c.customerId)).toEqual([dormant.id]);
    const individuals = await customers(admin, {
      search: marker.toLowerCase(),
      customerTypes: ['Individual'],
    });
    expect(individuals.customerInfos.map((c) => c.customerId)).toEqual([person.id]);
    // An older client's lower-case filter values are taken as the spec's.
    const lower = await customers(admin, {
      search: marker.toLowerCase(),
      customerTypes: ['business'],
      statuses: ['suspended'],
    });
    expect(lower.customerInfos.map((c) => c.customerId)).toEqual([dormant.id]);
    const paged = await customers(admin, {
      search: marker.toLowerCase(),
      pageSize: 2,
      page: 2,
      sort: [{ field: 'customerName', dir: 'asc' }],
    });
    expect(paged.customerInfos).toHaveLength(1);
    expect(paged.totalCount).toBe(3);
    const bad = await t.call('POST', '/api/customer/find', {
      token: admin,
      body: { sort: [{ field: '__proto__' }] },
    });
    expect(bad.status).toBe(400);
  });

  it("shows a partner its tree's companies only and no individuals", async () => {
    const root = await makeCompany(t);
    const child = await makeCompany(t, { parentId: root.id });
    const other = await makeCompany(t);
    await makeUser(t, { companyId: null });
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: root.id });
    const seen = await customers(partner.authToken, { pageSize: 1000 });
    const ids = seen.customerInfos.map((c) => `${c.customerType}:${c.customerId}`);
    expect(ids.sort()).toEqual([`Business:${root.id}`, `Business:${child.id}`].sort());
    expect(ids).not.toContain(`Business:${other.id}`);
    const user = await signedInUser(t, { companyId: root.id });
    expect((await t.call('POST', '/api/customer/find', { token: user.authToken, body: {} })).status).toBe(
      403,
    );
  });
});
