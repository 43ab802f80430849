import { describe, expect, it, vi } from 'vitest';
import type { HealthRepository } from './health.repository.ts';
import { HealthService, PING_REUSE_MS, PROBE_TIMEOUT_MS } from './health.service.ts';

/** A repository whose pings the test answers by hand, counting them. */
function fakeRepository() {
  const pending: Array<(up: boolean) => void> = [];
  const repo = {
    kind: 'postgres' as const,
    ping: () => new Promise<boolean>((resolve) => pending.push(resolve)),
  };
  return { repo: repo as unknown as HealthRepository, pending };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('HealthService.ping', () => {
  it('shares one ping among checks that arrive while it is in flight', async () => {
    const { repo, pending } = fakeRepository();
    const health = new HealthService(repo, {}, () => 0);
    const answers = [health.ping(), health.ping(), health.ping()];
    expect(pending).toHaveLength(1);
    pending[0]!(true);
    expect(await Promise.all(answers)).toEqual([true, true, true]);
  });

  it('reuses an answer for PING_REUSE_MS, then asks the database again', async () => {
    const { repo, pending } = fakeRepository();
    let now = 10_000;
    const health = new HealthService(repo, {}, () => now);
    const first = health.ping();
    pending[0]!(true);
    await first;
    await settle();
    now += PING_REUSE_MS - 1;
    expect(await health.ping()).toBe(true);
    expect(pending).toHaveLength(1);
    now += 1;
    const second = health.ping();
    expect(pending).toHaveLength(2);
    pending[1]!(false);
    expect(await second).toBe(false);
  });

  it('reports an outage for at most PING_REUSE_MS once the database answers again', async () => {
    const { repo, pending } = fakeRepository();
    let now = 0;
    const health = new HealthService(repo, {}, () => now);
    const down = health.ping();
    pending[0]!(false);
    expect(await down).toBe(false);
    await settle();
    expect(await health.ping()).toBe(false);
    now += PING_REUSE_MS;
    const up = health.ping();
    pending[1]!(true);
    expect(await up).toBe(true);
  });
});

describe('HealthService.readiness', () => {
  it('is ready when the database and every probe answer, and names each part', async () => {
    const { repo, pending } = fakeRepository();
    const health = new HealthService(repo, { storage: async () => undefined, queue: async () => 3 });
    const answer = health.readiness();
    await settle();
    pending[0]!(true);
    expect(await answer).toEqual({ ready: true, parts: { database: true, storage: true, queue: true } });
  });

  it('names the parts that are down: a failed ping, a probe that throws', async () => {
    const { repo, pending } = fakeRepository();
    const health = new HealthService(repo, {
      storage: () => Promise.reject(new Error('read-only file system')),
      queue: async () => 0,
    });
    const answer = health.readiness();
    await settle();
    pending[0]!(false);
    expect(await answer).toEqual({ ready: false, parts: { database: false, storage: false, queue: true } });
  });

  it('counts a probe that hangs as down after PROBE_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    try {
      const { repo, pending } = fakeRepository();
      const health = new HealthService(repo, { storage: () => new Promise(() => undefined) });
      const answer = health.readiness();
      pending[0]!(true);
      await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS);
      expect(await answer).toEqual({ ready: false, parts: { database: true, storage: false } });
    } finally {
      vi.useRealTimers();
    }
  });
});
