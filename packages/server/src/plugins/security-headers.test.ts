import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { apiHeadersOf, helmetHeaders } from './security-headers.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('gives every API answer, errors too, the lean set of a JSON API: nothing loads, nothing frames, nothing caches', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/api/user/me']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      // A document's headers mean nothing on JSON.
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(response.headers['x-xss-protection']).toBeUndefined();
    }
  });

  it("gives the web app and the API's reference pages the document policy", async () => {
    for (const url of ['/', '/api/docs']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['cache-control']).toBe('no-store');
  });

  it("gives the web app's hashed files the lean set, cached by the web app, not a page's policy", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-C0ffee12.js' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['cache-control']).not.toBe('no-store');
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['x-xss-protection']).toBeUndefined();
  });

  it('works the headers out once, with HSTS only when asked, on documents and API answers alike', () => {
    const withHsts = helmetHeaders({ strictTransportSecurity: true });
    expect(withHsts['strict-transport-security']).toMatch(/max-age=/);
    expect(apiHeadersOf(withHsts)['strict-transport-security']).toBe(withHsts['strict-transport-security']);
    const without = helmetHeaders({ strictTransportSecurity: false });
    expect(without['strict-transport-security']).toBeUndefined();
    expect(apiHeadersOf(without)['strict-transport-security']).toBeUndefined();
  });
});
