import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openTestDatabase, testConfig } from '../../test/test-app.ts';

describe('request log', () => {
  it('writes one line per request with method, path, status and time when it completes', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const app = await buildApp(testConfig({ logLevel: 'info' }), await openTestDatabase(), {
      level: 'info',
      stream,
    });
    try {
      await app.inject({ method: 'GET', url: '/api/health' });
      const requests = lines.filter((l) => l.url === '/api/health');
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ method: 'GET', status: 200, msg: 'request' });
      expect(requests[0]?.ms).toEqual(expect.any(Number));
    } finally {
      await app.close();
    }
  });
});
