import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, sha512Hex, type TTestApp } from '../../../test/test-app.ts';
import { closedPort, TEST_REDIS_URL } from '../../../test/redis.ts';

describe('/api/health and /api/ready', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness without asking the database, and readiness with every part', async () => {
    const health = await t.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok' });
    const ready = await t.call('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', parts: { database: true, storage: true } });
  });

  it('takes no body, no query and no token it does not need: strangers get the same answer', async () => {
    const ready = await t.call('GET', '/api/ready?verbose=1', { headers: { 'x-request-id': 'probe-1' } });
    expect(ready.status).toBe(200);
  });
});

describe('/api/ready when the file store cannot be written', () => {
  let t: TTestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ready-'));
    t = await createTestApp({ inMemory: false, dataDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 naming the storage, while liveness stays 200', async () => {
    // A file where the store's folder must be: nothing can be created in it.
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.writeFileSync(dataDir, 'not a folder');
    try {
      const ready = await t.call('GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.errorMessages.join(' ')).toContain('storage');
      expect(ready.body.errorDetails).toEqual([{ key: 'notReady', values: { parts: 'storage' } }]);
      expect((await t.call('GET', '/api/health')).status).toBe(200);
    } finally {
      fs.rmSync(dataDir, { force: true });
      fs.mkdirSync(dataDir);
    }
    expect((await t.call('GET', '/api/ready')).status).toBe(200);
  });
});

describe('/api/ready with REDIS_URL set', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({
      redisUrl: TEST_REDIS_URL,
      redisKeyPrefix: `portal-test:${randomBytes(6).toString('hex')}:`,
    });
  });
  afterAll(() => t.close());

  it('checks Redis beside the other parts', async () => {
    const ready = await t.call('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ parts: { database: true, storage: true, queue: true, redis: true } });
  });
});

describe('/api/ready and limited requests when Redis does not answer', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ redisUrl: `redis://127.0.0.1:${await closedPort()}`, rateLimits: true });
  });
  afterAll(() => t.close());

  it('answers 503 naming redis, while liveness stays 200', async () => {
    const ready = await t.call('GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.errorDetails).toEqual([{ key: 'notReady', values: { parts: 'redis' } }]);
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  });

  it('answers a request that asks a limit at once with 503, not a hang and not a 500', async () => {
    const started = Date.now();
    const challenge = await t.call('GET', '/api/user/challenge');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(challenge.status).toBe(503);
    expect(challenge.body.errorMessages).toContain('[Detail] The portal is not ready: redis not answering');
    const login = await t.call('POST', '/api/user/login', {
      body: { username: 'admin', password: sha512Hex(ADMIN_PASSWORD) },
    });
    expect(login.status).toBe(503);
    expect(login.body.errorDetails).toEqual([{ key: 'notReady', values: { parts: 'redis' } }]);
  });
});
