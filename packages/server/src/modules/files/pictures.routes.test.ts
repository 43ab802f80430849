import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
