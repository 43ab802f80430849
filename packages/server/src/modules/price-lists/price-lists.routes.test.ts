import { type TGenericList, type TPriceList, ZEnvelope, ZPriceListInfos } from '@portal/contract';
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

  it('answers a long list in the envelope, item by item as saved, and an empty one with no items', async () => {
    const items = Array.from({ length: 4_321 }, (_, n) => ({
      orderNumber: `N-${n}`,
      priceItemValue: n / 4,
      refValue9: n % 3 === 0 ? null : -n,
      priceItemDescription: n === 7 ? 'quote " back\\slash \u00e9' : null,
      currencyId: n % 2 ? item.eur : null,
    }));
    const long = listOf(await save(admin, { priceListCode: unique('LONG'), priceItemInfos: items }));
    const got = await t.call('POST', `/api/prices/get/pricelist/${long.priceListId}`, { token: admin });
    expect(got.status).toBe(200);
    const raw = await t.app.inject({
      method: 'POST',
      url: `/api/prices/get/pricelist/${long.priceListId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(raw.headers['content-type']).toMatch(/^application\/json/);
    expect(ZEnvelope.extend(ZPriceListInfos.shape).safeParse(got.body).success).toBe(true);
    const answered = listOf(got);
    expect(answered).toMatchObject({ priceListCode: long.priceListCode, itemCount: 4_321 });
    expect(
      answered.priceItemInfos.map((i) => ({
        orderNumber: i.orderNumber,
        priceItemValue: i.priceItemValue,
        refValue9: i.refValue9,
        priceItemDescription: i.priceItemDescription,
        currencyId: i.currencyId,
      })),
    ).toEqual(items);
    const empty = listOf(await save(admin, { priceListCode: unique('EMPTY') }));
    const none = await t.call('POST', `/api/prices/get/pricelist/${empty.priceListId}`, { token: admin });
    expect(listOf(none)).toMatchObject({ priceListId: empty.priceListId, itemCount: 0, priceItemInfos: [] });
  });

  it('changes some items of a saved list and refuses a stale or clashing change, changing nothing', async () => {
    const code = unique('CH');
    const owner = await makeCompany(t);
    const list = listOf(
      await save(admin, {
        priceListCode: code,
        companyId: owner.id,
        priceItemInfos: ['A', 'B', 'C'].map((orderNumber) => ({ orderNumber, priceItemValue: 1 })),
      }),
    );
    const itemsOf = async () => {
      const got = await t.call('POST', `/api/prices/get/pricelist/${list.priceListId}`, { token: admin });
      return listOf(got).priceItemInfos;
    };
    const [a, b] = await itemsOf();
    const change = (priceItemChanges: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      save(
        admin,
        { priceListId: list.priceListId, priceListCode: code, priceItemChanges, ...extra },
        '/api/prices/update/pricelist',
      );
    const changed = await change({
      upsert: [
        { priceItemId: a!.priceItemId, orderNumber: 'B', priceItemValue: 5 },
        { orderNumber: 'D', priceItemValue: 7, currencyId: item.eur },
      ],
      removeIds: [b!.priceItemId],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(listOf(changed).itemCount).toBe(3);
    const after = await itemsOf();
    expect(after.map((i) => [i.orderNumber, i.priceItemValue]).sort()).toEqual([
      ['B', 5],
      ['C', 1],
      ['D', 7],
    ]);

    // Edited items keep their ids (and their place in an export); two may swap order numbers.
    const [first, second] = [
      after.find((i) => i.orderNumber === 'B')!,
      after.find((i) => i.orderNumber === 'C')!,
    ];
    expect(first.priceItemId).toBe(a!.priceItemId);
    const swapped = await change({
      upsert: [
        { priceItemId: first.priceItemId, orderNumber: 'C', priceItemValue: 5 },
        { priceItemId: second.priceItemId, orderNumber: 'B', priceItemValue: 1 },
      ],
    });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    const back = await change({
      upsert: [
        { priceItemId: first.priceItemId, orderNumber: 'B', priceItemValue: 5 },
        { priceItemId: second.priceItemId, orderNumber: 'C', priceItemValue: 1 },
      ],
    });
    expect(back.status).toBe(200);
    expect(await itemsOf()).toEqual(after);

    const refusals: Array<[Record<string, unknown>, number, Record<string, unknown>?]> = [
      [{ removeIds: [b!.priceItemId] }, 409],
      [{ upsert: [{ priceItemId: b!.priceItemId, orderNumber: 'Q' }] }, 409],
      [{ upsert: [{ orderNumber: 'c' }] }, 400],
      [{ upsert: [{ orderNumber: 'E' }, { orderNumber: 'e' }] }, 400],
      [{ upsert: [{ orderNumber: 'E', currencyId: 2_000_000 }] }, 400],
      [{ removeIds: [after[0]!.priceItemId, after[0]!.priceItemId] }, 400],
      [{ upsert: [{ orderNumber: 'E' }] }, 400, { priceItemInfos: [] }],
    ];
    for (const [changes, status, extra] of refusals) {
      const refused = await change(changes, extra);
      expect(refused.status, JSON.stringify(changes)).toBe(status);
    }
    const fresh = await save(admin, { priceListCode: unique('new'), priceItemChanges: { upsert: [] } });
    expect(fresh.status).toBe(400);
    expect(await itemsOf()).toEqual(after);

    const company = await makeCompany(t);
    const stranger = await signedInUser(t, { role: 'partnerrole', companyId: company.id });
    const foreign = await save(stranger.authToken, {
      priceListId: list.priceListId,
      priceListCode: code,
      priceItemChanges: { removeIds: [after[0]!.priceItemId] },
    });
    expect(foreign.status).toBe(404);
    expect(await itemsOf()).toEqual(after);
  });
});
