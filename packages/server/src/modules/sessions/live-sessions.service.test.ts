import { describe, expect, it } from 'vitest';
import type { TAuth } from '../../lib/caller.ts';
import {
  LIVE_SESSION_TTL_MS,
  LiveSessions,
  RememberedAnswers,
  REVOKED_QUIET_MS,
  type TRevocation,
} from './live-sessions.service.ts';

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

/** A lookup that answers `found` and counts how often it was asked. */
function foundOf<F>(found: F | undefined) {
  const lookup = async () => {
    lookup.calls += 1;
    return found;
  };
  lookup.calls = 0;
  return lookup;
}

describe('RememberedAnswers', () => {
  it("answers from memory within the TTL and never past the answer's own end", async () => {
    let now = 1_000;
    const answers = new RememberedAnswers<string>({ now: () => now });
    const lookup = foundOf({ answer: 'a' });
    expect(await answers.get('k', lookup)).toBe('a');
    now += LIVE_SESSION_TTL_MS - 1;
    expect(await answers.get('k', lookup)).toBe('a');
    expect(lookup.calls).toBe(1);
    now += 1;
    await answers.get('k', lookup);
    expect(lookup.calls).toBe(2);
    const short = foundOf({ answer: 'b', until: now + 5 });
    await answers.get('s', short);
    now += 4;
    await answers.get('s', short);
    expect(short.calls).toBe(1);
    now += 1;
    await answers.get('s', short);
    expect(short.calls).toBe(2);
  });

  it('keeps a forgotten key or owner out for the quiet period, then remembers again', async () => {
    let now = 1_000;
    const answers = new RememberedAnswers<string>({ now: () => now });
    const lookup = foundOf({ answer: 'a', owner: 7 });
    await answers.get('k', lookup);
    answers.forget('k');
    await answers.get('k', lookup);
    await answers.get('k', lookup);
    expect(lookup.calls).toBe(3);
    now += REVOKED_QUIET_MS;
    await answers.get('k', lookup);
    await answers.get('k', lookup);
    expect(lookup.calls).toBe(4);
    answers.forgetOwner(7);
    await answers.get('k', lookup);
    await answers.get('k', lookup);
    expect(lookup.calls).toBe(6);
  });

  it('stays bounded: past its size the expired answers go, and if none had, all of them', async () => {
    let now = 1_000;
    const answers = new RememberedAnswers<number>({ now: () => now, maxEntries: 3 });
    const lookups = [0, 1, 2, 3].map((n) => foundOf({ answer: n, until: n === 0 ? now + 1 : undefined }));
    const ask = async (n: number) => answers.get(`k${n}`, lookups[n]!);
    for (const n of [0, 1, 2]) await ask(n);
    now += 1;
    // Full when k3 comes: k0 has expired and goes, the others stay.
    await ask(3);
    for (const n of [1, 2, 3]) await ask(n);
    expect(lookups.map((lookup) => lookup.calls)).toEqual([1, 1, 1, 1]);
    // Full again with none expired: all are forgotten.
    await answers.get('k4', foundOf({ answer: 4 }));
    await ask(1);
    expect(lookups[1]!.calls).toBe(2);
  });
});

describe('LiveSessions, API tokens', () => {
  const auth = (userId: number): TAuth => ({
    userId,
    sessionId: 'api-token:1',
    login: 'tool',
    companyId: null,
    roles: [],
    permissions: new Set(),
    selfcare: false,
    mfaSetup: false,
    isAdmin: false,
    apiToken: { id: 1, scopes: ['lookup'] },
  });

  it("remembers a token's caller until the TTL or its validUntil, and forgets it when revoked", async () => {
    let now = 1_000;
    const live = new LiveSessions({ now: () => now });
    const lookup = foundOf({ auth: auth(7), validUntil: new Date(now + 10) });
    expect((await live.apiToken('hash', lookup))?.userId).toBe(7);
    await live.apiToken('hash', lookup);
    expect(lookup.calls).toBe(1);
    now += 10;
    await live.apiToken('hash', lookup);
    expect(lookup.calls).toBe(2);
    live.forgetApiToken('hash');
    expect(await live.apiToken('hash', foundOf(undefined))).toBeUndefined();
  });

  it('forgets the tokens of a user whose sign-ins are ended, and not those of others', async () => {
    const live = new LiveSessions();
    await live.apiToken('mine', foundOf({ auth: auth(7), validUntil: FAR }));
    await live.apiToken('theirs', foundOf({ auth: auth(8), validUntil: FAR }));
    live.forgetUser(7, SESSION);
    expect(await live.apiToken('mine', foundOf(undefined))).toBeUndefined();
    expect((await live.apiToken('theirs', foundOf(undefined)))?.userId).toBe(8);
  });
});

describe('LiveSessions across instances', () => {
  it('publishes each revocation made here, and applies one made elsewhere without publishing it', async () => {
    const published: TRevocation[] = [];
    const live = new LiveSessions({ publish: (revocation) => published.push(revocation) });
    live.forgetSession(SESSION);
    live.forgetApiToken('hash');
    live.forgetUser(7, SESSION);
    expect(published).toEqual([
      { kind: 'session', sessionId: SESSION },
      { kind: 'apiToken', tokenHash: 'hash' },
      { kind: 'user', userId: 7, keepSessionId: SESSION },
    ]);
    const lookup = lookupOf(FAR);
    await live.isLive('other', 8, lookup);
    live.apply({ kind: 'user', userId: 8 });
    expect(published).toHaveLength(3);
    // Forgotten, and kept quiet: asked each time.
    await live.isLive('other', 8, lookup);
    await live.isLive('other', 8, lookup);
    expect(lookup.calls).toBe(3);
  });

  it('forgets everything remembered at once, but lets it be remembered again', async () => {
    const live = new LiveSessions();
    const lookup = lookupOf(FAR);
    await live.isLive(SESSION, 7, lookup);
    await live.isLive(SESSION, 7, lookup);
    expect(lookup.calls).toBe(1);
    live.forgetAll();
    await live.isLive(SESSION, 7, lookup);
    await live.isLive(SESSION, 7, lookup);
    expect(lookup.calls).toBe(2);
  });
});
