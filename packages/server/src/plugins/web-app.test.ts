import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

const compressScript = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../scripts/compress-web.mjs',
);

const indexHtml = `<!doctype html><html><head><script type="module" src="./assets/app-C0ffee12.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const appJs = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 20}`))};\n`;
const tinyJs = 'export const tiny = 1;\n';

let web: TTestApp;
let dist: string;

/** A built web app in miniature: index.html, one hashed script over 1 KiB and one under, compressed by the real build step. */
async function fakeDist(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-dist-'));
  await fs.mkdir(path.join(folder, 'assets'));
  await fs.writeFile(path.join(folder, 'index.html'), indexHtml);
  await fs.writeFile(path.join(folder, 'assets/app-C0ffee12.js'), appJs);
  await fs.writeFile(path.join(folder, 'assets/tiny-Beef3456.js'), tinyJs);
  await promisify(execFile)(process.execPath, [compressScript, folder]);
  return folder;
}

async function get(url: string, headers: Record<string, string> = {}) {
  return web.app.inject({ method: 'GET', url, headers });
}

beforeAll(async () => {
  dist = await fakeDist();
  web = await createTestApp({ webDist: dist });
});

afterAll(async () => {
  await web.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('built web app', () => {
  it('writes brotli and gzip copies only beside files over 1 KiB', async () => {
    const files = (await fs.readdir(dist, { recursive: true })).sort();
    expect(files).toEqual([
      'assets',
      'assets/app-C0ffee12.js',
      'assets/app-C0ffee12.js.br',
      'assets/app-C0ffee12.js.gz',
      'assets/tiny-Beef3456.js',
      'index.html',
      'index.html.br',
      'index.html.gz',
    ]);
  });

  it('serves the brotli copy of a hashed file, cached for a year, when the browser accepts br', async () => {
    const response = await get('/assets/app-C0ffee12.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(appJs);
    expect(response.rawPayload.length).toBeLessThan(appJs.length / 4);
  });

  it('serves the gzip copy when the browser accepts only gzip', async () => {
    const response = await get('/assets/app-C0ffee12.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(appJs);
  });

  it('serves the file as it is when the browser accepts no compression or the file has no copy', async () => {
    const plain = await get('/assets/app-C0ffee12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(appJs);

    const tiny = await get('/assets/tiny-Beef3456.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(tiny.body).toBe(tinyJs);
  });

  it('serves index.html for / to revalidate on each visit, and answers 304 while its ETag holds', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(indexHtml);
    const etag = first.headers.etag;
    expect(etag).toEqual(expect.any(String));

    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');

    const byName = await get('/index.html', { 'accept-encoding': 'br' });
    expect(byName.headers['cache-control']).toBe('no-cache');
    expect(byName.headers.etag).toBe(etag);
  });

  it('gives each encoding its own ETag, so a cached copy is never taken for another encoding', async () => {
    const br = await get('/', { 'accept-encoding': 'br' });
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    const identity = await get('/');
    expect(new Set([br.headers.etag, gzip.headers.etag, identity.headers.etag]).size).toBe(3);
    const stale = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['content-encoding']).toBe('gzip');
  });

  it("keeps the build's own records (.vite/manifest.json) off the web", async () => {
    await fs.mkdir(path.join(dist, '.vite'));
    await fs.writeFile(path.join(dist, '.vite/manifest.json'), '{}');
    try {
      expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
    } finally {
      await fs.rm(path.join(dist, '.vite'), { recursive: true });
    }
  });

  it('leaves the API to the API: unknown /api paths answer the JSON 404', async () => {
    const response = await get('/api/no-such-route', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ responseCode: 404 });
  });
});
