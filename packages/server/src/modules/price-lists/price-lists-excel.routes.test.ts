import { PRICE_ITEM_NUMBER_RANGE, type TPriceList } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, signedInUser, unique } from '../../../test/factories.ts';

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

type TList = TPriceList & { itemCount: number };

async function makeList(
  items: Array<Record<string, unknown>>,
  token = admin,
  extra: Record<string, unknown> = {},
) {
  const saved = await t.call('POST', '/api/prices/save/pricelist', {
    token,
    body: { priceListInfos: [{ priceListCode: unique('XL'), priceItemInfos: items, ...extra }] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return (saved.body.priceListInfos as TList[])[0]!;
}

async function exported(id: number, kind = 'pricelist', language = 'de') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/prices/export/${kind}/${id}?language=${language}`,
    headers: { authorization: `Bearer ${admin}` },
  });
  return response;
}

async function importBase64(id: number, content: Buffer, token = admin) {
  return t.call('POST', '/api/prices/import/pricelist', {
    token,
    body: {
      priceListId: id,
      excelFile: { fileName: 'prices.xlsx', base64FileContent: content.toString('base64') },
    },
  });
}

/** The streamed import: the workbook as the multipart field "file". */
async function upload(id: number, content: Buffer, query = '') {
  const boundary = 'portal-test-boundary';
  return t.app.inject({
    method: 'POST',
    url: `/api/prices/import/pricelist/${id}/upload${query}`,
    headers: {
      authorization: `Bearer ${admin}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

async function items(id: number) {
  const got = await t.call('POST', `/api/prices/get/pricelist/${id}`, { token: admin, body: {} });
  return (got.body.priceListInfos as TList[])[0]!.priceItemInfos.map(
    ({ priceItemId: _id, priceListId: _list, ...rest }) => rest,
  );
}

describe('price list Excel export and import', () => {
  it('exports a readable sheet and imports it back to exactly the same items', async () => {
    const source = await makeList(
      Array.from({ length: 250 }, (_, i) => ({
        orderNumber: `P-${String(i).padStart(4, '0')}`,
        priceItemDescription: i % 7 ? `Seal ${i}` : null,
        priceItemValue: Math.round(i * 137.25) / 100,
        refValue1: i,
        refValue9: i % 3 ? 0.125 : null,
        kFactor: i % 5 ? 1.5 : null,
        refValuesCanBeConverted: i % 2 === 0,
        priceItemReference: `R${i}`,
      })),
    );
    const response = await exported(source.priceListId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Bestellnummer');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(251);

    const target = await makeList([{ orderNumber: 'OLD' }]);
    const imported = await importBase64(target.priceListId, response.rawPayload);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(await items(target.priceListId)).toEqual(await items(source.priceListId));
  });

  it('refuses a file with one bad row after batches were written, names the row, and keeps the old items', async () => {
    const list = await makeList([{ orderNumber: 'KEEP', priceItemValue: 1 }]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(['Order number', 'Description', 'Information', 'Price']);
    // Past two batches of 2,000 rows: those were inserted before the bad row was read.
    for (let i = 0; i < 5000; i += 1) sheet.addRow([`N-${i}`, 'ok', null, i === 4321 ? 'twelve' : i]);
    const refused = await importBase64(list.priceListId, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(refused.status).toBe(422);
    expect(refused.body.errorMessages).toContain('[Detail] row 4323, column Price: twelve is not a number');
    expect((await items(list.priceListId)).map((i) => i.orderNumber)).toEqual(['KEEP']);
  });

  it('holds the bounds the save holds: 10000000000 in Price is 422 naming the cell and changes nothing', async () => {
    const tooLarge = 10_000_000_000;
    const { max } = PRICE_ITEM_NUMBER_RANGE.priceItemValue;
    const sheetOf = async (price: number) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Prices');
      sheet.addRow(['Order number', 'Description', 'Information', 'Price']);
      sheet.addRow(['BIG', null, null, price]);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const save = (price: number) =>
      t.call('POST', '/api/prices/save/pricelist', {
        token: admin,
        body: {
          priceListInfos: [
            { priceListCode: unique('XL'), priceItemInfos: [{ orderNumber: 'BIG', priceItemValue: price }] },
          ],
        },
      });
    expect((await save(tooLarge)).status).toBe(400);
    const list = await makeList([{ orderNumber: 'KEEP', priceItemValue: 1 }]);
    const refused = await importBase64(list.priceListId, await sheetOf(tooLarge));
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.errorDetails).toEqual([
      {
        key: 'importOutOfRange',
        values: { row: 2, column: 'Price', value: '10000000000', min: 0, max },
      },
    ]);
    expect(refused.body.errorMessages).toContain(
      `[Detail] row 2, column Price: 10000000000 is not between 0 and ${max}`,
    );
    expect(await items(list.priceListId)).toMatchObject([{ orderNumber: 'KEEP', priceItemValue: 1 }]);

    // The largest value the save takes, the import takes too, and stores the same.
    const saved = await save(max);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const imported = await importBase64(list.priceListId, await sheetOf(max));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const savedId = (saved.body.priceListInfos as TList[])[0]!.priceListId;
    expect(await items(list.priceListId)).toEqual(await items(savedId));
    expect(await items(list.priceListId)).toMatchObject([{ orderNumber: 'BIG', priceItemValue: max }]);
  });

  it('lists at most 100 bad cells and counts the other rows', async () => {
    const list = await makeList([{ orderNumber: 'KEEP' }]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(['Order number', 'Description', 'Information', 'Price']);
    for (let i = 0; i < 150; i += 1) sheet.addRow(['', 'no order number', null, 1]);
    const refused = await importBase64(list.priceListId, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(refused.status).toBe(422);
    expect(refused.body.errorMessages).toHaveLength(1 + 100 + 1);
    expect(refused.body.errorMessages.at(-1)).toBe('[Detail] 50 more rows have errors');
  });

  it('refuses what is not an .xlsx (415) and a zip that would unpack too large (413), changing nothing', async () => {
    const list = await makeList([{ orderNumber: 'KEEP' }]);
    const text = await importBase64(list.priceListId, Buffer.from('order;price\nA;1\n'));
    expect(text.status).toBe(415);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Prices').addRow(['Order number']);
    const bomb = Buffer.from(await workbook.xlsx.writeBuffer());
    // Every central directory entry now claims 600 MB unpacked: refused before anything is unpacked.
    for (
      let at = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      at >= 0;
      at = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)
    )
      bomb.writeUInt32LE(600 * 1024 * 1024, at + 24);
    const refused = await importBase64(list.priceListId, bomb);
    expect(refused.status).toBe(413);
    expect((await items(list.priceListId)).map((i) => i.orderNumber)).toEqual(['KEEP']);
  });

  it('streams an import as multipart, and keeps other trees out (404)', async () => {
    const source = await makeList([{ orderNumber: 'M-1', priceItemValue: 3 }]);
    const file = (await exported(source.priceListId, 'pricelist', 'en')).rawPayload;
    const target = await makeList([]);
    const uploaded = await upload(target.priceListId, file);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await items(target.priceListId)).map((i) => i.orderNumber)).toEqual(['M-1']);
    const other = await makeCompany(t);
    const foreign = await makeList([{ orderNumber: 'F' }], admin, { companyId: other.id });
    const partner = await signedInUser(t, { role: 'partnerrole' });
    expect((await importBase64(foreign.priceListId, file, partner.authToken)).status).toBe(404);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/prices/export/pricelist/${foreign.priceListId}`,
      headers: { authorization: `Bearer ${partner.authToken}` },
    });
    expect(download.statusCode).toBe(404);
  });
  it('answers a dry run with what the import would add, change and remove, and changes nothing', async () => {
    const list = await makeList([
      { orderNumber: 'A', priceItemValue: 1 },
      { orderNumber: 'B', priceItemValue: 2 },
      { orderNumber: 'C', priceItemValue: 3, priceItemDescription: 'kept' },
      { orderNumber: 'D', priceItemValue: 4 },
    ]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(['Order number', 'Description', 'Information', 'Price']);
    // A and C as they are; b (another case of B) with a new price; E new; D left out.
    for (const row of [
      ['A', null, null, 1],
      ['b', null, null, 5],
      ['C', 'kept', null, 3],
      ['E', null, null, 6],
    ])
      sheet.addRow(row);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = await items(list.priceListId);
    const counts = { rows: 4, added: 1, changed: 1, removed: 1, unchanged: 2 };

    const dry = await t.call('POST', '/api/prices/import/pricelist', {
      token: admin,
      body: {
        priceListId: list.priceListId,
        dryRun: true,
        excelFile: { fileName: 'p.xlsx', base64FileContent: file.toString('base64') },
      },
    });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.importPreview).toEqual(counts);
    expect((dry.body.priceListInfos as TList[])[0]).toMatchObject({
      priceListId: list.priceListId,
      itemCount: 4,
    });
    expect(await items(list.priceListId)).toEqual(before);

    const streamed = (query: string) => upload(list.priceListId, file, query);
    const dryStream = await streamed('?dryRun=true');
    expect(dryStream.statusCode, dryStream.body).toBe(200);
    expect((JSON.parse(dryStream.body) as { importPreview: unknown }).importPreview).toEqual(counts);
    expect((await streamed('?dryRun=maybe')).statusCode).toBe(400);
    expect(await items(list.priceListId)).toEqual(before);

    // Applied, the list holds the sheet's rows and the answer carries no preview.
    const applied = await streamed('');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(JSON.parse(applied.body)).not.toHaveProperty('importPreview');
    expect((await items(list.priceListId)).map((i) => [i.orderNumber, i.priceItemValue])).toEqual([
      ['A', 1],
      ['b', 5],
      ['C', 3],
      ['E', 6],
    ]);
  });

  it('checks every row in a dry run too: a bad row is 422 and nothing changes', async () => {
    const list = await makeList([{ orderNumber: 'KEEP', priceItemValue: 1 }]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(['Order number', 'Description', 'Information', 'Price']);
    sheet.addRow(['N-1', null, null, 'twelve']);
    const refused = await t.call('POST', '/api/prices/import/pricelist', {
      token: admin,
      body: {
        priceListId: list.priceListId,
        dryRun: true,
        excelFile: {
          fileName: 'p.xlsx',
          base64FileContent: Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64'),
        },
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errorDetails).toMatchObject([{ key: 'importNotNumber', values: { row: 2 } }]);
    expect(await items(list.priceListId)).toMatchObject([{ orderNumber: 'KEEP', priceItemValue: 1 }]);
  });

  it('gives strangers, readers and other trees no dry run (401, 403, 404)', async () => {
    const source = await makeList([{ orderNumber: 'S-1', priceItemValue: 1 }]);
    const file = (await exported(source.priceListId, 'pricelist', 'en')).rawPayload;
    const other = await makeCompany(t);
    const foreign = await makeList([{ orderNumber: 'F' }], admin, { companyId: other.id });
    const body = (id: number) => ({
      priceListId: id,
      dryRun: true,
      excelFile: { fileName: 'p.xlsx', base64FileContent: file.toString('base64') },
    });
    const stranger = await t.call('POST', '/api/prices/import/pricelist', { body: body(source.priceListId) });
    expect(stranger.status).toBe(401);
    const reader = await signedInUser(t, { role: 'userrole', companyId: other.id });
    const read = await t.call('POST', '/api/prices/import/pricelist', {
      token: reader.authToken,
      body: body(foreign.priceListId),
    });
    expect(read.status).toBe(403);
    const partner = await signedInUser(t, { role: 'partnerrole' });
    const outside = await t.call('POST', '/api/prices/import/pricelist', {
      token: partner.authToken,
      body: body(foreign.priceListId),
    });
    expect(outside.status).toBe(404);
    expect(outside.body).not.toHaveProperty('importPreview');
    expect((await items(foreign.priceListId)).map((i) => i.orderNumber)).toEqual(['F']);
  });
});
