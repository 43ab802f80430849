import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openTestDatabase, testConfig } from '../../test/test-app.ts';
import { loggedError, MAX_LOGGED_CHARS } from './request-log.ts';

describe('request log', () => {
  it('writes one line per request with method, path, status and time when it completes', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const app = await buildApp(testConfig({ logLevel: 'info' }), await openTestDatabase(), {
      level: 'info',
      stream,
    });
    try {
      await app.inject({ method: 'GET', url: '/api/info/env' });
      const requests = lines.filter((l) => l.url === '/api/info/env');
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ method: 'GET', status: 200, msg: 'request' });
      expect(requests[0]?.ms).toEqual(expect.any(Number));
    } finally {
      await app.close();
    }
  });

  it('writes no line for a health or readiness check that passes, and one for a check that fails', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const database = await openTestDatabase();
    const app = await buildApp(testConfig({ logLevel: 'info' }), database, { level: 'info', stream });
    const checks = () => lines.filter((l) => l.url === '/api/health' || l.url === '/api/ready');
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      expect(checks()).toEqual([]);
      await database.close();
      // The last answer stands for a second (PING_REUSE_MS): past it, the closed database is asked.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
      // Liveness asks no database: the process still answers.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(checks()).toEqual([
        expect.objectContaining({ url: '/api/ready', status: 503, level: 40, msg: 'request failed' }),
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('loggedError', () => {
  it("cuts a failed query's statement and parameters instead of writing them whole", () => {
    const params = ['x'.repeat(5_000_000), ...Array.from({ length: 1_000 }, (_, index) => index)];
    const error = Object.assign(new Error(`Failed query: insert …\nparams: ${params.join(',')}`), {
      query: `insert into families values (${'$1,'.repeat(10_000)})`,
      params,
    });
    const logged = loggedError(error);
    const line = JSON.stringify(logged);
    expect(line.length).toBeLessThan(40_000);
    expect(logged.type).toBe('Error');
    expect(logged.message.startsWith('Failed query: insert')).toBe(true);
    expect(logged.message).toMatch(/… \(\d+ more characters\)$/);
    expect(logged.message.length).toBeLessThan(MAX_LOGGED_CHARS + 40);
    expect(logged.params).toHaveLength(21);
  });

  it('leaves a short error as pino writes it', () => {
    const logged = loggedError(Object.assign(new Error('boom'), { code: 'E1' }));
    expect(logged).toMatchObject({ type: 'Error', message: 'boom', code: 'E1' });
    expect(logged.stack).toContain('boom');
  });
});
