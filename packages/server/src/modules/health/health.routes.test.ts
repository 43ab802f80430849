import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

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
