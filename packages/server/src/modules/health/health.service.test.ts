import { describe, expect, it } from 'vitest';
import type { HealthRepository } from './health.repository.ts';
import { HealthService, PING_REUSE_MS } from './health.service.ts';

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
    const health = new HealthService(repo, () => 0);
    const answers = [health.ping(), health.ping(), health.ping()];
    expect(pending).toHaveLength(1);
    pending[0]!(true);
    expect(await Promise.all(answers)).toEqual([true, true, true]);
  });

  it('reuses an answer for PING_REUSE_MS, then asks the database again', async () => {
    const { repo, pending } = fakeRepository();
    let now = 10_000;
    const health = new HealthService(repo, () => now);
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
    const health = new HealthService(repo, () => now);
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
