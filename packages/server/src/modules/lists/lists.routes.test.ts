import type { TGenericList } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { signedInUser, unique } from '../../../test/factories.ts';

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe('generic lists', () => {
  it('are seeded with real units, materials and services, and read by any signed-in user', async () => {
    const user = await signedInUser(t);
    const found = await t.call('POST', '/api/list/find', {
      token: user.authToken,
      body: { names: ['unitlist', 'MATERIALLIST', 'componenttype', 'servicelist'] },
    });
    expect(found.status).toBe(200);
    const lists = found.body.listInfos as TGenericList[];
    expect(lists.map((l) => l.listCode).sort()).toEqual([
      'componenttype',
      'materiallist',
      'servicelist',
      'unitlist',
    ]);
    const units = lists.find((l) => l.listCode === 'unitlist')!;
    expect(units.listItems.map((i) => i.itemCode)).toEqual(expect.arrayContaining(['mm', 'm', 'in', 'ft']));
    const one = await t.call('GET', '/api/list/get/servicelist/false', { token: user.authToken });
    expect((one.body.listInfos as TGenericList[])[0]?.listItems.map((i) => i.itemCode)).toContain(
      'cable-tray',
    );
    expect((await t.call('GET', '/api/list/get/nolist/false', { token: user.authToken })).status).toBe(404);
    expect((await t.call('POST', '/api/list/find', { body: {} })).status).toBe(401);
  });

  it('saves a list with its items in order, replaces them on update, and refuses repeated codes', async () => {
    const code = unique('colours').toLowerCase();
    const created = await t.call('POST', '/api/list/save', {
      token: admin,
      body: {
        listInfos: [
          {
            listCode: code,
            listDescription: 'Colours',
            listItems: [
              { itemCode: 'red', itemDescription: 'Red' },
              { itemCode: 'blue', itemDescription: 'Blue' },
            ],
          },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [list] = created.body.listInfos as TGenericList[];
    expect(list!.listItems.map((i) => [i.itemCode, i.sortOrder])).toEqual([
      ['red', 0],
      ['blue', 1],
    ]);
    const updated = await t.call('POST', '/api/list/save', {
      token: admin,
      body: {
        listInfos: [
          {
            listId: list!.listId,
            listCode: code,
            active: false,
            listItems: [{ itemCode: 'green', itemDescription: 'Green' }],
          },
        ],
      },
    });
    expect((updated.body.listInfos as TGenericList[])[0]?.listItems.map((i) => i.itemCode)).toEqual([
      'green',
    ]);
    expect((await t.call('GET', `/api/list/get/${code}/false`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', `/api/list/get/${code}/true`, { token: admin })).status).toBe(200);
    const repeated = await t.call('POST', '/api/list/save', {
      token: admin,
      body: {
        listInfos: [
          {
            listId: list!.listId,
            listCode: code,
            listItems: [
              { itemCode: 'x', itemDescription: 'X' },
              { itemCode: 'X', itemDescription: 'X again' },
            ],
          },
        ],
      },
    });
    expect(repeated.status).toBe(400);
    expect(
      (await t.call('GET', `/api/list/get/${code}/true`, { token: admin })).body.listInfos,
    ).toMatchObject([{ listItems: [{ itemCode: 'green' }] }]);
    const partner = await signedInUser(t, { role: 'partnerrole' });
    const refused = await t.call('POST', '/api/list/save', {
      token: partner.authToken,
      body: { listInfos: [{ listCode: unique('mine'), listItems: [] }] },
    });
    expect(refused.status).toBe(403);
    const duplicate = await t.call('POST', '/api/list/save', {
      token: admin,
      body: { listInfos: [{ listCode: code.toUpperCase(), listItems: [] }] },
    });
    expect(duplicate.status).toBe(409);
  });
});
