import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

const SERVER = Boolean(process.env.TEST_DATABASE_URL);
const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one series in Prometheus's text format, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics, open (METRICS_TOKEN unset)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts requests by route pattern and status, never by raw URL', async () => {
    await t.call('GET', '/api/health');
    await t.call('GET', '/api/health');
    await t.call('POST', '/api/user/find', { body: {} });
    await t.call('GET', '/api/no-such-route-4711');
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(
      valueOf(
        text,
        'portal_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(2);
    // A stranger's call to a guarded route counts under its pattern with its 401.
    expect(
      valueOf(
        text,
        'portal_http_request_duration_seconds_count{method="POST",route="/api/user/find",status_code="401"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('route="unmatched",status_code="404"');
    expect(text).not.toContain('no-such-route-4711');
    // Node's own, made at the first scrape.
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it.runIf(SERVER)('shows the PostgreSQL pool and the pipelined reads', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(valueOf(text, 'portal_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'portal_db_pool_connections{state="waiting"}')).toBe(0);
    expect(valueOf(text, 'portal_db_pipelined_reads{state="waiting"}')).toBe(0);
  });

  it.runIf(!SERVER)('has no pool series on the embedded database, which has no pool', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).not.toContain('portal_db_pool_connections');
  });

  it('is not an API route: it is absent from the route table and the API reference', () => {
    expect(t.app.routeTable.some((route) => route.url.includes('metrics'))).toBe(false);
  });
});

describe('/metrics behind METRICS_TOKEN', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => t.close());

  it('answers only the right bearer token; a session token or a wrong one gets 401', async () => {
    const admin = await t.login('admin', 'Admin-Passw0rd!');
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789abcdef',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      `Bearer ${admin.authToken}`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json<{ errorDetails: Array<{ key: string }> }>().errorDetails[0]?.key).toBe(
        'authTokenRequired',
      );
      expect(response.body).not.toContain('portal_http');
    }
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('portal_http_request_duration_seconds');
  });

  it('still authenticates API calls as before (the token skips sessions on /metrics only)', async () => {
    const response = await t.call('POST', '/api/user/find', { token: TOKEN, body: {} });
    expect(response.status).toBe(401);
  });
});
