import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { type TFamilyBulkFileLine, type TFamilyBulkLine, ZFamilyBulkLine } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revitFamilies } from '../../db/schema/index.ts';
import { handZip, repeatedDeflate, type THandEntry } from '../../../test/hand-zip.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, makeRole, signedInUser } from '../../../test/factories.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/rfa');
const fixture = (year: number) => fs.readFileSync(path.join(FIXTURES, `family-${year}.rfa`));
/** The per-file limit of this app: the fixtures are below 400 KB. */
const LIMIT = 1024 * 1024;
const CATALOG = [
  ',Width##LENGTH##MILLIMETERS,Top Material##OTHER##',
  'Zephyr 600,600,Oak',
  'Zephyr 900,900,Walnut',
  '',
].join('\r\n');

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ familyFileMaxBytes: LIMIT });
  admin = await t.adminToken();
});
afterAll(() => t.close());

type TPart = { name: string; content: Buffer; field?: string };

/** A multipart body of many file parts, written by hand as a browser would send it. */
function multipart(parts: TPart[]) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    ...parts.flatMap(({ name, content, field = 'file' }) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Posts the parts and answers the status, the content type and the NDJSON lines, each checked against the contract. */
async function bulk(token: string | undefined, parts: TPart[], query = '') {
  const { payload, headers } = multipart(parts);
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/family/bulk${query}`,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
  const type = String(answer.headers['content-type']);
  if (!type.startsWith('application/x-ndjson'))
    return { status: answer.statusCode, type, lines: [], body: answer.json<Record<string, unknown>>() };
  const lines = answer.body
    .split('\n')
    .filter(Boolean)
    .map((line) => ZFamilyBulkLine.parse(JSON.parse(line)));
  return { status: answer.statusCode, type, lines, body: {} as Record<string, unknown> };
}

const files = (lines: TFamilyBulkLine[]) =>
  lines.filter((line): line is TFamilyBulkFileLine => line.kind === 'file');
const summary = (lines: TFamilyBulkLine[]) => lines.at(-1);
const byFile = (lines: TFamilyBulkLine[], file: string) => files(lines).find((line) => line.file === file);

async function familiesOf(companyId: number) {
  return t.database.db
    .select({ id: revitFamilies.id, status: revitFamilies.tifStatus, types: revitFamilies.types })
    .from(revitFamilies)
    .where(eq(revitFamilies.companyId, companyId));
}

const zipOf = (entries: { name: string; content: Buffer }[]): Buffer =>
  handZip(
    entries.map(({ name, content }): THandEntry => ({
      name,
      deflated: deflateRawSync(content),
      declaredSize: content.length,
    })),
  );

describe('POST /api/family/bulk', () => {
  it('saves a folder of families, each with the type catalog of its name, and publishes an admin’s', async () => {
    const company = await makeCompany(t);
    const answer = await bulk(
      admin,
      [
        { name: 'Desk.TXT', content: Buffer.from(CATALOG) },
        { name: 'desks/desk.rfa', content: fixture(2024) },
        { name: 'truss.rfa', content: fixture(2019) },
        { name: 'chair.rfa', content: fixture(2014) },
      ],
      `?companyId=${company.id}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/x-ndjson/);
    const desk = byFile(answer.lines, 'desk.rfa');
    expect(desk).toMatchObject({
      status: 'saved',
      revitVersion: '2024',
      types: 2,
      typeCatalog: 'Desk.TXT',
      tifStatus: 'A',
    });
    expect(byFile(answer.lines, 'truss.rfa')).toMatchObject({
      status: 'saved',
      revitVersion: '2019',
      types: 1,
    });
    expect(byFile(answer.lines, 'chair.rfa')).toMatchObject({
      status: 'saved',
      revitVersion: '2014',
      types: 3,
    });
    expect(summary(answer.lines)).toEqual({ kind: 'summary', saved: 3, skipped: 0, refused: 0 });
    const rows = await familiesOf(company.id);
    expect(rows.map((row) => row.status)).toEqual(['A', 'A', 'A']);
    const got = await t.call('GET', `/api/family/get/${desk!.familyId}`, { token: admin });
    expect(got.body.revitFamilyInfos).toMatchObject([
      {
        typeSource: 'catalog',
        typeCatalogFileName: 'Desk.TXT',
        revitFamilyFileName: 'desk.rfa',
        companyId: company.id,
      },
    ]);
  });

  it('reads a zip entry by entry, catalogs first, and refuses what is not a family with what to do', async () => {
    const company = await makeCompany(t);
    const zip = zipOf([
      { name: 'library/zephyr.rfa', content: fixture(2021) },
      { name: 'library/other/truss.rfa', content: fixture(2022) },
      { name: 'library/notes.pdf', content: Buffer.from('%PDF-1.4') },
      { name: 'library/ZEPHYR.txt', content: Buffer.from(`\ufeff${CATALOG}`) },
      { name: '__MACOSX/library/._zephyr.rfa', content: Buffer.from('resource fork') },
    ]);
    const answer = await bulk(admin, [{ name: 'library.zip', content: zip }], `?companyId=${company.id}`);
    expect(answer.status).toBe(200);
    expect(byFile(answer.lines, 'zephyr.rfa')).toMatchObject({
      archive: 'library.zip',
      status: 'saved',
      types: 2,
      typeCatalog: 'ZEPHYR.txt',
    });
    expect(byFile(answer.lines, 'truss.rfa')).toMatchObject({ status: 'saved', revitVersion: '2022' });
    expect(byFile(answer.lines, 'notes.pdf')).toMatchObject({
      status: 'refused',
      code: 'bulkNotRevit',
      message: 'notes.pdf is not a Revit family (.rfa): export the family from Revit and upload the .rfa',
    });
    expect(summary(answer.lines)).toEqual({ kind: 'summary', saved: 2, skipped: 0, refused: 1 });
    expect(await familiesOf(company.id)).toHaveLength(2);
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('portal-bulk-'))).toEqual([]);
  });

  it('skips a file already in the company’s library, so sending a batch again saves nothing twice', async () => {
    const company = await makeCompany(t);
    const parts = [
      { name: 'a.rfa', content: fixture(2016) },
      { name: 'b.rfa', content: fixture(2017) },
    ];
    const first = await bulk(admin, parts, `?companyId=${company.id}`);
    const again = await bulk(
      admin,
      [...parts, { name: 'c.rfa', content: fixture(2018) }],
      `?companyId=${company.id}`,
    );
    expect(byFile(again.lines, 'a.rfa')).toMatchObject({
      status: 'skipped',
      code: 'bulkAlreadyInLibrary',
      familyId: byFile(first.lines, 'a.rfa')!.familyId,
    });
    expect(byFile(again.lines, 'c.rfa')).toMatchObject({ status: 'saved' });
    expect(summary(again.lines)).toEqual({ kind: 'summary', saved: 1, skipped: 2, refused: 0 });
    expect(await familiesOf(company.id)).toHaveLength(3);
    // The same file twice in one request is one family.
    const twice = await bulk(
      admin,
      [
        { name: 'd.rfa', content: fixture(2015) },
        { name: 'copy of d.rfa', content: fixture(2015) },
      ],
      `?companyId=${company.id}`,
    );
    expect(files(twice.lines).map((line) => line.status)).toEqual(['saved', 'skipped']);
  });

  it('skips a repeat for an admin who names no company, whose families go under the admin’s own', async () => {
    const part = [
      {
        name: 'own.zip',
        content: zipOf([
          { name: 'library/own.rfa', content: fixture(2021) },
          { name: 'library/own.txt', content: Buffer.from(CATALOG) },
          { name: 'library/readme.pdf', content: Buffer.from('%PDF') },
        ]),
      },
    ];
    const first = await bulk(admin, part);
    const again = await bulk(admin, part);
    expect(byFile(first.lines, 'own.rfa')).toMatchObject({ status: 'saved' });
    expect(byFile(again.lines, 'own.rfa')).toMatchObject({
      status: 'skipped',
      familyId: byFile(first.lines, 'own.rfa')!.familyId,
    });
  });

  it('makes a partner’s files requests for approval in the partner’s company', async () => {
    const company = await makeCompany(t);
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: company.id });
    const answer = await bulk(partner.authToken, [
      { name: 'one.rfa', content: fixture(2020) },
      { name: 'two.rfa', content: fixture(2023) },
    ]);
    expect(files(answer.lines).map((line) => [line.status, line.tifStatus])).toEqual([
      ['saved', 'RfA'],
      ['saved', 'RfA'],
    ]);
    expect((await familiesOf(company.id)).map((row) => row.status)).toEqual(['RfA', 'RfA']);
    const pending = await t.call('GET', '/api/family/pending-count', { token: admin });
    expect(pending.body.pendingCount).toBeGreaterThanOrEqual(2);
  });

  it('refuses another company’s companyId with 404 before reading anything, and strangers with 401 and 403', async () => {
    const own = await makeCompany(t);
    const other = await makeCompany(t);
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: own.id });
    const parts = [{ name: 'x.rfa', content: fixture(2019) }];
    const foreign = await bulk(partner.authToken, parts, `?companyId=${other.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorDetails).toMatchObject([{ key: 'notFound' }]);
    const missing = await bulk(admin, parts, '?companyId=999999');
    expect(missing.status).toBe(404);
    const bad = await bulk(admin, parts, '?companyId=abc');
    expect(bad.status).toBe(400);
    expect((await bulk(undefined, parts)).status).toBe(401);
    const reader = await signedInUser(t, { role: 'userrole', companyId: other.id });
    const refused = await bulk(reader.authToken, parts);
    expect(refused.status).toBe(403);
    expect(refused.body.errorDetails).toMatchObject([
      { key: 'permissionRequired', values: { permission: 'contentmanagement.create' } },
    ]);
    const readOnly = await makeRole(t, ['contentmanagement.read']);
    const viewer = await signedInUser(t, { role: readOnly.roleName, companyId: other.id });
    expect((await bulk(viewer.authToken, parts)).status).toBe(403);
    expect(await familiesOf(other.id)).toHaveLength(0);
    expect(await familiesOf(own.id)).toHaveLength(0);
  });

  it('answers 400 to a body that is not multipart, has no file or no boundary, and ends a body cut short with a failed line', async () => {
    const company = await makeCompany(t);
    const answer = await t.call('POST', '/api/family/bulk', { token: admin, body: { file: 'x' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errorDetails).toMatchObject([{ key: 'multipartFileRequired' }]);
    const { payload, headers } = multipart([{ name: 'a.rfa', content: fixture(2019) }]);
    const boundary = headers['content-type'].split('boundary=')[1]!;
    const send = (contentType: string, body: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/family/bulk?companyId=${company.id}`,
        headers: { 'content-type': contentType, authorization: `Bearer ${admin}` },
        payload: body,
      });
    for (const [contentType, body] of [
      ['multipart/form-data', payload],
      [`multipart/form-data; boundary=${boundary}x`, payload],
      [headers['content-type'], Buffer.from(`--${boundary}--\r\n`)],
    ] as const) {
      const refused = await send(contentType, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<{ responseCode: number }>().responseCode).toBe(400);
    }
    const cut = await send(headers['content-type'], payload.subarray(0, payload.length - 1000));
    expect(cut.statusCode).toBe(200);
    const lines = cut.body
      .split('\n')
      .filter(Boolean)
      .map((line) => ZFamilyBulkLine.parse(JSON.parse(line)));
    expect(lines.at(-1)).toMatchObject({ kind: 'failed' });
    expect(await familiesOf(company.id)).toHaveLength(0);
  });

  it('refuses each bad file with its reason and keeps the good ones', async () => {
    const company = await makeCompany(t);
    const answer = await bulk(
      admin,
      [
        { name: 'fake.rfa', content: Buffer.from('not a compound document at all') },
        { name: 'huge.rfa', content: Buffer.alloc(LIMIT + 10, 1) },
        { name: 'broken.txt', content: Buffer.from('no header here\r\nA,1') },
        { name: 'broken.rfa', content: fixture(2018) },
        { name: 'alone.txt', content: Buffer.from(CATALOG) },
        { name: 'photo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
        { name: 'good.rfa', content: fixture(2019) },
      ],
      `?companyId=${company.id}`,
    );
    expect(answer.status).toBe(200);
    expect(byFile(answer.lines, 'fake.rfa')).toMatchObject({
      status: 'refused',
      code: 'rfaNotCompound',
      values: { name: 'fake.rfa' },
    });
    expect(byFile(answer.lines, 'huge.rfa')).toMatchObject({ status: 'refused', code: 'tooLargeFile' });
    expect(byFile(answer.lines, 'broken.rfa')).toMatchObject({
      status: 'refused',
      code: 'typeCatalogHeader',
    });
    expect(byFile(answer.lines, 'alone.txt')).toMatchObject({
      status: 'refused',
      code: 'bulkCatalogAlone',
      values: { name: 'alone.txt', family: 'alone.rfa' },
    });
    expect(byFile(answer.lines, 'photo.png')).toMatchObject({ status: 'refused', code: 'bulkNotRevit' });
    expect(byFile(answer.lines, 'good.rfa')).toMatchObject({ status: 'saved' });
    expect(summary(answer.lines)).toEqual({ kind: 'summary', saved: 1, skipped: 0, refused: 5 });
    expect(await familiesOf(company.id)).toHaveLength(1);
  });

  it('refuses a zip bomb from its directory, and a zip that lies about its sizes as it inflates', async () => {
    const company = await makeCompany(t);
    const bomb = handZip([
      {
        name: 'bomb.rfa',
        deflated: repeatedDeflate('', '\0'.repeat(1024), 64, ''),
        declaredSize: 3_000_000_000,
      },
    ]);
    // Declares 100 bytes; inflates past the per-file limit.
    const liar = handZip([
      { name: 'liar.rfa', deflated: repeatedDeflate('', '\0'.repeat(65_536), 32, ''), declaredSize: 100 },
      { name: 'fine.rfa', deflated: deflateRawSync(fixture(2020)), declaredSize: 100 },
    ]);
    const answer = await bulk(
      admin,
      [
        { name: 'bomb.zip', content: bomb },
        { name: 'liar.zip', content: liar },
        { name: 'garbage.zip', content: randomBytes(4096) },
      ],
      `?companyId=${company.id}`,
    );
    expect(answer.status).toBe(200);
    expect(byFile(answer.lines, 'bomb.zip')).toMatchObject({ status: 'refused', code: 'zipTooLarge' });
    expect(byFile(answer.lines, 'liar.rfa')).toMatchObject({
      status: 'refused',
      archive: 'liar.zip',
      code: 'tooLargeFile',
    });
    expect(byFile(answer.lines, 'fine.rfa')).toMatchObject({ status: 'saved', revitVersion: '2020' });
    expect(byFile(answer.lines, 'garbage.zip')).toMatchObject({ status: 'refused', code: 'zipNotValid' });
    expect(await familiesOf(company.id)).toHaveLength(1);
  });

  it('keeps file names with a NUL byte or __proto__ harmless', async () => {
    const company = await makeCompany(t);
    const answer = await bulk(
      admin,
      [
        { name: '__proto__.rfa', content: fixture(2014) },
        { name: 'nul\u0000byte.rfa', content: fixture(2015) },
        { name: '__proto__.txt', content: Buffer.from(CATALOG) },
        { name: 'constructor.rfa', content: fixture(2016) },
      ],
      `?companyId=${company.id}`,
    );
    expect(answer.status).toBe(200);
    expect(byFile(answer.lines, '__proto__.rfa')).toMatchObject({ status: 'saved' });
    const nul = files(answer.lines)[1]!;
    expect(nul.status).toBe('saved');
    expect(nul.file).not.toContain('\u0000');
    expect(byFile(answer.lines, '__proto__.txt')).toMatchObject({
      status: 'refused',
      code: 'bulkCatalogAlone',
    });
    expect(byFile(answer.lines, 'constructor.rfa')).toMatchObject({ status: 'saved', types: 3 });
    const [{ n }] = (await t.database.db
      .select({ n: count() })
      .from(revitFamilies)
      .where(eq(revitFamilies.companyId, company.id))) as [{ n: number }];
    expect(n).toBe(3);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
