import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { helmetHeaders } from './security-headers.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sets the content security policy and helmet headers on every answer, errors too', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('works the headers out once, with HSTS only when asked', () => {
    expect(helmetHeaders({ strictTransportSecurity: true })['strict-transport-security']).toMatch(/max-age=/);
    expect(helmetHeaders({ strictTransportSecurity: false })['strict-transport-security']).toBeUndefined();
  });
});
