import { describe, expect, it } from 'vitest';
import { LIVE_SESSION_TTL_MS, LiveSessions, REVOKED_QUIET_MS } from './live-sessions.service.ts';

const SESSION = '00000000-0000-4000-8000-000000000001';
const FAR = new Date(Date.UTC(2100, 0, 1));

/** A lookup that answers `expiresAt` and counts how often it was asked. */
function lookupOf(expiresAt: Date | undefined) {
  const lookup = async () => {
    lookup.calls += 1;
    return expiresAt;
  };
  lookup.calls = 0;
  return lookup;
}

describe('LiveSessions', () => {
  it('asks the database once for a live sign-in within its TTL, then again', async () => {
    let now = 1_000;
    const live = new LiveSessions({ now: () => now });
    const lookup = lookupOf(FAR);
    expect(await live.isLive(SESSION, 7, lookup)).toBe(true);
    now += LIVE_SESSION_TTL_MS - 1;
    expect(await live.isLive(SESSION, 7, lookup)).toBe(true);
    expect(lookup.calls).toBe(1);
    now += 1;
    expect(await live.isLive(SESSION, 7, lookup)).toBe(true);
    expect(lookup.calls).toBe(2);
  });

  it('never remembers a sign-in that is not live, nor past its expiry, nor for another user', async () => {
    let now = 1_000;
    const live = new LiveSessions({ now: () => now });
    const dead = lookupOf(undefined);
    expect(await live.isLive(SESSION, 7, dead)).toBe(false);
    expect(await live.isLive(SESSION, 7, dead)).toBe(false);
    expect(dead.calls).toBe(2);
    const expiring = lookupOf(new Date(now + 10));
    expect(await live.isLive(SESSION, 7, expiring)).toBe(true);
    now += 10;
    expect(await live.isLive(SESSION, 7, dead)).toBe(false);
    await live.isLive(SESSION, 7, lookupOf(FAR));
    expect(await live.isLive(SESSION, 8, dead)).toBe(false);
  });

  it('forgets a revoked sign-in at once, and every sign-in of a revoked user but the one kept', async () => {
    const live = new LiveSessions();
    const other = '00000000-0000-4000-8000-000000000002';
    await live.isLive(SESSION, 7, lookupOf(FAR));
    await live.isLive(other, 7, lookupOf(FAR));
    live.forgetSession(SESSION);
    expect(await live.isLive(SESSION, 7, lookupOf(undefined))).toBe(false);
    expect(await live.isLive(other, 7, lookupOf(undefined))).toBe(true);
    live.forgetUser(7, other);
    expect(await live.isLive(other, 7, lookupOf(undefined))).toBe(true);
    live.forgetUser(7);
    expect(await live.isLive(other, 7, lookupOf(undefined))).toBe(false);
  });

  it('does not remember what a lookup read before a revocation it overlapped', async () => {
    let now = 1_000;
    const live = new LiveSessions({ now: () => now });
    let answer: (value: Date | undefined) => void = () => undefined;
    const stale = live.isLive(SESSION, 7, () => new Promise((resolve) => (answer = resolve)));
    live.forgetUser(7);
    answer(FAR);
    expect(await stale).toBe(true);
    const lookup = lookupOf(undefined);
    expect(await live.isLive(SESSION, 7, lookup)).toBe(false);
    expect(lookup.calls).toBe(1);
    now += REVOKED_QUIET_MS;
    const later = lookupOf(FAR);
    await live.isLive(SESSION, 7, later);
    await live.isLive(SESSION, 7, later);
    expect(later.calls).toBe(1);
  });
});
