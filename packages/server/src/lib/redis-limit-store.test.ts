import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { RateLimiter } from './rate-limiter.ts';
import { RedisLimitStore } from './redis-limit-store.ts';
import { closedPort, TEST_REDIS_URL } from '../../test/redis.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Redis limit store', () => {
  // A prefix of this run's own: tests never see another's keys, and a run leaves nothing that lasts.
  const prefix = `portal-test:${randomBytes(6).toString('hex')}:`;
  let store: RedisLimitStore;
  beforeAll(() => {
    store = new RedisLimitStore(TEST_REDIS_URL, { prefix });
  });
  afterAll(() => store.close());

  it('counts hits in a window and starts a new window once it ran out', async () => {
    expect(await store.count('window', 300)).toEqual({ hits: 1, resetsInMs: 300 });
    const second = await store.count('window', 300);
    expect(second.hits).toBe(2);
    expect(second.resetsInMs).toBeGreaterThan(0);
    expect(second.resetsInMs).toBeLessThanOrEqual(300);
    expect((await store.count('other', 300)).hits).toBe(1);
    await sleep(350);
    expect((await store.count('window', 300)).hits).toBe(1);
  });

  it('refuses hits over the limit inside the window and forgets them after it', async () => {
    const limiter = new RateLimiter(store, true);
    for (let i = 0; i < 3; i++) await limiter.hit('k', 3, 300);
    await expect(limiter.hit('k', 3, 300)).rejects.toThrow(/try again in 1 seconds/);
    await expect(limiter.hit('other-k', 3, 300)).resolves.toBeUndefined();
    await sleep(350);
    await expect(limiter.hit('k', 3, 300)).resolves.toBeUndefined();
  });

  it('counts hits that arrive at once exactly: each gets its own number', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => store.count('at-once', 60_000)));
    expect(answers.map((a) => a.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
  });

  it('spends a key once until its time, then takes it again', async () => {
    expect(await store.spend('a', Date.now() + 200)).toBe(true);
    expect(await store.spend('a', Date.now() + 200)).toBe(false);
    expect(await store.spend('b', Date.now() + 200)).toBe(true);
    await sleep(250);
    expect(await store.spend('a', Date.now() + 200)).toBe(true);
    // A time already past spends it for a moment instead of failing.
    expect(await store.spend('c', Date.now() - 1000)).toBe(true);
  });

  it('spends a key on exactly one of many tries at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => store.spend('race', Date.now() + 60_000)),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('keeps its keys under its prefix, so two prefixes never meet', async () => {
    const neighbour = new RedisLimitStore(TEST_REDIS_URL, { prefix: `${prefix}neighbour:` });
    try {
      expect(await store.spend('shared-name', Date.now() + 60_000)).toBe(true);
      expect(await neighbour.spend('shared-name', Date.now() + 60_000)).toBe(true);
      expect((await neighbour.count('window-n', 60_000)).hits).toBe(1);
    } finally {
      await neighbour.close();
    }
  });

  it('answers a PING', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe('Redis limit store when Redis does not answer', () => {
  let store: RedisLimitStore;
  beforeAll(async () => {
    store = new RedisLimitStore(`redis://127.0.0.1:${await closedPort()}`);
  });
  afterAll(() => store.close());

  it('fails fast with a 503 naming redis: no hang, no bare error', async () => {
    for (const work of [
      () => store.count('k', 1000),
      () => store.spend('k', Date.now() + 1000),
      () => store.ping(),
    ]) {
      const started = Date.now();
      const error = await work().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(Date.now() - started).toBeLessThan(2000);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(503);
      expect((error as AppError).details).toEqual(['The portal is not ready: redis not answering']);
    }
  });

  it('gives up within about a second on a server that takes the connection and never answers', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const stalled = new RedisLimitStore(`redis://127.0.0.1:${(silent.address() as net.AddressInfo).port}`);
    try {
      const started = Date.now();
      const error = await stalled.count('k', 1000).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(Date.now() - started).toBeLessThan(2500);
      expect((error as AppError).status).toBe(503);
    } finally {
      await stalled.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('closes without waiting for a connection it never had', async () => {
    const other = new RedisLimitStore(`redis://127.0.0.1:${await closedPort()}`);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(500);
  });
});
