import {
  PRICE_LIST_ITEMS_MAX,
  type TGenericList,
  type TPriceList,
  ZEnvelope,
  ZPriceListGetAnswer,
} from '@portal/contract';
import ExcelJS from 'exceljs';
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
type TCall = Awaited<ReturnType<TTestApp['call']>>;

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

  it('removes the items a short list sent back leaves out, as its client read them all', async () => {
    const saved = listOf(
      await save(admin, {
        priceListCode: unique('SH'),
        priceItemInfos: [{ orderNumber: 'A' }, { orderNumber: 'B' }, { orderNumber: 'C' }],
      }),
    );
    const got = await t.call('POST', `/api/prices/get/pricelist/${saved.priceListId}`, {
      token: admin,
      body: {},
    });
    const read = listOf(got);
    expect(read.itemCount).toBe(3);
    const sent = { ...read, priceItemInfos: read.priceItemInfos.filter((item) => item.orderNumber !== 'B') };
    const updated = await save(admin, sent, '/api/prices/update/pricelist');
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(listOf(updated).itemCount).toBe(2);
    expect(
      listOf(updated)
        .priceItemInfos.map((item) => item.orderNumber)
        .sort(),
    ).toEqual(['A', 'C']);
  });

  it('copies the lists named in the list key shape, and takes an orderNumber sent as a number', async () => {
    const code = unique('CK');
    const source = listOf(await save(admin, { priceListCode: code, priceItemInfos: [{ orderNumber: 42 }] }));
    const copied = await t.call('POST', '/api/prices/copy/pricelist', {
      token: admin,
      body: { priceListInfos: [{ priceListId: source.priceListId }] },
    });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect(listOf(copied)).toMatchObject({ priceListCode: `${code}-copy`, itemCount: 1 });
    const both = await t.call('POST', '/api/prices/copy/pricelist', {
      token: admin,
      body: { priceListId: source.priceListId, priceListInfos: [{ priceListId: source.priceListId }] },
    });
    expect(both.status).toBe(400);
    const got = await t.call('POST', `/api/prices/get/pricelist/${source.priceListId}`, {
      token: admin,
      body: {},
    });
    expect(
      (got.body.priceListInfos as Array<{ priceItemInfos: Array<{ orderNumber: unknown }> }>)[0]!
        .priceItemInfos[0]!.orderNumber,
    ).toBe('42');
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

  it('pages the items as finds page: the first 1,000 with the total by default, page 2, sort and search', async () => {
    const items = Array.from({ length: 2_500 }, (_, n) => ({
      orderNumber: `N-${String(n).padStart(4, '0')}`,
      priceItemValue: (n % 10) / 4,
      priceItemDescription: n === 7 ? 'quote " back\\slash \u00e9' : null,
    }));
    const long = listOf(await save(admin, { priceListCode: unique('LONG'), priceItemInfos: items }));
    const get = (body?: unknown) =>
      t.call('POST', `/api/prices/get/pricelist/${long.priceListId}`, { token: admin, body });
    const orders = (response: TCall) => listOf(response).priceItemInfos.map((i) => i.orderNumber);

    // No paging given (and no body at all): the first 1,000 in id order, the total beside them.
    for (const first of [await get(), await get({})]) {
      expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(200);
      expect(ZEnvelope.extend(ZPriceListGetAnswer.shape).safeParse(first.body).success).toBe(true);
      expect(first.body.totalCount).toBe(2_500);
      expect(listOf(first)).toMatchObject({ priceListCode: long.priceListCode, itemCount: 2_500 });
      expect(orders(first)).toEqual(items.slice(0, 1000).map((i) => i.orderNumber));
    }
    const second = await get({ page: 2, pageSize: 1000 });
    expect(orders(second)).toEqual(items.slice(1000, 2000).map((i) => i.orderNumber));
    expect(listOf(await get({ page: 3 })).priceItemInfos).toHaveLength(500);
    expect(listOf(await get({ page: 4 })).priceItemInfos).toEqual([]);

    const sorted = await get({ pageSize: 3, sort: [{ field: 'priceItemValue', dir: 'desc' }] });
    expect(orders(sorted)).toEqual(['N-0009', 'N-0019', 'N-0029']);
    const searched = await get({ search: 'n-012', pageSize: 5 });
    expect(searched.body.totalCount).toBe(10);
    expect(listOf(searched).itemCount).toBe(2_500);
    expect(orders(searched)).toEqual(['N-0120', 'N-0121', 'N-0122', 'N-0123', 'N-0124']);
    expect((await get({ search: 'BACK\\SLASH' })).body.totalCount).toBe(1);

    for (const bad of [{ pageSize: 1001 }, { page: 0 }, { sort: [{ field: 'priceListCode', dir: 'asc' }] }]) {
      expect((await get(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const empty = listOf(await save(admin, { priceListCode: unique('EMPTY') }));
    const none = await t.call('POST', `/api/prices/get/pricelist/${empty.priceListId}`, { token: admin });
    expect(none.body.totalCount).toBe(0);
    expect(listOf(none)).toMatchObject({ priceListId: empty.priceListId, itemCount: 0, priceItemInfos: [] });
  });

  it('reads a 2,000-item list back page by page exactly as saved', async () => {
    const items = Array.from({ length: 2_000 }, (_, n) => ({
      orderNumber: `P-${n}`,
      priceItemValue: n / 4,
      refValue9: n % 3 === 0 ? null : -n,
      priceItemDescription: n % 7 === 0 ? `quote " back\\slash \u00e9 ${n}` : null,
      currencyId: n % 2 ? item.eur : null,
    }));
    const list = listOf(await save(admin, { priceListCode: unique('PAGED'), priceItemInfos: items }));
    const read: Array<Record<string, unknown>> = [];
    for (let page = 1; ; page += 1) {
      const got = await t.call('POST', `/api/prices/get/pricelist/${list.priceListId}`, {
        token: admin,
        body: { page, pageSize: 300 },
      });
      expect(got.body.totalCount).toBe(2_000);
      const pageItems = listOf(got).priceItemInfos;
      if (pageItems.length === 0) break;
      read.push(
        ...pageItems.map((i) => ({
          orderNumber: i.orderNumber,
          priceItemValue: i.priceItemValue,
          refValue9: i.refValue9,
          priceItemDescription: i.priceItemDescription,
          currencyId: i.currencyId,
        })),
      );
    }
    expect(read).toEqual(items);
  });

  it('answers a save, an update and an import with the stored items (their first page) and the count', async () => {
    const code = unique('ANS');
    const saved = await save(admin, {
      priceListCode: code,
      priceItemInfos: Array.from({ length: 1_200 }, (_, n) => ({ orderNumber: `S-${n}`, priceItemValue: n })),
    });
    expect(saved.status).toBe(200);
    const list = listOf(saved);
    expect(list.itemCount).toBe(1_200);
    expect(list.priceItemInfos).toHaveLength(1000);
    expect(list.priceItemInfos[0]).toMatchObject({ orderNumber: 'S-0', priceListId: list.priceListId });
    const got = await t.call('POST', `/api/prices/get/pricelist/${list.priceListId}`, { token: admin });
    expect(list.priceItemInfos).toEqual(listOf(got).priceItemInfos);
    // Sent back as the get answered it, a page of the items beside the count, the list keeps them all.
    // A page of a longer list sent back keeps the items it did not show.
    const roundTrip = await save(admin, listOf(got), '/api/prices/update/pricelist');
    expect(roundTrip.status, JSON.stringify(roundTrip.body).slice(0, 300)).toBe(200);
    expect(listOf(roundTrip).itemCount).toBe(1_200);

    const updated = await save(
      admin,
      {
        priceListId: list.priceListId,
        priceListCode: code,
        priceItemChanges: { upsert: [{ orderNumber: 'NEW', priceItemValue: 3 }], removeIds: [] },
      },
      '/api/prices/update/pricelist',
    );
    expect(updated.status, JSON.stringify(updated.body).slice(0, 300)).toBe(200);
    expect(listOf(updated)).toMatchObject({ itemCount: 1_201 });
    expect(listOf(updated).priceItemInfos).toHaveLength(1000);
    const replaced = await save(
      admin,
      { priceListId: list.priceListId, priceListCode: code, priceItemInfos: [{ orderNumber: 'ONLY' }] },
      '/api/prices/update/pricelist',
    );
    expect(listOf(replaced)).toMatchObject({ itemCount: 1, priceItemInfos: [{ orderNumber: 'ONLY' }] });
    const stored = listOf(replaced).priceItemInfos[0]!;
    expect(stored.priceItemId).toBeGreaterThan(0);

    const sheet = await t.app.inject({
      method: 'GET',
      url: `/api/prices/export/pricelist/${list.priceListId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const imported = await t.call('POST', '/api/prices/import/pricelist', {
      token: admin,
      body: {
        priceListId: list.priceListId,
        excelFile: { fileName: 'p.xlsx', base64FileContent: sheet.rawPayload.toString('base64') },
      },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(listOf(imported)).toMatchObject({ itemCount: 1, priceItemInfos: [{ orderNumber: 'ONLY' }] });
  });

  it('takes part lists through the partlist export and import only, price lists through the pricelist ones (409)', async () => {
    const price = listOf(
      await save(admin, { priceListCode: unique('PRICE'), priceItemInfos: [{ orderNumber: 'P' }] }),
    );
    const part = listOf(
      await save(admin, {
        priceListCode: unique('PART'),
        isPartList: true,
        priceItemInfos: [{ orderNumber: 'Q' }],
      }),
    );
    const exportOf = (kind: string, id: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/prices/export/${kind}/${id}`,
        headers: { authorization: `Bearer ${admin}` },
      });
    const priceSheet = await exportOf('pricelist', price.priceListId);
    const partSheet = await exportOf('partlist', part.priceListId);
    expect([priceSheet.statusCode, partSheet.statusCode]).toEqual([200, 200]);

    const wrongExports = [
      [await exportOf('partlist', price.priceListId), 'notAPartList', price.priceListCode],
      [await exportOf('pricelist', part.priceListId), 'notAPriceList', part.priceListCode],
    ] as const;
    for (const [answer, key, code] of wrongExports) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ errorDetails: [{ key, values: { code } }] });
    }
    const importAs = (kind: string, id: number, content: Buffer) =>
      t.call('POST', `/api/prices/import/${kind}`, {
        token: admin,
        body: {
          priceListId: id,
          excelFile: { fileName: 'x.xlsx', base64FileContent: content.toString('base64') },
        },
      });
    const uploadAs = (kind: string, id: number, content: Buffer) => {
      const boundary = 'kind-boundary';
      return t.app.inject({
        method: 'POST',
        url: `/api/prices/import/${kind}/${id}/upload`,
        headers: {
          authorization: `Bearer ${admin}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          content,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    expect((await importAs('partlist', price.priceListId, partSheet.rawPayload)).status).toBe(409);
    expect((await importAs('pricelist', part.priceListId, priceSheet.rawPayload)).status).toBe(409);
    expect((await uploadAs('partlist', price.priceListId, partSheet.rawPayload)).statusCode).toBe(409);
    expect((await uploadAs('pricelist', part.priceListId, priceSheet.rawPayload)).statusCode).toBe(409);
    const itemsOf = async (id: number) =>
      listOf(await t.call('POST', `/api/prices/get/pricelist/${id}`, { token: admin })).priceItemInfos.map(
        (i) => i.orderNumber,
      );
    expect([await itemsOf(price.priceListId), await itemsOf(part.priceListId)]).toEqual([['P'], ['Q']]);
    // The right kind goes through: the part list takes the price list's sheet through its own route.
    expect((await importAs('partlist', part.priceListId, priceSheet.rawPayload)).status).toBe(200);
    expect((await uploadAs('pricelist', price.priceListId, partSheet.rawPayload)).statusCode).toBe(200);
    expect([await itemsOf(price.priceListId), await itemsOf(part.priceListId)]).toEqual([['Q'], ['P']]);
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

describe('the cap of items per list', () => {
  /** A second portal whose lists hold at most CAP items, so each way past it is cheap to try. */
  const CAP = 5;
  let small: TTestApp;
  let token: string;
  beforeAll(async () => {
    small = await createTestApp({ priceListMaxItems: CAP });
    token = await small.adminToken();
  });
  afterAll(() => small.close());

  const itemsOf = (count: number, prefix = 'C') =>
    Array.from({ length: count }, (_, n) => ({ orderNumber: `${prefix}-${n}`, priceItemValue: n }));
  const write = (list: Record<string, unknown>, url = '/api/prices/save/pricelist') =>
    small.call('POST', url, { token, body: { priceListInfos: [list] } });
  const stored = async (id: number) =>
    (await small.call('POST', `/api/prices/get/pricelist/${id}`, { token, body: {} })).body.totalCount;
  const refusedAt = (answer: TCall, field: string) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.errorDetails).toEqual([{ key: 'priceListTooManyItems', values: { max: CAP }, field }]);
    expect(answer.body.errorMessages).toContain(
      `[Detail] A price list holds at most ${CAP} items; nothing was changed`,
    );
  };

  it('refuses a save and an update past the cap with 422 naming it, and changes nothing', async () => {
    refusedAt(
      await write({ priceListCode: unique('CAP'), priceItemInfos: itemsOf(CAP + 1) }),
      'priceListInfos.0.priceItemInfos',
    );
    const code = unique('CAP');
    const full = await write({ priceListCode: code, priceItemInfos: itemsOf(CAP) });
    expect(full.status).toBe(200);
    const id = listOf(full).priceListId;
    for (const url of ['/api/prices/save/pricelist', '/api/prices/update/pricelist']) {
      refusedAt(
        await write({ priceListId: id, priceListCode: code, priceItemInfos: itemsOf(CAP + 1, 'U') }, url),
        'priceListInfos.0.priceItemInfos',
      );
      refusedAt(
        await write(
          { priceListId: id, priceListCode: code, priceItemChanges: { upsert: itemsOf(1, 'ADD') } },
          url,
        ),
        'priceListInfos.0.priceItemChanges.upsert',
      );
    }
    expect(await stored(id)).toBe(CAP);
    // Adding as many as are removed keeps the list at the cap, and is taken.
    const [first] = listOf(full).priceItemInfos;
    const swapped = await write(
      {
        priceListId: id,
        priceListCode: code,
        priceItemChanges: { upsert: itemsOf(1, 'ADD'), removeIds: [first!.priceItemId] },
      },
      '/api/prices/update/pricelist',
    );
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(listOf(swapped).itemCount).toBe(CAP);
  });

  it('refuses an import of more rows than the cap with 422 naming it, and keeps the old items', async () => {
    const list = listOf(await write({ priceListCode: unique('CAPX'), priceItemInfos: itemsOf(2) }));
    const sheetOf = async (rows: number) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Items');
      sheet.addRow(['Order number', 'Description', 'Information', 'Price']);
      for (let n = 0; n < rows; n += 1) sheet.addRow([`X-${n}`, null, null, n]);
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const importOf = async (rows: number) =>
      small.call('POST', '/api/prices/import/pricelist', {
        token,
        body: {
          priceListId: list.priceListId,
          excelFile: { fileName: 'x.xlsx', base64FileContent: (await sheetOf(rows)).toString('base64') },
        },
      });
    refusedAt(await importOf(CAP + 1), 'excelFile');
    expect(await stored(list.priceListId)).toBe(2);
    const atCap = await importOf(CAP);
    expect(atCap.status, JSON.stringify(atCap.body)).toBe(200);
    expect(listOf(atCap).itemCount).toBe(CAP);
  });

  it('is the contract constant on a portal left alone: one more item than PRICE_LIST_ITEMS_MAX is refused', async () => {
    const answer = await t.call('POST', '/api/prices/save/pricelist', {
      token: admin,
      body: {
        priceListInfos: [
          {
            priceListCode: unique('MAX'),
            priceItemInfos: Array.from({ length: PRICE_LIST_ITEMS_MAX + 1 }, (_, n) => ({
              orderNumber: `${n}`,
            })),
          },
        ],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errorDetails).toEqual([
      {
        key: 'tooManyItems',
        values: { name: 'priceItemInfos', max: PRICE_LIST_ITEMS_MAX },
        field: 'priceListInfos.0.priceItemInfos',
      },
    ]);
  });
});
