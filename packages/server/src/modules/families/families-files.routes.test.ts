import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import CFB from 'cfb';
import { count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { familyUploads, revitFamilies } from '../../db/schema/index.ts';
import { fileRows, storedFiles } from '../../../test/stored-files.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, makeRole, multipartFile, signedInUser, unique } from '../../../test/factories.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/rfa');
const fixture = (year: number) => fs.readFileSync(path.join(FIXTURES, `family-${year}.rfa`));

const FURNITURE_TYPES = ['0610 x 0160mm', '0762 x 0762mm', '0610 x 0915mm'];
const TABLE = [
  { year: 2014, category: 'Furniture', title: 'rac_basic_sample_family', types: FURNITURE_TYPES },
  { year: 2015, category: 'Furniture', title: 'rac_basic_sample_family', types: FURNITURE_TYPES },
  { year: 2016, category: 'Furniture', title: 'rac_basic_sample_family1', types: FURNITURE_TYPES },
  { year: 2017, category: 'Furniture', title: 'rac_basic_sample_family', types: FURNITURE_TYPES },
  { year: 2018, category: 'Structural Trusses', title: 'rst_basic_sample_family1', types: ['Standard'] },
  { year: 2019, category: 'Structural Trusses', title: 'rst_basic_sample_family', types: ['Standard'] },
  {
    year: 2020,
    category: 'Structural Trusses',
    title: '6cf3114324c14f659dc88ad700c786d7',
    types: ['Standard'],
  },
  { year: 2021, category: 'Structural Trusses', title: 'rst_basic_sample_family', types: ['Standard'] },
  { year: 2022, category: 'Structural Trusses', title: 'rst_basic_sample_family', types: ['Standard'] },
  { year: 2023, category: 'Structural Trusses', title: 'rst_basic_sample_family1', types: ['Standard'] },
  { year: 2024, category: 'Furniture', title: 'racbasicsamplefamily', types: FURNITURE_TYPES },
];

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

type TFamily = Record<string, unknown> & {
  revitFamilyId: number;
  revitFamilyName: string;
  revitVersion: string | null;
  revitFamilyFileHash: string | null;
  downloads: number;
  tifStatus: string;
};
type TVersion = {
  versionId: number;
  revitVersion: string;
  sha256: string;
  current: boolean;
  fileName: string;
};
type TUpload = {
  uploadId: string;
  fileName: string;
  size: number;
  sha256: string;
  contents: {
    revitVersion: string;
    revitCategory: string | null;
    title: string | null;
    types: Array<{ typeName: string }>;
    hasPreview: boolean;
  };
  previewBase64: string | null;
  suggestions: { revitFamilyName: string; categoryId: number | null; tags: string[] };
};
type TDetail = { key: string; values?: Record<string, string | number>; field?: string };

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
const detailsOf = (body: Record<string, unknown>) => body.errorDetails as TDetail[];

async function upload(token: string, content: Buffer, fileName = 'family.rfa') {
  const { payload, headers } = multipartFile(content, fileName);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/family/upload',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
  return { status: answer.statusCode, body: answer.json<Record<string, unknown>>() };
}

async function uploaded(token: string, content: Buffer, fileName?: string): Promise<TUpload> {
  const answer = await upload(token, content, fileName);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.upload as TUpload;
}

async function save(token: string, family: Record<string, unknown>, url = '/api/family/save') {
  return t.call('POST', url, { token, body: { revitFamilyInfos: [family] } });
}

async function made(token: string, family: Record<string, unknown>): Promise<TFamily> {
  const saved = await save(token, family);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return (saved.body.revitFamilyInfos as TFamily[])[0]!;
}

async function get(id: number, token = admin) {
  const got = await t.call('GET', `/api/family/get/${id}`, { token });
  expect(got.status, JSON.stringify(got.body)).toBe(200);
  return (
    got.body.revitFamilyInfos as Array<
      TFamily & { revitFamilyTypes: Array<{ typeName: string }>; revitFamilyVersions: TVersion[] }
    >
  )[0]!;
}

/** A download ticket's link for the family (and version), asked for with `token`. */
async function ticketLink(
  token: string,
  revitFamilyId: number,
  versionId?: number,
): Promise<{ url: string; expiresAt: string }> {
  const issued = await t.call('POST', '/api/family/download/ticket', {
    token,
    body: { revitFamilyId, ...(versionId ? { versionId } : {}) },
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body as unknown as { url: string; expiresAt: string };
}

function download(
  id: number,
  options: { token?: string; headers?: Record<string, string>; query?: string } = {},
) {
  return t.app.inject({
    method: 'GET',
    url: `/api/family/download/content/${id}${options.query ?? ''}`,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  });
}

async function familiesNamed(name: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(revitFamilies)
    .where(eq(revitFamilies.name, name));
  return row?.n ?? 0;
}

/** A fixture with fresh bytes appended in a stream no reader looks at: same family, new SHA-256. */
function variant(year: number): Buffer {
  const container = CFB.read(fixture(year), { type: 'buffer' });
  CFB.utils.cfb_add(container, `Salt${randomBytes(4).toString('hex')}`, randomBytes(64));
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

describe('family upload', () => {
  it('reads all eleven fixtures through the streaming upload', async () => {
    for (const row of TABLE) {
      const content = fixture(row.year);
      const answer = await uploaded(admin, content, `family-${row.year}.rfa`);
      expect(answer, String(row.year)).toMatchObject({
        fileName: `family-${row.year}.rfa`,
        size: content.length,
        sha256: sha256(content),
        contents: {
          revitVersion: String(row.year),
          revitCategory: row.category,
          title: row.title,
          hasPreview: true,
        },
      });
      expect(answer.uploadId).toMatch(/^[0-9a-f]{32}$/);
      expect(answer.contents.types.map((type) => type.typeName)).toEqual(row.types);
      expect((await sharp(Buffer.from(answer.previewBase64!, 'base64')).metadata()).format).toBe('png');
      expect(answer.suggestions.revitFamilyName).toBe(row.year === 2020 ? 'family-2020' : row.title);
      expect(answer.suggestions.tags).toEqual([row.category]);
    }
  });

  it('saves with the upload id, suggests a category named like the file, and spends the id', async () => {
    const name = unique('chair');
    const categoryName = 'Furniture';
    const existing = await t.call('POST', '/api/category/find', {
      token: admin,
      body: { names: [categoryName] },
    });
    if (existing.body.totalCount === 0)
      await t.call('POST', '/api/category/save', {
        token: admin,
        body: { categoryInfos: [{ categoryName }] },
      });
    const answer = await uploaded(admin, fixture(2017), 'chair.rfa');
    expect(answer.suggestions.categoryId).toEqual(expect.any(Number));
    const family = await made(admin, { revitFamilyName: name, revitFamilyUploadId: answer.uploadId });
    expect(family).toMatchObject({
      revitVersion: '2017',
      revitFamilyFileName: 'chair.rfa',
      revitFamilyFileHash: sha256(fixture(2017)),
      revitCategory: 'Furniture',
      typeSource: 'partAtom',
      typeCount: 3,
    });
    expect(family.revitFamilyPictureHash).toMatch(/^[0-9a-f]{64}$/);
    const again = await save(admin, {
      revitFamilyName: unique('again'),
      revitFamilyUploadId: answer.uploadId,
    });
    expect(again.status).toBe(400);
    expect(detailsOf(again.body)[0]).toMatchObject({ key: 'uploadNotFound', field: 'revitFamilyUploadId' });
  });

  it("refuses another user's upload id (400 uploadNotFound) and a file sent both ways", async () => {
    const owner = await signedInUser(t, { role: 'partnerrole' });
    const other = await signedInUser(t, { role: 'partnerrole', companyId: owner.companyId });
    const answer = await uploaded(owner.authToken, fixture(2018));
    const name = unique('stolen');
    const stolen = await save(other.authToken, {
      revitFamilyName: name,
      revitFamilyUploadId: answer.uploadId,
    });
    expect(stolen.status).toBe(400);
    expect(detailsOf(stolen.body)[0]).toMatchObject({ key: 'uploadNotFound', field: 'revitFamilyUploadId' });
    expect(await familiesNamed(name)).toBe(0);
    const both = await save(owner.authToken, {
      revitFamilyName: name,
      revitFamilyUploadId: answer.uploadId,
      revitFamilyFileBase64: fixture(2018).toString('base64'),
    });
    expect(both.status).toBe(400);
    const mine = await made(owner.authToken, { revitFamilyName: name, revitFamilyUploadId: answer.uploadId });
    expect(mine).toMatchObject({ tifStatus: 'RfA', revitVersion: '2018' });
  });

  it('stores the same content once, whichever path it comes by', async () => {
    const content = variant(2015);
    const hash = sha256(content);
    const first = await uploaded(admin, content, 'a.rfa');
    expect(first.sha256).toBe(hash);
    const before = storedFiles(t);
    const second = await uploaded(admin, content, 'b.rfa');
    expect(second.sha256).toBe(hash);
    expect(second.uploadId).not.toBe(first.uploadId);
    const viaBase64 = await made(admin, {
      revitFamilyName: unique('b64'),
      revitFamilyFileBase64: content.toString('base64'),
    });
    const viaUpload = await made(admin, {
      revitFamilyName: unique('up'),
      revitFamilyUploadId: second.uploadId,
    });
    expect(viaBase64.revitFamilyFileHash).toBe(hash);
    expect(viaUpload.revitFamilyFileHash).toBe(hash);
    expect(storedFiles(t).sort()).toEqual(before.sort());
    expect(storedFiles(t).filter((entry) => entry.endsWith(hash))).toHaveLength(1);
    expect(await fileRows(t, hash)).toBe(1);
    const downloaded = await download(viaUpload.revitFamilyId, { token: admin });
    expect(downloaded.rawPayload.equals(content)).toBe(true);
  });

  it('answers 415 for a file that is no compound document and stores nothing', async () => {
    const content = Buffer.concat([Buffer.from('PK\u0003\u0004 not a revit family '), randomBytes(2000)]);
    const hash = sha256(content);
    const before = storedFiles(t);
    const byUpload = await upload(admin, content, 'fake.rfa');
    expect(byUpload.status).toBe(415);
    expect(detailsOf(byUpload.body)[0]).toMatchObject({ key: 'rfaNotCompound', field: 'file' });
    const name = unique('fake');
    const byBase64 = await save(admin, {
      revitFamilyName: name,
      revitFamilyFileBase64: content.toString('base64'),
    });
    expect(byBase64.status).toBe(415);
    expect(detailsOf(byBase64.body)[0]).toMatchObject({
      key: 'rfaNotCompound',
      field: 'revitFamilyFileBase64',
    });
    expect(await fileRows(t, hash)).toBe(0);
    expect(await familiesNamed(name)).toBe(0);
    expect(storedFiles(t).sort()).toEqual(before.sort());
    expect(await t.services.files.sizeOf(hash)).toBeNull();
    const empty = await upload(admin, Buffer.alloc(0), 'empty.rfa');
    expect(empty.status).toBe(415);
  });

  it('answers 422 for a truncated family and for a compound document without BasicFileInfo', async () => {
    const full = fixture(2022);
    for (const cut of [full.subarray(0, 1024), full.subarray(0, Math.floor(full.length / 2))]) {
      const answer = await upload(admin, cut, 'cut.rfa');
      expect(answer.status, String(cut.length)).toBe(422);
      expect(detailsOf(answer.body)[0]!.key).toBe('rfaTruncated');
      expect(await fileRows(t, sha256(cut))).toBe(0);
    }
    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, 'Contents', randomBytes(5000));
    const foreign = Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
    const answer = await upload(admin, foreign, 'word.doc');
    expect(answer.status).toBe(422);
    expect(detailsOf(answer.body)[0]).toMatchObject({ key: 'rfaNoBasicFileInfo', field: 'file' });
    const name = unique('foreign');
    const saved = await save(admin, {
      revitFamilyName: name,
      revitFamilyFileBase64: foreign.toString('base64'),
    });
    expect(saved.status).toBe(422);
    expect(await familiesNamed(name)).toBe(0);
    expect(await fileRows(t, sha256(foreign))).toBe(0);
  });

  it('answers 400 without a file part, 401 without a token and 403 to an end user', async () => {
    const notMultipart = await t.call('POST', '/api/family/upload', { token: admin, body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/family/upload',
      ...multipartFile(fixture(2014), 'a.rfa'),
    });
    expect(anonymous.statusCode).toBe(401);
    const reader = await signedInUser(t, { role: 'userrole' });
    expect((await upload(reader.authToken, fixture(2014))).status).toBe(403);
    const [pending] = await t.database.db
      .select({ n: count() })
      .from(familyUploads)
      .where(inArray(familyUploads.userId, [reader.id]));
    expect(pending?.n).toBe(0);
  });

  it('answers 400 notValid body to a malformed multipart body, storing nothing and leaving no temporary file', async () => {
    const uploader = await signedInUser(t, { role: 'partnerrole' });
    const content = variant(2016);
    const { payload, headers } = multipartFile(content, 'family.rfa');
    const boundary = headers['content-type'].split('boundary=')[1]!;
    const cases: Array<[string, string, Buffer]> = [
      ['no boundary', 'multipart/form-data', payload],
      ['another boundary', `multipart/form-data; boundary=${boundary}x`, payload],
      ['cut in the file', headers['content-type'], payload.subarray(0, payload.length - 1000)],
      ['cut before the closing boundary', headers['content-type'], payload.subarray(0, payload.length - 8)],
      ['cut in the part header', headers['content-type'], payload.subarray(0, 40)],
    ];
    const before = storedFiles(t);
    for (const [label, contentType, body] of cases) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/family/upload',
        headers: { 'content-type': contentType, authorization: `Bearer ${uploader.authToken}` },
        payload: body,
      });
      expect(answer.statusCode, label).toBe(400);
      expect(answer.json(), label).toMatchObject({
        responseCode: 400,
        errorDetails: [{ key: 'notValid', values: { name: 'body' }, field: 'body' }],
      });
      expect(storedFiles(t).sort(), label).toEqual(before.sort());
    }
    expect(await fileRows(t, sha256(content))).toBe(0);
    const [pending] = await t.database.db
      .select({ n: count() })
      .from(familyUploads)
      .where(eq(familyUploads.userId, uploader.id));
    expect(pending?.n).toBe(0);
  });
});

