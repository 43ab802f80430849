import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { negotiatedEncoding } from './compression.ts';

describe('negotiatedEncoding', () => {
  it('prefers brotli, then gzip, and refuses a coding given q=0', () => {
    expect(negotiatedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiatedEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiatedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiatedEncoding('BR;Q=0.2')).toBe('br');
    expect(negotiatedEncoding('*')).toBe('br');
    expect(negotiatedEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiatedEncoding('identity')).toBeUndefined();
    expect(negotiatedEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(negotiatedEncoding('gzip;q=nonsense')).toBeUndefined();
    expect(negotiatedEncoding('')).toBeUndefined();
    expect(negotiatedEncoding(undefined)).toBeUndefined();
  });
});

describe('compressed answers of the API', () => {
  let portal: TTestApp;
  let plain: string;

  beforeAll(async () => {
    portal = await createTestApp();
    const response = await portal.app.inject({ method: 'GET', url: '/api/openapi.json' });
    plain = response.body;
  }, 90_000);
  afterAll(() => portal.close());

  const get = (url: string, acceptEncoding?: string) =>
    portal.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('answers a large JSON in brotli to a browser that accepts it, and the same JSON once decoded', async () => {
    expect(plain.length).toBeGreaterThan(10_000);
    const response = await get('/api/openapi.json', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(plain.length / 4);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(plain);
  });

  it('answers gzip to a client that takes only gzip', async () => {
    const response = await get('/api/openapi.json', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(plain);
  });

  it('answers as it is to a client that accepts no coding, still saying the answer varies', async () => {
    for (const header of [undefined, 'identity', 'gzip;q=0, br;q=0']) {
      const response = await get('/api/openapi.json', header);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(plain);
    }
  });

  it('leaves a small answer as it is', async () => {
    const response = await get('/api/health', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.length).toBeLessThan(1024);
  });

  it('answers a HEAD with no body and no coding', async () => {
    const response = await portal.app.inject({
      method: 'HEAD',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(0);
  });
});
