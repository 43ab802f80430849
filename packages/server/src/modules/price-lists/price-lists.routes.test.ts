import type { TGenericList, TPriceList } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, unique } from '../../../test/factories.ts';

let t: TTestApp;
let admin: string;
const item = { eur: 0, mm: 0, steel: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const itemOf = async (list: string, code: string) => {
    const got = await t.call('GET', `/api/list/get/${list}/false`, { token: admin });
    return (got.body.listInfos as TGenericList[])[0]!.listItems.find((i) => i.itemCode === code)!.listItemId;
  };
  item.eur = await itemOf('currencylist', 'EUR');
  item.mm = await itemOf('unitlist', 'mm');
  item.steel = await itemOf('materiallist', 'steel');
});
afterAll(() => t.close());

type TList = TPriceList & { itemCount: number };

async function save(token: string, list: Record<string, unknown>, url = '/api/prices/save/pricelist') {
  return t.call('POST', url, { token, body: { priceListInfos: [list] } });
}
const listOf = (response: { body: Record<string, unknown> }) => (response.body.priceListInfos as TList[])[0]!;

describe('price lists', () => {
  it('saves a list with items, reads it by both path forms, and replaces the items on update', async () => {
    const code = unique('PL');
    const saved = await save(admin, {
      priceListCode: code,
      materialId: item.steel,
      priceItemInfos: [
        {
          orderNumber: 'A-1',
          priceItemValue: 12.5,
          currencyId: item.eur,
          priceItemMeasurementUnitId: item.mm,
          refValue1: 10,
        },
        { orderNumber: 'A-2', priceItemValue: 20, kFactor: 1.2 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const list = listOf(saved);
    expect(list.itemCount).toBe(2);
    for (const url of [
      `/api/prices/get/pricelist/${list.priceListId}`,
      `/api/prices/get/pricelist${list.priceListId}`,
    ]) {
      const got = await t.call('POST', url, { token: admin, body: {} });
      expect(got.status, url).toBe(200);
      expect(listOf(got).priceItemInfos.map((i) => [i.orderNumber, i.priceItemValue, i.refValue1])).toEqual([
        ['A-1', 12.5, 10],
        ['A-2', 20, null],
      ]);
    }
    const updated = await save(
      admin,
      {
        priceListId: list.priceListId,
        priceListCode: code,
        priceItemInfos: [{ orderNumber: 'B-1', priceItemValue: 1 }],
      },
      '/api/prices/update/pricelist',
    );
    expect(listOf(updated).itemCount).toBe(1);
    for (const bad of [
      { orderNumber: 'X', currencyId: 2_000_000 },
      { orderNumber: 'X', priceItemValue: -1 },
    ]) {
      expect((await save(admin, { priceListCode: unique('bad'), priceItemInfos: [bad] })).status).toBe(400);
    }
    const repeated = await save(admin, {
      priceListCode: unique('rep'),
      priceItemInfos: [{ orderNumber: 'Z' }, { orderNumber: 'z' }],
    });
    expect(repeated.status).toBe(400);
    expect((await save(admin, { priceListCode: code.toLowerCase() })).status).toBe(409);
  });

  it('keeps one default list per company, material and component type', async () => {
    const company = await makeCompany(t);
    const first = listOf(
      await save(admin, {
        priceListCode: unique('D1'),
        companyId: company.id,
        materialId: item.steel,
        isDefaultList: true,
      }),
    );
    const second = listOf(
      await save(admin, {
        priceListCode: unique('D2'),
        companyId: company.id,
        materialId: item.steel,
        isDefaultList: true,
      }),
    );
    const other = listOf(
      await save(admin, { priceListCode: unique('D3'), companyId: company.id, isDefaultList: true }),
    );
    const found = await t.call('POST', '/api/prices/find/pricelist', {
      token: admin,
      body: { ids: [first.priceListId, second.priceListId, other.priceListId] },
    });
    const byId = new Map((found.body.priceListInfos as TList[]).map((l) => [l.priceListId, l.isDefaultList]));
    expect(byId.get(first.priceListId)).toBe(false);
    expect(byId.get(second.priceListId)).toBe(true);
    expect(byId.get(other.priceListId)).toBe(true);
  });

  it('names copies -copy, -copy-2, … even when copied in parallel, with the items', async () => {
    const code = unique('CP');
    const source = listOf(await save(admin, { priceListCode: code, priceItemInfos: [{ orderNumber: '1' }] }));
    const copies = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call('POST', '/api/prices/copy/pricelist', {
          token: admin,
          body: { priceListId: source.priceListId },
        }),
      ),
    );
    expect(copies.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    expect(copies.map((c) => listOf(c).priceListCode).sort()).toEqual(
      [`${code}-copy`, `${code}-copy-2`, `${code}-copy-3`, `${code}-copy-4`, `${code}-copy-5`].sort(),
    );
    expect(copies.every((c) => listOf(c).itemCount === 1)).toBe(true);
  });

  it("keeps another tree's lists out of reach (404) and portal-wide lists for admins", async () => {
    const mine = await makeCompany(t);
    const other = await makeCompany(t);
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: mine.id });
    const own = await save(partner.authToken, { priceListCode: unique('own') });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(listOf(own).companyId).toBe(mine.id);
    const foreign = listOf(await save(admin, { priceListCode: unique('foreign'), companyId: other.id }));
    const got = await t.call('POST', `/api/prices/get/pricelist/${foreign.priceListId}`, {
      token: partner.authToken,
      body: {},
    });
    expect(got.status).toBe(404);
    const copy = await t.call('POST', '/api/prices/copy/pricelist', {
      token: partner.authToken,
      body: { priceListId: foreign.priceListId },
    });
    expect(copy.status).toBe(404);
    expect((await save(partner.authToken, { priceListCode: unique('pw'), companyId: null })).status).toBe(
      403,
    );
    const deleted = await t.call('POST', '/api/prices/delete/pricelist', {
      token: partner.authToken,
      body: { priceListInfos: [{ priceListId: foreign.priceListId }] },
    });
    expect(deleted.status).toBe(404);
  });
});
