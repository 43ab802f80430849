import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogOf } from '../../config.ts';
import { activity } from '../../db/schema/index.ts';
import { createTestApp, sha512Hex, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, makeUser } from '../../../test/factories.ts';
import { saveFamily } from '../../../test/firestop.ts';
import type { ActivityRepository } from './activity.repository.ts';
import { ActivityService, type TActivityEntry } from './activity.service.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ activityLog: 'off' });
});
afterAll(() => t.close());

/** The kinds of the rows the log holds about a user, in the order written. */
async function kindsOfUser(userId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ kind: activity.kind })
    .from(activity)
    .where(eq(activity.userId, userId))
    .orderBy(activity.id);
  return rows.map((row) => row.kind);
}

describe('ACTIVITY_LOG=off', () => {
  it('writes no row for a family saved, updated and downloaded, and still answers each', async () => {
    const admin = await t.adminToken();
    const companyId = (await makeCompany(t)).id;
    const family = await saveFamily(t, companyId);
    const updated = await t.call('POST', '/api/family/update', {
      token: admin,
      body: { revitFamilyInfos: [{ revitFamilyId: family.revitFamilyId, revitFamilyName: 'Renamed' }] },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((updated.body.revitFamilyInfos as Array<{ revitFamilyName: string }>)[0]!.revitFamilyName).toBe(
      'Renamed',
    );
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/family/download/content/${family.revitFamilyId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(download.statusCode).toBe(200);
    const rows = await t.database.db
      .select({ kind: activity.kind })
      .from(activity)
      .where(and(eq(activity.recordType, 'family'), eq(activity.recordId, String(family.revitFamilyId))));
    expect(rows).toEqual([]);
  });

  it('still writes the sign-in rows, the failed sign-ins and the lock, and the lock still holds', async () => {
    const user = await makeUser(t, { password: 'Careful-Passw0rd!' });
    expect((await t.login(user.login, 'Careful-Passw0rd!')).authToken).toBeTruthy();
    for (let i = 0; i < 5; i++) {
      const wrong = await t.call('POST', '/api/user/login', {
        body: { username: user.login, password: sha512Hex(`wrong${i}`) },
      });
      expect(wrong.status).toBe(401);
    }
    const locked = await t.call('POST', '/api/user/login', {
      body: { username: user.login, password: sha512Hex('Careful-Passw0rd!') },
    });
    expect(locked.status).toBe(429);
    expect(await kindsOfUser(user.id)).toEqual([
      'login',
      'login.failed',
      'login.failed',
      'login.failed',
      'login.failed',
      'login.failed',
      'login.locked',
    ]);
  });
});

describe('ActivityService.record', () => {
  const recording = (log?: 'on' | 'off') => {
    const written: string[] = [];
    const repo = {
      insert: (entry: TActivityEntry) => {
        written.push(entry.kind);
        return Promise.resolve();
      },
    } as unknown as ActivityRepository;
    return { service: new ActivityService(repo, log ? { log } : {}), written };
  };
  const KINDS = [
    'family.update',
    'family.download',
    'login',
    'login.selfcare',
    'login.failed',
    'login.locked',
  ];

  it('writes every kind by default and with on', async () => {
    for (const log of [undefined, 'on'] as const) {
      const { service, written } = recording(log);
      for (const kind of KINDS) await service.record({ kind });
      expect(written).toEqual(KINDS);
    }
  });

  it('writes only the sign-in kinds, login.failed and login.locked with off', async () => {
    const { service, written } = recording('off');
    for (const kind of [...KINDS, 'logout', 'user.update', 'token.reuse-detected'])
      await service.record({ kind });
    expect(written).toEqual(['login', 'login.selfcare', 'login.failed', 'login.locked']);
  });
});

describe('ACTIVITY_LOG', () => {
  it('reads on (also unset or empty) and off in any case, and refuses anything else', () => {
    expect(activityLogOf(undefined)).toBe('on');
    expect(activityLogOf('')).toBe('on');
    expect(activityLogOf('ON')).toBe('on');
    expect(activityLogOf(' off ')).toBe('off');
    expect(() => activityLogOf('no')).toThrow('ACTIVITY_LOG must be on or off, got "no"');
  });
});
