import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileRows, storedFiles } from '../../../test/stored-files.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { unique } from '../../../test/factories.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/rfa');

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

/** A category holding a fresh JPEG picture of the given size; answers the picture and its hash. */
async function categoryPicture(width: number, height: number) {
  const picture = await sharp({
    create: { width, height, channels: 3, background: { r: Math.floor(Math.random() * 255), g: 90, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const saved = await t.call('POST', '/api/category/save', {
    token: admin,
    body: {
      categoryInfos: [{ categoryName: unique('Pic'), categoryPictureBase64: picture.toString('base64') }],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const hash = (saved.body.categoryInfos as Array<{ categoryPictureHash: string }>)[0]!.categoryPictureHash;
  return { picture, hash };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** One PNG chunk: length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
}

/** A PNG written by hand: a header claiming `width` x `height` 8-bit RGB pixels, then `imageData` as its IDAT. */
function handMadePng(width: number, height: number, imageData: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', imageData),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Broken PNGs whose header reads fine: a fresh one (random pixels) cut at 60 bytes, and 6000x6000 with 100 bytes of pixels. */
function brokenPngs(): Array<[string, Buffer]> {
  const rows = Buffer.concat(
    Array.from({ length: 64 }, () => Buffer.concat([Buffer.from([0]), randomBytes(64 * 3)])),
  );
  return [
    ['cut at 60 bytes', handMadePng(64, 64, zlib.deflateSync(rows)).subarray(0, 60)],
    ['6000x6000 with 100 bytes of pixels', handMadePng(6000, 6000, randomBytes(100))],
  ];
}

/** The envelope of an error answer, with its caching headers. */
function refusal(answer: Awaited<ReturnType<typeof get>>) {
  return {
    status: answer.statusCode,
    type: answer.headers['content-type'],
    cacheControl: answer.headers['cache-control'],
    etag: answer.headers.etag,
    body: answer.json<{ responseCode: number; errorDetails: Array<Record<string, unknown>> }>(),
  };
}

describe('pictures by hash', () => {
  it('serves a picture with its type, length, ETag and an immutable Cache-Control, and 304 for its ETag', async () => {
    const { picture, hash } = await categoryPicture(600, 400);
    const served = await get(`/api/picture/${hash}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(Number(served.headers['content-length'])).toBe(picture.length);
    expect(served.headers.etag).toBe(`"${hash}"`);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(picture)).toBe(true);

    const again = await get(`/api/picture/${hash}`, { 'if-none-match': `"${hash}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const weak = await get(`/api/picture/${hash}`, { 'if-none-match': `"other", W/"${hash}"` });
    expect(weak.statusCode).toBe(304);
    const other = await get(`/api/picture/${hash}`, { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('serves a PNG thumbnail of at most 256 px, with its own ETag and 304', async () => {
    const { hash } = await categoryPicture(900, 300);
    const thumb = await get(`/api/picture/${hash}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = thumb.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(etag).not.toBe(`"${hash}"`);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256 });
    expect(meta.height).toBeLessThanOrEqual(256);
    expect((await get(`/api/picture/${hash}/thumbnail`, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it("serves a family's preview but never the family file itself", async () => {
    const file = fs.readFileSync(path.join(FIXTURES, 'family-2016.rfa'));
    const saved = await t.call('POST', '/api/family/save', {
      token: admin,
      body: {
        revitFamilyInfos: [
          { revitFamilyName: unique('Pic family'), revitFamilyFileBase64: file.toString('base64') },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const family = (
      saved.body.revitFamilyInfos as Array<{ revitFamilyFileHash: string; revitFamilyPictureHash: string }>
    )[0]!;
    const preview = await get(`/api/picture/${family.revitFamilyPictureHash}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    for (const url of [
      `/api/picture/${family.revitFamilyFileHash}`,
      `/api/picture/${family.revitFamilyFileHash}/thumbnail`,
    ]) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.rawPayload.includes(file.subarray(0, 8))).toBe(false);
    }
  });

  it('answers 304 to If-None-Match: * for a picture and its thumbnail', async () => {
    const { hash } = await categoryPicture(300, 200);
    for (const url of [`/api/picture/${hash}`, `/api/picture/${hash}/thumbnail`]) {
      const answer = await get(url, { 'if-none-match': '*' });
      expect(answer.statusCode, url).toBe(304);
      expect(answer.rawPayload.length, url).toBe(0);
    }
  });

  it('answers 404 fileMissing in the envelope, never cached, when a picture or its thumbnail is gone from storage', async () => {
    const { hash } = await categoryPicture(320, 240);
    const thumbnailHash = (await get(`/api/picture/${hash}/thumbnail`)).headers.etag!.toString().slice(1, -1);
    fs.rmSync(t.services.files.localPath(thumbnailHash));
    fs.rmSync(t.services.files.localPath(hash));
    const conditions: Array<Record<string, string>> = [
      {},
      { 'if-none-match': `"${hash}"` },
      { range: 'bytes=0-9' },
    ];
    for (const url of [`/api/picture/${hash}`, `/api/picture/${hash}/thumbnail`]) {
      for (const headers of conditions) {
        expect(refusal(await get(url, headers)), url).toMatchObject({
          status: 404,
          type: 'application/json; charset=utf-8',
          cacheControl: 'no-store',
          etag: undefined,
          body: { responseCode: 404, errorDetails: [{ key: 'fileMissing' }] },
        });
      }
    }

    // A picture stored without its thumbnail, whose file is gone before one is made.
    const unthumbed = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0b0c' } })
      .composite([{ input: randomBytes(16 * 16 * 3), raw: { width: 16, height: 16, channels: 3 } }])
      .png()
      .toBuffer();
    const stored = await t.services.files.storeBuffer(unthumbed, 'image/png');
    fs.rmSync(t.services.files.localPath(stored.hash));
    expect(refusal(await get(`/api/picture/${stored.hash}/thumbnail`))).toMatchObject({
      status: 404,
      cacheControl: 'no-store',
      body: { errorDetails: [{ key: 'fileMissing' }] },
    });
  });

  it('sends the envelope, never cached, when a picture fails after its headers were set', async () => {
    const { hash } = await categoryPicture(200, 100);
    const vanished = vi
      .spyOn(t.services.files, 'openRead')
      .mockImplementation(() => fs.createReadStream(`${t.services.files.localPath(hash)}.gone`));
    try {
      const answer = refusal(await get(`/api/picture/${hash}`));
      expect(answer).toMatchObject({
        status: 500,
        type: 'application/json; charset=utf-8',
        cacheControl: 'no-store',
        etag: undefined,
        body: { responseCode: 500, errorDetails: [{ key: 'internalError' }] },
      });
    } finally {
      vanished.mockRestore();
    }
  });

  it('answers 404 in the envelope, never 500, for the thumbnail of a stored picture that does not decode', async () => {
    for (const [label, broken] of brokenPngs()) {
      // As one stored before pictures were decoded on the way in.
      const stored = await t.services.files.storeBuffer(broken, 'image/png');
      for (let attempt = 0; attempt < 2; attempt++) {
        expect(refusal(await get(`/api/picture/${stored.hash}/thumbnail`)), label).toMatchObject({
          status: 404,
          cacheControl: 'no-store',
          body: { responseCode: 404, errorDetails: [{ key: 'notFound', values: { name: 'thumbnail' } }] },
        });
      }
    }
  });

  it('answers 415 notAPicture to a PNG that does not decode, and stores nothing', async () => {
    for (const [label, broken] of brokenPngs()) {
      const hash = sha256(broken);
      const before = storedFiles(t);
      const categoryName = unique('Broken');
      const saved = await t.call('POST', '/api/category/save', {
        token: admin,
        body: { categoryInfos: [{ categoryName, categoryPictureBase64: broken.toString('base64') }] },
      });
      expect(saved.status, label).toBe(415);
      expect(saved.body.errorDetails, label).toEqual([
        { key: 'notAPicture', values: { name: 'categoryPictureBase64' }, field: 'categoryPictureBase64' },
      ]);
      expect(await fileRows(t, hash), label).toBe(0);
      expect(storedFiles(t).sort(), label).toEqual(before.sort());
      expect((await get(`/api/picture/${hash}`)).statusCode, label).toBe(404);
      expect((await get(`/api/picture/${hash}/thumbnail`)).statusCode, label).toBe(404);
      const found = await t.call('POST', '/api/category/find', {
        token: admin,
        body: { names: [categoryName] },
      });
      expect(found.body.totalCount, label).toBe(0);
    }
  });

  it('answers 404 for an unknown hash and 400 for a malformed one', async () => {
    const unknown = 'ab'.repeat(32);
    expect((await get(`/api/picture/${unknown}`)).statusCode).toBe(404);
    expect((await get(`/api/picture/${unknown}/thumbnail`)).statusCode).toBe(404);
    for (const bad of [
      'abc',
      'AB'.repeat(32),
      `${'ab'.repeat(32)}0`,
      '..%2F..%2Fetc%2Fpasswd',
      'zz'.repeat(32),
    ]) {
      const answer = await get(`/api/picture/${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json()).toMatchObject({ responseCode: 400 });
    }
  });
});