describe('family type catalogs', () => {
  const CATALOG = [
    ',Width##LENGTH##MILLIMETERS,Top Material##OTHER##',
    'Zephyr 600,600,Oak',
    '"Zephyr 900, wide",900,"Walnut ""dark"""',
    '',
  ].join('\r\n');

  it('takes a catalog as the types (searchable), and null brings back the part atom types', async () => {
    const tag = unique('cat');
    const family = await made(admin, {
      revitFamilyName: `${tag} catalogued`,
      revitFamilyFileBase64: fixture(2016).toString('base64'),
      typeCatalogText: CATALOG,
      typeCatalogFileName: 'table.txt',
    });
    expect(family).toMatchObject({ typeSource: 'catalog', typeCount: 2, typeCatalogFileName: 'table.txt' });
    const detail = await get(family.revitFamilyId);
    expect(detail.revitFamilyTypes).toEqual([
      {
        typeName: 'Zephyr 600',
        parameters: [
          { name: 'Width', value: '600', unit: 'MILLIMETERS', dataType: 'LENGTH' },
          { name: 'Top Material', value: 'Oak', unit: null, dataType: 'OTHER' },
        ],
      },
      {
        typeName: 'Zephyr 900, wide',
        parameters: [
          { name: 'Width', value: '900', unit: 'MILLIMETERS', dataType: 'LENGTH' },
          { name: 'Top Material', value: 'Walnut "dark"', unit: null, dataType: 'OTHER' },
        ],
      },
    ]);
    const found = await t.call('POST', '/api/family/find', {
      token: admin,
      body: { search: `${tag} zephyr wide` },
    });
    expect((found.body.revitFamilyInfos as TFamily[]).map((f) => f.revitFamilyId)).toEqual([
      family.revitFamilyId,
    ]);

    // A new file keeps the catalog's types.
    const newFile = await save(
      admin,
      {
        revitFamilyId: family.revitFamilyId,
        revitFamilyName: family.revitFamilyName,
        revitFamilyFileBase64: fixture(2017).toString('base64'),
      },
      '/api/family/update',
    );
    expect((newFile.body.revitFamilyInfos as TFamily[])[0]).toMatchObject({
      revitVersion: '2017',
      typeSource: 'catalog',
      typeCount: 2,
    });

    const removed = await save(
      admin,
      { revitFamilyId: family.revitFamilyId, revitFamilyName: family.revitFamilyName, typeCatalogText: null },
      '/api/family/update',
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((removed.body.revitFamilyInfos as TFamily[])[0]).toMatchObject({
      typeSource: 'partAtom',
      typeCount: 3,
      typeCatalogFileName: null,
    });
    expect((await get(family.revitFamilyId)).revitFamilyTypes.map((type) => type.typeName)).toEqual(
      FURNITURE_TYPES,
    );
    const gone = await t.call('POST', '/api/family/find', {
      token: admin,
      body: { search: `${tag} zephyr` },
    });
    expect(gone.body.totalCount).toBe(0);
  });

  it('answers 422 on typeCatalogText with the line for malformed catalogs, changing nothing', async () => {
    const family = await made(admin, {
      revitFamilyName: unique('bad cat'),
      revitFamilyFileBase64: fixture(2014).toString('base64'),
    });
    const cases: Array<{ text: string; key: string; line?: number }> = [
      { text: 'Width,Height\n1,2', key: 'typeCatalogHeader' },
      { text: ',Width##LENGTH\nA,1', key: 'typeCatalogColumn' },
      { text: ',Width##LENGTH##MILLIMETERS\nA,1\nB,2,3', key: 'typeCatalogColumns', line: 3 },
      { text: ',Width##LENGTH##MILLIMETERS\n\nA,1\n"B,2', key: 'typeCatalogQuote', line: 4 },
      { text: ',Width##LENGTH##MILLIMETERS\nA,1\n,2', key: 'typeCatalogTypeName', line: 3 },
      { text: ',Width##LENGTH##MILLIMETERS\nA,1\na,2', key: 'typeCatalogRepeated', line: 3 },
      { text: ',Width##LENGTH##MILLIMETERS\n\n', key: 'typeCatalogEmpty' },
    ];
    for (const { text, key, line } of cases) {
      const answer = await save(
        admin,
        { revitFamilyId: family.revitFamilyId, revitFamilyName: 'changed', typeCatalogText: text },
        '/api/family/update',
      );
      expect(answer.status, text).toBe(422);
      const [detail] = detailsOf(answer.body);
      expect(detail, text).toMatchObject({ key, field: 'typeCatalogText' });
      if (line !== undefined) {
        expect(detail!.values?.line, text).toBe(line);
        expect(answer.body.errorMessages[1], text).toContain(`line ${line}`);
      }
    }
    const created = unique('bad new');
    expect((await save(admin, { revitFamilyName: created, typeCatalogText: 'nonsense' })).status).toBe(422);
    expect(await familiesNamed(created)).toBe(0);
    const after = await get(family.revitFamilyId);
    expect(after).toMatchObject({
      revitFamilyName: family.revitFamilyName,
      typeSource: 'partAtom',
      typeCount: 3,
    });
  });
});

describe('family pictures', () => {
  it("uses the file's preview, keeps one's own picture over a new file, and null goes back to the preview", async () => {
    const own = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const family = await made(admin, {
      revitFamilyName: unique('pic'),
      revitFamilyFileBase64: fixture(2014).toString('base64'),
    });
    const preview = family.revitFamilyPictureHash as string;
    expect(family.revitFamilyPictureFileName).toBe('preview.png');
    const update = (fields: Record<string, unknown>) =>
      save(
        admin,
        { revitFamilyId: family.revitFamilyId, revitFamilyName: family.revitFamilyName, ...fields },
        '/api/family/update',
      ).then((answer) => {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return (answer.body.revitFamilyInfos as TFamily[])[0]!;
      });
    const withOwn = await update({
      revitFamilyPictureBase64: own.toString('base64'),
      revitFamilyPictureFileName: 'mine.png',
    });
    expect(withOwn).toMatchObject({
      revitFamilyPictureHash: sha256(own),
      revitFamilyPictureFileName: 'mine.png',
    });
    const newFile = await update({ revitFamilyFileBase64: fixture(2019).toString('base64') });
    expect(newFile).toMatchObject({ revitVersion: '2019', revitFamilyPictureHash: sha256(own) });
    const back = await update({ revitFamilyPictureBase64: null });
    expect(back.revitFamilyPictureHash).toMatch(/^[0-9a-f]{64}$/);
    expect(back.revitFamilyPictureHash).not.toBe(sha256(own));
    expect(back.revitFamilyPictureFileName).toBe('preview.png');
    // The current (2019) file's own preview, not the first file's.
    expect(back.revitFamilyPictureHash).not.toBe(preview);
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/picture/${back.revitFamilyPictureHash as string}`,
    });
    expect(served.statusCode).toBe(200);
    const refused = await save(
      admin,
      {
        revitFamilyId: family.revitFamilyId,
        revitFamilyName: family.revitFamilyName,
        revitFamilyPictureBase64: Buffer.from('<svg/>').toString('base64'),
      },
      '/api/family/update',
    );
    expect(refused.status).toBe(415);
  });

  it('answers 415 notAPicture to a PNG that does not decode, storing neither the picture nor the family', async () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(6000, 0);
    header.writeUInt32BE(6000, 4);
    header[8] = 8;
    header[9] = 2;
    const chunk = (type: string, data: Buffer) => {
      const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const [length, crc] = [Buffer.alloc(4), Buffer.alloc(4)];
      length.writeUInt32BE(data.length);
      crc.writeUInt32BE(zlib.crc32(typed));
      return Buffer.concat([length, typed, crc]);
    };
    // The header claims 6000x6000 pixels; 100 bytes of them follow.
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', randomBytes(100)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const before = storedFiles(t);
    const name = unique('broken pic');
    const answer = await save(admin, {
      revitFamilyName: name,
      revitFamilyPictureBase64: broken.toString('base64'),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(415);
    expect(detailsOf(answer.body)).toEqual([
      { key: 'notAPicture', values: { name: 'revitFamilyPictureBase64' }, field: 'revitFamilyPictureBase64' },
    ]);
    expect(await familiesNamed(name)).toBe(0);
    expect(await fileRows(t, sha256(broken))).toBe(0);
    expect(storedFiles(t).sort()).toEqual(before.sort());
  });
});

describe('family download', () => {
  it('answers 401 without a token or ticket and 403 to a token without contentmanagement.read', async () => {
    const family = await made(admin, {
      revitFamilyName: unique('dl'),
      revitFamilyFileBase64: fixture(2014).toString('base64'),
    });
    expect((await download(family.revitFamilyId)).statusCode).toBe(401);
    const role = await makeRole(t, ['usermanagement.read']);
    const outsider = await signedInUser(t, { role: role.roleName });
    const refused = await download(family.revitFamilyId, { token: outsider.authToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ responseCode: 403 });
    expect((await download(family.revitFamilyId, { token: 'not-a-token' })).statusCode).toBe(401);
    expect((await get(family.revitFamilyId)).downloads).toBe(0);
  });

  it('sends the file with name, length and ETag; 304, ranges and 416; counts only full downloads', async () => {
    const content = fixture(2020);
    const family = await made(admin, {
      revitFamilyName: unique('dl'),
      revitFamilyFileName: 'Truss ü "x".rfa',
      revitFamilyFileBase64: content.toString('base64'),
    });
    const hash = sha256(content);
    const full = await download(family.revitFamilyId, { token: admin });
    expect(full.statusCode).toBe(200);
    expect(full.headers).toMatchObject({
      etag: `"${hash}"`,
      'content-type': 'application/octet-stream',
      'content-length': String(content.length),
      'accept-ranges': 'bytes',
    });
    expect(full.headers['content-disposition']).toBe(
      `attachment; filename="Truss _ _x_.rfa"; filename*=UTF-8''${encodeURIComponent('Truss ü "x".rfa')}`,
    );
    expect(full.rawPayload.equals(content)).toBe(true);
    expect((await get(family.revitFamilyId)).downloads).toBe(1);

    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/family/download/content/${family.revitFamilyId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({ etag: `"${hash}"`, 'content-length': String(content.length) });
    expect(head.rawPayload.length).toBe(0);
    expect((await get(family.revitFamilyId)).downloads).toBe(1);

    const notModified = await download(family.revitFamilyId, {
      token: admin,
      headers: { 'if-none-match': `"${hash}"` },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    const anyTag = await download(family.revitFamilyId, { token: admin, headers: { 'if-none-match': '*' } });
    expect(anyTag.statusCode).toBe(304);
    expect(anyTag.rawPayload.length).toBe(0);

    const middle = await download(family.revitFamilyId, {
      token: admin,
      headers: { range: 'bytes=1000-1999' },
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000-1999/${content.length}`);
    expect(middle.headers['content-length']).toBe('1000');
    expect(middle.rawPayload.equals(content.subarray(1000, 2000))).toBe(true);

    const tail = await download(family.revitFamilyId, { token: admin, headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(content.subarray(content.length - 100))).toBe(true);
    const open = await download(family.revitFamilyId, {
      token: admin,
      headers: { range: `bytes=${content.length - 10}-` },
    });
    expect(open.headers['content-range']).toBe(
      `bytes ${content.length - 10}-${content.length - 1}/${content.length}`,
    );

    const past = await download(family.revitFamilyId, {
      token: admin,
      headers: { range: `bytes=${content.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${content.length}`);
    expect((await get(family.revitFamilyId)).downloads).toBe(1);

    // A range from the first byte starts a download: counted once.
    const start = await download(family.revitFamilyId, { token: admin, headers: { range: 'bytes=0-99' } });
    expect(start.statusCode).toBe(206);
    expect((await get(family.revitFamilyId)).downloads).toBe(2);
  });

  it('downloads through a ticket without a token, and refuses a ticket for another family, forged or expired', async () => {
    const company = await makeCompany(t);
    const reader = await signedInUser(t, { role: 'userrole', companyId: company.id });
    const content = fixture(2023);
    const family = await made(admin, {
      revitFamilyName: unique('tk'),
      revitFamilyFileBase64: content.toString('base64'),
    });
    const other = await made(admin, {
      revitFamilyName: unique('tk'),
      revitFamilyFileBase64: fixture(2014).toString('base64'),
    });
    const { url, expiresAt } = await ticketLink(reader.authToken, family.revitFamilyId);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(url).toMatch(new RegExp(`^/api/family/download/content/${family.revitFamilyId}\\?ticket=`));
    const byTicket = await t.app.inject({ method: 'GET', url });
    expect(byTicket.statusCode).toBe(200);
    expect(byTicket.rawPayload.equals(content)).toBe(true);
    expect((await get(family.revitFamilyId)).downloads).toBe(1);

    const ticket = new URL(url, 'http://x').searchParams.get('ticket')!;
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/family/download/content/${other.revitFamilyId}?ticket=${encodeURIComponent(ticket)}`,
    });
    expect(elsewhere.statusCode).toBe(401);
    const [body, signature] = ticket.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, f: other.revitFamilyId })).toString(
      'base64url',
    );
    for (const forged of [
      `${forgedBody}.${signature}`,
      `${body}.${signature.slice(0, -2)}AA`,
      `${body}.${signature}.x`,
      body,
      'x.y',
      '',
    ]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/family/download/content/${forged.startsWith(forgedBody) ? other.revitFamilyId : family.revitFamilyId}?ticket=${encodeURIComponent(forged)}`,
      });
      expect(answer.statusCode, forged).toBe(401);
    }
    const versionId = (await get(family.revitFamilyId)).revitFamilyVersions[0]!.versionId;
    const versionUrl = (await ticketLink(reader.authToken, family.revitFamilyId, versionId)).url;
    expect(versionUrl).toContain(`versionId=${versionId}`);
    expect((await t.app.inject({ method: 'GET', url: versionUrl })).statusCode).toBe(200);
    // The same ticket for the current file (no versionId) does not open it.
    expect(
      (await t.app.inject({ method: 'GET', url: versionUrl.replace(`versionId=${versionId}&`, '') }))
        .statusCode,
    ).toBe(401);
    expect((await get(family.revitFamilyId)).downloads).toBe(2);

    const later = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    try {
      const expired = await t.app.inject({ method: 'GET', url });
      expect(expired.statusCode).toBe(401);
    } finally {
      later.mockRestore();
    }
    expect((await get(family.revitFamilyId)).downloads).toBe(2);
    expect((await get(other.revitFamilyId)).downloads).toBe(0);
  });

  it('refuses a ticket once its family is removed, as the reader who holds it is refused the family', async () => {
    const reader = await signedInUser(t, { role: 'userrole', companyId: (await makeCompany(t)).id });
    const family = await made(admin, {
      revitFamilyName: unique('gone'),
      revitFamilyFileBase64: fixture(2019).toString('base64'),
    });
    const { url } = await ticketLink(reader.authToken, family.revitFamilyId);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const removed = await t.call('POST', '/api/family/update', {
      token: admin,
      body: {
        revitFamilyInfos: [
          { revitFamilyId: family.revitFamilyId, revitFamilyName: family.revitFamilyName, tifAction: 'r' },
        ],
      },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(
      (await t.call('GET', `/api/family/get/${family.revitFamilyId}`, { token: reader.authToken })).status,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('family versions', () => {
  it('keeps every file, lists them newest first, and an admin makes an earlier one current at once', async () => {
    const first = fixture(2021);
    const second = fixture(2024);
    const family = await made(admin, {
      revitFamilyName: unique('ver'),
      revitFamilyFileName: 'v1.rfa',
      revitFamilyFileBase64: first.toString('base64'),
    });
    const updated = await save(
      admin,
      {
        revitFamilyId: family.revitFamilyId,
        revitFamilyName: family.revitFamilyName,
        revitFamilyFileName: 'v2.rfa',
        revitFamilyFileBase64: second.toString('base64'),
      },
      '/api/family/update',
    );
    expect((updated.body.revitFamilyInfos as TFamily[])[0]).toMatchObject({
      revitVersion: '2024',
      revitFamilyFileHash: sha256(second),
    });
    const detail = await get(family.revitFamilyId);
    expect(detail.revitFamilyVersions.map((v) => [v.fileName, v.revitVersion, v.sha256, v.current])).toEqual([
      ['v2.rfa', '2024', sha256(second), true],
      ['v1.rfa', '2021', sha256(first), false],
    ]);
    const [newer, older] = detail.revitFamilyVersions as [TVersion, TVersion];

    const byVersion = await download(family.revitFamilyId, {
      token: admin,
      query: `?versionId=${older.versionId}`,
    });
    expect(byVersion.statusCode).toBe(200);
    expect(byVersion.rawPayload.equals(first)).toBe(true);
    expect(byVersion.headers['content-disposition']).toContain('v1.rfa');
    expect((await download(family.revitFamilyId, { token: admin })).rawPayload.equals(second)).toBe(true);

    const back = await t.call('POST', '/api/family/version/current', {
      token: admin,
      body: { revitFamilyId: family.revitFamilyId, versionId: older.versionId },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((back.body.revitFamilyInfos as TFamily[])[0]).toMatchObject({
      revitFamilyId: family.revitFamilyId,
      revitVersion: '2021',
      revitFamilyFileHash: sha256(first),
      revitCategory: 'Structural Trusses',
      typeCount: 1,
      tifStatus: 'A',
    });
    const after = await get(family.revitFamilyId);
    expect(after.revitFamilyVersions.map((v) => [v.versionId, v.current])).toEqual([
      [newer.versionId, false],
      [older.versionId, true],
    ]);
    expect((await download(family.revitFamilyId, { token: admin })).rawPayload.equals(first)).toBe(true);

    // A version of another family is not found here.
    const stranger = await made(admin, {
      revitFamilyName: unique('ver'),
      revitFamilyFileBase64: first.toString('base64'),
    });
    const foreign = await t.call('POST', '/api/family/version/current', {
      token: admin,
      body: { revitFamilyId: stranger.revitFamilyId, versionId: older.versionId },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await download(stranger.revitFamilyId, { token: admin, query: `?versionId=${older.versionId}` }))
        .statusCode,
    ).toBe(404);
  });

  it("turns a partner's make-current into a change request carrying that version", async () => {
    const company = await makeCompany(t);
    const partner = await signedInUser(t, { role: 'partnerrole', companyId: company.id });
    const first = fixture(2015);
    const second = fixture(2019);
    const family = await made(admin, {
      revitFamilyName: unique('pver'),
      companyId: company.id,
      revitFamilyFileBase64: first.toString('base64'),
    });
    await save(
      admin,
      {
        revitFamilyId: family.revitFamilyId,
        revitFamilyName: family.revitFamilyName,
        revitFamilyFileBase64: second.toString('base64'),
      },
      '/api/family/update',
    );
    const older = (await get(family.revitFamilyId)).revitFamilyVersions[1]!;
    const asked = await t.call('POST', '/api/family/version/current', {
      token: partner.authToken,
      body: { revitFamilyId: family.revitFamilyId, versionId: older.versionId },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const copy = (asked.body.revitFamilyInfos as TFamily[])[0]!;
    expect(copy).toMatchObject({
      tifStatus: 'RfC',
      tifOriginalId: family.revitFamilyId,
      revitVersion: '2015',
      revitFamilyFileHash: sha256(first),
    });
    expect(copy.revitFamilyId).not.toBe(family.revitFamilyId);
    const original = await get(family.revitFamilyId);
    expect(original).toMatchObject({ revitVersion: '2019', tifTempId: copy.revitFamilyId });
    expect(original.revitFamilyVersions.find((v) => v.current)!.versionId).not.toBe(older.versionId);
    const copyDownload = await download(copy.revitFamilyId, { token: partner.authToken });
    expect(copyDownload.rawPayload.equals(first)).toBe(true);

    const approved = await save(
      admin,
      { revitFamilyId: copy.revitFamilyId, revitFamilyName: copy.revitFamilyName, tifAction: 'a' },
      '/api/family/update',
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const applied = await get(family.revitFamilyId);
    expect(applied).toMatchObject({
      revitVersion: '2015',
      revitFamilyFileHash: sha256(first),
      tifStatus: 'A',
      tifTempId: null,
    });
    expect(applied.revitFamilyVersions.map((v) => [v.versionId, v.current])).toEqual([
      [applied.revitFamilyVersions[0]!.versionId, false],
      [older.versionId, true],
    ]);
    expect(
      (await download(family.revitFamilyId, { token: partner.authToken })).rawPayload.equals(first),
    ).toBe(true);
  });
});
